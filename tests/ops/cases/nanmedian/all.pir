{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%1, %2) = "pd_op.nanmedian" (%0) {axis:[],keepdim:false,mode:"avg",stop_gradient:[true,true]} : (tensor<3x4xf32>) -> tensor<f32>, tensor<2xi64>
    (%3) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<f32>) -> tensor<f32>
}
