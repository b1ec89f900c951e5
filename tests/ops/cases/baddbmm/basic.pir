{
    (%0) = "pd_op.data" () {dtype:float32,name:"i",place:Place(undefined:0),shape:[2,3,2],stop_gradient:[true]} : () -> tensor<2x3x2xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3,4],stop_gradient:[true]} : () -> tensor<2x3x4xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,4,2],stop_gradient:[true]} : () -> tensor<2x4x2xf32>
    (%3) = "pd_op.baddbmm" (%0, %1, %2) {alpha:2,beta:0.5,stop_gradient:[true]} : (tensor<2x3x2xf32>, tensor<2x3x4xf32>, tensor<2x4x2xf32>) -> tensor<2x3x2xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x3x2xf32>) -> tensor<2x3x2xf32>
}
