{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,4],stop_gradient:[true]} : () -> tensor<2x4xf32>
    (%1, %2) = "pd_op.nanmedian" (%0) {axis:[1],keepdim:false,mode:"avg",stop_gradient:[true,true]} : (tensor<2x4xf32>) -> tensor<2xf32>, tensor<2x2xi64>
    (%3) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2xf32>) -> tensor<2xf32>
}
