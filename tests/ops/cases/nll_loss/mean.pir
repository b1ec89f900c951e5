{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,3],stop_gradient:[true]} : () -> tensor<4x3xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"y",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xi64>
    (%2, %3) = "pd_op.nll_loss" (%0, %1, <<NULL VALUE>>) {ignore_index:-100,reduction:"mean",stop_gradient:[true,true]} : (tensor<4x3xf32>, tensor<4xi64>, <<NULL TYPE>>) -> tensor<f32>, tensor<f32>
    (%4) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<f32>) -> tensor<f32>
}
