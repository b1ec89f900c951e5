{
    (%0) = "pd_op.data" () {dtype:float32,name:"t",place:Place(undefined:0),shape:[1,2,3],stop_gradient:[true]} : () -> tensor<1x2x3xf32>
    (%1) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1,2,3]} : () -> tensor<4xi64>
    (%2) = "pd_op.affine_grid" (%0, %1) {align_corners:false,stop_gradient:[true]} : (tensor<1x2x3xf32>, tensor<4xi64>) -> tensor<1x-1x-1x2xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<1x-1x-1x2xf32>) -> tensor<1x-1x-1x2xf32>
}
