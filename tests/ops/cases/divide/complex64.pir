{
    (%0) = "pd_op.data" () {dtype:complex64,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xc64>
    (%1) = "pd_op.data" () {dtype:complex64,name:"y",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xc64>
    (%2) = "pd_op.divide" (%0, %1) {stop_gradient:[true]} : (tensor<3x4xc64>, tensor<3x4xc64>) -> tensor<3x4xc64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xc64>) -> tensor<3x4xc64>
}
