{
    (%0) = "pd_op.data" () {dtype:float32,name:"a",place:Place(undefined:0),shape:[3,2],stop_gradient:[true]} : () -> tensor<3x2xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"b",place:Place(undefined:0),shape:[3,2],stop_gradient:[true]} : () -> tensor<3x2xf32>
    (%2) = "pd_op.data" () {dtype:int32,name:"i",place:Place(undefined:0),shape:[3,1],stop_gradient:[true]} : () -> tensor<3x1xi32>
    (%3) = "builtin.combine" (%0, %1) {stop_gradient:[true]} : (tensor<3x2xf32>, tensor<3x2xf32>) -> vec[tensor<3x2xf32>,tensor<3x2xf32>]
    (%4) = "pd_op.multiplex" (%3, %2) {stop_gradient:[true]} : (vec[tensor<3x2xf32>,tensor<3x2xf32>], tensor<3x1xi32>) -> tensor<3x2xf32>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
}
