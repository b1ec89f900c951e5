{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,5],stop_gradient:[true]} : () -> tensor<4x5xf32>
    (%1) = "pd_op.tril" (%0) {diagonal:0,stop_gradient:[true]} : (tensor<4x5xf32>) -> tensor<4x5xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<4x5xf32>) -> tensor<4x5xf32>
}
