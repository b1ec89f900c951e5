{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,4],stop_gradient:[true]} : () -> tensor<2x4xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[5,3,4],stop_gradient:[true]} : () -> tensor<5x3x4xf32>
    (%3) = "pd_op.bilinear" (%0, %1, %2, <<NULL VALUE>>) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<5x3x4xf32>, <<NULL TYPE>>) -> tensor<2x5xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x5xf32>) -> tensor<2x5xf32>
}
