{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,2],stop_gradient:[true]} : () -> tensor<3x2xf32>
    (%1) = "pd_op.as_complex" (%0) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3xc64>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3xc64>) -> tensor<3xc64>
}
