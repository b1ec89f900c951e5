{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3,4],stop_gradient:[true]} : () -> tensor<2x3x4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    (%2) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2,3,4]} : () -> tensor<3xi64>
    (%3) = "pd_op.expand" (%0, %2) {stop_gradient:[true]} : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
    (%4) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2,3,4]} : () -> tensor<3xi64>
    (%5) = "pd_op.expand" (%1, %4) {stop_gradient:[true]} : (tensor<4xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
    (%6) = "pd_op.atan2" (%3, %5) {stop_gradient:[true]} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    (%7) = "pd_op.fetch" (%6) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
}
