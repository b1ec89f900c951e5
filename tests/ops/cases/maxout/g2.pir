{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1,4,2,3],stop_gradient:[true]} : () -> tensor<1x4x2x3xf32>
    (%1) = "pd_op.maxout" (%0) {axis:1,groups:2,stop_gradient:[true]} : (tensor<1x4x2x3xf32>) -> tensor<1x2x2x3xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
}
