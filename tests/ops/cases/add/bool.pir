{
    (%0) = "pd_op.data" () {dtype:bool,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xb>
    (%1) = "pd_op.data" () {dtype:bool,name:"y",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xb>
    (%2) = "pd_op.add" (%0, %1) {stop_gradient:[true]} : (tensor<3x4xb>, tensor<3x4xb>) -> tensor<3x4xb>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xb>) -> tensor<3x4xb>
}
