{
    (%0) = "pd_op.data" () {dtype:int64,name:"a",place:Place(undefined:0),shape:[3],stop_gradient:[true]} : () -> tensor<3xi64>
    (%1) = "pd_op.data" () {dtype:int64,name:"b",place:Place(undefined:0),shape:[3],stop_gradient:[true]} : () -> tensor<3xi64>
    (%2) = "builtin.combine" (%0, %1) {stop_gradient:[true]} : (tensor<3xi64>, tensor<3xi64>) -> vec[tensor<3xi64>,tensor<3xi64>]
    (%3) = "pd_op.stack" (%2) {axis:0,stop_gradient:[true]} : (vec[tensor<3xi64>,tensor<3xi64>]) -> tensor<2x3xi64>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x3xi64>) -> tensor<2x3xi64>
}
