{
    (%0) = "pd_op.data" () {dtype:int64,name:"x",place:Place(undefined:0),shape:[2],stop_gradient:[true]} : () -> tensor<2xi64>
    (%1) = "pd_op.data" () {dtype:int64,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xi64>
    (%2) = "pd_op.kron" (%0, %1) {stop_gradient:[true]} : (tensor<2xi64>, tensor<2x3xi64>) -> tensor<2x6xi64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x6xi64>) -> tensor<2x6xi64>
}
