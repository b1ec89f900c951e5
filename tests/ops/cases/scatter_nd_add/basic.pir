{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"i",place:Place(undefined:0),shape:[3,1],stop_gradient:[true]} : () -> tensor<3x1xi64>
    (%2) = "pd_op.data" () {dtype:float32,name:"u",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%3) = "pd_op.scatter_nd_add" (%0, %1, %2) {stop_gradient:[true]} : (tensor<3x4xf32>, tensor<3x1xi64>, tensor<3x4xf32>) -> tensor<3x4xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
}
