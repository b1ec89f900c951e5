{
    (%0) = "pd_op.data" () {dtype:int64,name:"x",place:Place(undefined:0),shape:[5,3],stop_gradient:[true]} : () -> tensor<5x3xi64>
    (%1, %2) = "pd_op.mode" (%0) {axis:0,keepdim:false,stop_gradient:[true,true]} : (tensor<5x3xi64>) -> tensor<3xi64>, tensor<3xi64>
    (%3) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3xi64>) -> tensor<3xi64>
    (%4) = "pd_op.fetch" (%2) {col:1,name:"out1",stop_gradient:[true]} : (tensor<3xi64>) -> tensor<3xi64>
}
