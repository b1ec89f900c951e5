{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,5],stop_gradient:[true]} : () -> tensor<3x5xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"i",place:Place(undefined:0),shape:[3],stop_gradient:[true]} : () -> tensor<3xi64>
    (%2) = "pd_op.index_select" (%0, %1) {axis:1,stop_gradient:[true]} : (tensor<3x5xf32>, tensor<3xi64>) -> tensor<3x3xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x3xf32>) -> tensor<3x3xf32>
}
