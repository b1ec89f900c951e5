{
    (%0) = "pd_op.data" () {dtype:int64,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<i64>
    (%1) = "pd_op.tril_indices" () {cols:3,dtype:int64,offset:0,place:Place(undefined:0),rows:4,stop_gradient:[true]} : () -> tensor<2x9xi64>
    (%2) = "pd_op.add" (%1, %0) {stop_gradient:[true]} : (tensor<2x9xi64>, tensor<i64>) -> tensor<2x9xi64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x9xi64>) -> tensor<2x9xi64>
}
