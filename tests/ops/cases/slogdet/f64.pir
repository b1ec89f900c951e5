{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[3,3],stop_gradient:[true]} : () -> tensor<3x3xf64>
    (%1) = "pd_op.slogdet" (%0) {stop_gradient:[true]} : (tensor<3x3xf64>) -> tensor<3x3xf64>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x3xf64>) -> tensor<3x3xf64>
}
