{
    (%0) = "pd_op.data" () {dtype:int64,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xi64>
    (%1) = "pd_op.isnan" (%0) {stop_gradient:[true]} : (tensor<3x4xi64>) -> tensor<3x4xb>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xb>) -> tensor<3x4xb>
}
