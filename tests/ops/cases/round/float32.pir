{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%1) = "pd_op.round" (%0) {decimals:0,stop_gradient:[true]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
}
