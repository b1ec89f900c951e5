{
    (%0) = "pd_op.data" () {dtype:int32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xi32>
    (%1) = "pd_op.isfinite" (%0) {stop_gradient:[true]} : (tensor<3x4xi32>) -> tensor<3x4xb>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xb>) -> tensor<3x4xb>
}
