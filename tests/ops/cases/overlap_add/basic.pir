{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,3],stop_gradient:[true]} : () -> tensor<4x3xf32>
    (%1) = "pd_op.overlap_add" (%0) {axis:-1,hop_length:2,stop_gradient:[true]} : (tensor<4x3xf32>) -> tensor<8xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
}
