{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[4,2],stop_gradient:[true]} : () -> tensor<4x2xf32>
    (%2) = "builtin.combine" (%0, %1) {stop_gradient:[true]} : (tensor<3x4xf32>, tensor<4x2xf32>) -> vec[tensor<3x4xf32>,tensor<4x2xf32>]
    (%3, %4, %5) = "pd_op.einsum" (%2) {equation:"ij,jk->ik",stop_gradient:[true,true,true]} : (vec[tensor<3x4xf32>,tensor<4x2xf32>]) -> tensor<3x2xf32>, vec[tensor<0xf32>,tensor<0xf32>], vec[tensor<3x4xf32>,tensor<4x2xf32>]
    (%6, %7) = "builtin.split" (%4) {stop_gradient:[true,true]} : (vec[tensor<0xf32>,tensor<0xf32>]) -> tensor<0xf32>, tensor<0xf32>
    (%8, %9) = "builtin.split" (%5) {stop_gradient:[true,true]} : (vec[tensor<3x4xf32>,tensor<4x2xf32>]) -> tensor<3x4xf32>, tensor<4x2xf32>
    (%10) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
}
