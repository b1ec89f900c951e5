{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[3,5],stop_gradient:[true]} : () -> tensor<3x5xf64>
    (%1, %2) = "pd_op.kthvalue" (%0) {axis:-1,k:1,keepdim:false,stop_gradient:[true,true]} : (tensor<3x5xf64>) -> tensor<3xf64>, tensor<3xi64>
    (%3) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3xf64>) -> tensor<3xf64>
    (%4) = "pd_op.fetch" (%2) {col:1,name:"out1",stop_gradient:[true]} : (tensor<3xi64>) -> tensor<3xi64>
}
