{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,4],stop_gradient:[true]} : () -> tensor<2x4xf32>
    (%1) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,3]} : () -> tensor<2xi64>
    (%2) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xi32>
    (%3) = "pd_op.split" (%0, %1, %2) {stop_gradient:[true]} : (tensor<2x4xf32>, tensor<2xi64>, tensor<1xi32>) -> vec[tensor<2x1xf32>,tensor<2x3xf32>]
    (%4, %5) = "builtin.split" (%3) {stop_gradient:[true,true]} : (vec[tensor<2x1xf32>,tensor<2x3xf32>]) -> tensor<2x1xf32>, tensor<2x3xf32>
    (%6) = "pd_op.fetch" (%4) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x1xf32>) -> tensor<2x1xf32>
    (%7) = "pd_op.fetch" (%5) {col:1,name:"out1",stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
