{
    (%0) = "pd_op.data" () {dtype:int64,name:"s",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xi64>
    (%1) = "pd_op.data" () {dtype:int64,name:"v",place:Place(undefined:0),shape:[2,2],stop_gradient:[true]} : () -> tensor<2x2xi64>
    (%2) = "pd_op.searchsorted" (%0, %1) {out_int32:true,right:true,stop_gradient:[true]} : (tensor<2x3xi64>, tensor<2x2xi64>) -> tensor<2x2xi32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x2xi32>) -> tensor<2x2xi32>
}
