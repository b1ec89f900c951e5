{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[3,2],stop_gradient:[true]} : () -> tensor<3x2xf64>
    (%1) = "pd_op.data" () {dtype:float64,name:"y",place:Place(undefined:0),shape:[3,3],stop_gradient:[true]} : () -> tensor<3x3xf64>
    (%2) = "pd_op.cholesky_solve" (%0, %1) {stop_gradient:[true],upper:false} : (tensor<3x2xf64>, tensor<3x3xf64>) -> tensor<3x2xf64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x2xf64>) -> tensor<3x2xf64>
}
