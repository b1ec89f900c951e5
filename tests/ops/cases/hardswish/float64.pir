{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf64>
    (%1) = "pd_op.hardswish" (%0) {stop_gradient:[true]} : (tensor<3x4xf64>) -> tensor<3x4xf64>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xf64>) -> tensor<3x4xf64>
}
