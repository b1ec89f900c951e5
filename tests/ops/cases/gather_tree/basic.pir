{
    (%0) = "pd_op.data" () {dtype:int64,name:"i",place:Place(undefined:0),shape:[3,2,2],stop_gradient:[true]} : () -> tensor<3x2x2xi64>
    (%1) = "pd_op.data" () {dtype:int64,name:"p",place:Place(undefined:0),shape:[3,2,2],stop_gradient:[true]} : () -> tensor<3x2x2xi64>
    (%2) = "pd_op.gather_tree" (%0, %1) {stop_gradient:[true]} : (tensor<3x2x2xi64>, tensor<3x2x2xi64>) -> tensor<3x2x2xi64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x2x2xi64>) -> tensor<3x2x2xi64>
}
