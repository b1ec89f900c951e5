{
    (%0) = "pd_op.data" () {dtype:float32,name:"s",place:Place(undefined:0),shape:[5],stop_gradient:[true]} : () -> tensor<5xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"v",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.searchsorted" (%0, %1) {out_int32:false,right:false,stop_gradient:[true]} : (tensor<5xf32>, tensor<2x3xf32>) -> tensor<2x3xi64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x3xi64>) -> tensor<2x3xi64>
}
