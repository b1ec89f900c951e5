{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,3],stop_gradient:[true]} : () -> tensor<4x3xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"i",place:Place(undefined:0),shape:[2],stop_gradient:[true]} : () -> tensor<2xi64>
    (%2) = "pd_op.data" () {dtype:float32,name:"u",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%3) = "pd_op.scatter" (%0, %1, %2) {overwrite:true,stop_gradient:[true]} : (tensor<4x3xf32>, tensor<2xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<4x3xf32>) -> tensor<4x3xf32>
}
