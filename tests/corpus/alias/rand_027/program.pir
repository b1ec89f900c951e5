{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%5) = "pd_op.subtract" (%1, %1) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%6) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%7) = "pd_op.unsqueeze" (%4, %6) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
    (%8) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
    (%9) = "pd_op.scale" (%3, %8) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    (%10) = "pd_op.fetch" (%9) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%11) = "pd_op.fetch" (%5) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
