{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%5) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%6) = "pd_op.scale" (%1, %5) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%7) = "pd_op.subtract" (%3, %3) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    (%8) = "pd_op.add_" (%7, %4) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    (%9, %10) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<1xf32>, tensor<1x1xf32> {
        (%11) = "pd_op.abs" (%7) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%12) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
        (%13) = "pd_op.reshape" (%11, %12) {stop_gradient:[true]} : (tensor<1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
        () = "cf.yield" (%11, %13) {} : (tensor<1xf32>, tensor<1x1xf32>) -> 
    } else {
        (%14) = "pd_op.cos" (%7) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%15) = "pd_op.exp_" (%14) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%16) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
        (%17) = "pd_op.reshape" (%14, %16) {stop_gradient:[true]} : (tensor<1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
        () = "cf.yield" (%14, %17) {} : (tensor<1xf32>, tensor<1x1xf32>) -> 
    }
    (%18) = "pd_op.fetch" (%10) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
    (%19) = "pd_op.fetch" (%1) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%20) = "pd_op.fetch" (%4) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%21) = "pd_op.fetch" (%3) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%22) = "pd_op.fetch" (%0) {col:4,name:"fetch_name_4",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
