{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3,2,4],stop_gradient:[true]} : () -> tensor<2x3x2x4xf32>
    (%1, %2, %3) = "pd_op.instance_norm" (%0, <<NULL VALUE>>, <<NULL VALUE>>) {epsilon:1e-05,stop_gradient:[true,true,true]} : (tensor<2x3x2x4xf32>, <<NULL TYPE>>, <<NULL TYPE>>) -> tensor<2x3x2x4xf32>, tensor<6xf32>, tensor<6xf32>
    (%4) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x3x2x4xf32>) -> tensor<2x3x2x4xf32>
}
