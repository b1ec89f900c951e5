{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%1, %2) = "pd_op.median" (%0) {axis:[1],keepdim:false,mode:"min",stop_gradient:[true,true]} : (tensor<3x4xf32>) -> tensor<3xf32>, tensor<3xi64>
    (%3) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3xf32>) -> tensor<3xf32>
    (%4) = "pd_op.fetch" (%2) {col:1,name:"out1",stop_gradient:[true]} : (tensor<3xi64>) -> tensor<3xi64>
}
