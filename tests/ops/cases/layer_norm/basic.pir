{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3,4],stop_gradient:[true]} : () -> tensor<2x3x4xf32>
    (%1, %2, %3) = "pd_op.layer_norm" (%0, <<NULL VALUE>>, <<NULL VALUE>>) {begin_norm_axis:2,epsilon:1e-05,stop_gradient:[true,true,true]} : (tensor<2x3x4xf32>, <<NULL TYPE>>, <<NULL TYPE>>) -> tensor<2x3x4xf32>, tensor<2x3xf32>, tensor<2x3xf32>
    (%4) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
}
