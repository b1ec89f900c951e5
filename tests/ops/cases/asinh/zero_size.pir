{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[0,3],stop_gradient:[true]} : () -> tensor<0x3xf32>
    (%1) = "pd_op.asinh" (%0) {stop_gradient:[true]} : (tensor<0x3xf32>) -> tensor<0x3xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<0x3xf32>) -> tensor<0x3xf32>
}
