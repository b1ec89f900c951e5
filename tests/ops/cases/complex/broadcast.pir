{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf64>
    (%1) = "pd_op.data" () {dtype:float64,name:"y",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf64>
    (%2) = "pd_op.complex" (%0, %1) {stop_gradient:[true]} : (tensor<3x4xf64>, tensor<4xf64>) -> tensor<3x4xc128>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xc128>) -> tensor<3x4xc128>
}
