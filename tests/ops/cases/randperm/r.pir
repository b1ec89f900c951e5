{
    (%0) = "pd_op.data" () {dtype:int64,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<i64>
    (%1) = "pd_op.randperm" () {dtype:int64,n:6,place:Place(undefined:0),stop_gradient:[true]} : () -> tensor<6xi64>
    (%2) = "pd_op.add" (%1, %0) {stop_gradient:[true]} : (tensor<6xi64>, tensor<i64>) -> tensor<6xi64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<6xi64>) -> tensor<6xi64>
}
