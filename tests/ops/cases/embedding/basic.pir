{
    (%0) = "pd_op.data" () {dtype:int64,name:"i",place:Place(undefined:0),shape:[2,2],stop_gradient:[true]} : () -> tensor<2x2xi64>
    (%1) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[4,3],stop_gradient:[true]} : () -> tensor<4x3xf32>
    (%2) = "pd_op.embedding" (%0, %1) {padding_idx:-1,sparse:false,stop_gradient:[true]} : (tensor<2x2xi64>, tensor<4x3xf32>) -> tensor<2x2x3xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x2x3xf32>) -> tensor<2x2x3xf32>
}
