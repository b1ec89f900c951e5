{
    (%0) = "pd_op.data" () {dtype:int32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xi32>
    (%1) = "pd_op.data" () {dtype:int32,name:"y",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xi32>
    (%2) = "pd_op.cast" (%0) {dtype:float32,stop_gradient:[true]} : (tensor<3x4xi32>) -> tensor<3x4xf32>
    (%3) = "pd_op.cast" (%1) {dtype:float32,stop_gradient:[true]} : (tensor<3x4xi32>) -> tensor<3x4xf32>
    (%4) = "pd_op.divide" (%2, %3) {stop_gradient:[true]} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
}
