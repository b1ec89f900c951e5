{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[4,3],stop_gradient:[true]} : () -> tensor<4x3xf64>
    (%1) = "pd_op.svdvals" (%0) {stop_gradient:[true]} : (tensor<4x3xf64>) -> tensor<3xf64>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3xf64>) -> tensor<3xf64>
}
