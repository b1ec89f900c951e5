{
    (%0) = "pd_op.data" () {dtype:int32,name:"x",place:Place(undefined:0),shape:[3],stop_gradient:[true]} : () -> tensor<3xi32>
    (%1) = "pd_op.data" () {dtype:int32,name:"y",place:Place(undefined:0),shape:[3],stop_gradient:[true]} : () -> tensor<3xi32>
    (%2) = "pd_op.equal_all" (%0, %1) {stop_gradient:[true]} : (tensor<3xi32>, tensor<3xi32>) -> tensor<f32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<f32>) -> tensor<f32>
}
