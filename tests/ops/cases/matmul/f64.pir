{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf64>
    (%1) = "pd_op.data" () {dtype:float64,name:"y",place:Place(undefined:0),shape:[4,2],stop_gradient:[true]} : () -> tensor<4x2xf64>
    (%2) = "pd_op.matmul" (%0, %1) {stop_gradient:[true],transpose_x:false,transpose_y:false} : (tensor<3x4xf64>, tensor<4x2xf64>) -> tensor<3x2xf64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x2xf64>) -> tensor<3x2xf64>
}
