{
    (%0) = "pd_op.data" () {dtype:float32,name:"a",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"b",place:Place(undefined:0),shape:[4,5],stop_gradient:[true]} : () -> tensor<4x5xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"c",place:Place(undefined:0),shape:[5,2],stop_gradient:[true]} : () -> tensor<5x2xf32>
    (%3) = "builtin.combine" (%0, %1, %2) {stop_gradient:[true]} : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<5x2xf32>) -> vec[tensor<3x4xf32>,tensor<4x5xf32>,tensor<5x2xf32>]
    (%4) = "pd_op.multi_dot" (%3) {stop_gradient:[true]} : (vec[tensor<3x4xf32>,tensor<4x5xf32>,tensor<5x2xf32>]) -> tensor<3x2xf32>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
}
