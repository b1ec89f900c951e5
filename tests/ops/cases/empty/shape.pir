{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<f32>
    (%1) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2,3]} : () -> tensor<2xi64>
    (%2) = "pd_op.empty" (%1) {dtype:float32,place:Place(undefined:0),stop_gradient:[true]} : (tensor<2xi64>) -> tensor<2x3xf32>
    (%3) = "pd_op.shape64" (%2) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2xi64>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2xi64>) -> tensor<2xi64>
}
