{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,3],stop_gradient:[true]} : () -> tensor<4x3xf32>
    (%1, %2) = "pd_op.cummax" (%0) {axis:0,dtype:int64,stop_gradient:[true,true]} : (tensor<4x3xf32>) -> tensor<4x3xf32>, tensor<4x3xi64>
    (%3) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<4x3xf32>) -> tensor<4x3xf32>
    (%4) = "pd_op.fetch" (%2) {col:1,name:"out1",stop_gradient:[true]} : (tensor<4x3xi64>) -> tensor<4x3xi64>
}
