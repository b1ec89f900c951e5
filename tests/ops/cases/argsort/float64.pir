{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[3,5],stop_gradient:[true]} : () -> tensor<3x5xf64>
    (%1, %2) = "pd_op.argsort" (%0) {axis:-1,descending:false,stable:false,stop_gradient:[true,true]} : (tensor<3x5xf64>) -> tensor<3x5xf64>, tensor<3x5xi64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x5xi64>) -> tensor<3x5xi64>
}
