{
    (%0) = "pd_op.data" () {dtype:complex128,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xc128>
    (%1) = "pd_op.log10" (%0) {stop_gradient:[true]} : (tensor<3x4xc128>) -> tensor<3x4xc128>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xc128>) -> tensor<3x4xc128>
}
