{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,4,3,2],stop_gradient:[true]} : () -> tensor<2x4x3x2xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"b",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    (%3, %4, %5) = "pd_op.group_norm" (%0, %1, %2) {data_format:"NCHW",epsilon:1e-05,groups:2,stop_gradient:[true,true,true]} : (tensor<2x4x3x2xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x3x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
    (%6) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x4x3x2xf32>) -> tensor<2x4x3x2xf32>
}
