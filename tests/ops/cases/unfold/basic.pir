{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1,2,3,3],stop_gradient:[true]} : () -> tensor<1x2x3x3xf32>
    (%1) = "pd_op.unfold" (%0) {dilations:[1,1],kernel_sizes:[2,2],paddings:[0,0,0,0],stop_gradient:[true],strides:[1,1]} : (tensor<1x2x3x3xf32>) -> tensor<1x8x4xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<1x8x4xf32>) -> tensor<1x8x4xf32>
}
