{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,3],stop_gradient:[true]} : () -> tensor<3x3xf32>
    (%1) = "pd_op.matrix_power" (%0) {n:3,stop_gradient:[true]} : (tensor<3x3xf32>) -> tensor<3x3xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x3xf32>) -> tensor<3x3xf32>
}
