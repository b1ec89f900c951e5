{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.assign" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%2) = "pd_op.diag_embed" (%1) {dim1:-2,dim2:-1,offset:0,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3x3xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
}
