{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,2],stop_gradient:[true]} : () -> tensor<2x2xf32>
    (%2) = "pd_op.kron" (%0, %1) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x2xf32>) -> tensor<4x6xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<4x6xf32>) -> tensor<4x6xf32>
}
