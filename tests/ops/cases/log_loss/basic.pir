{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,1],stop_gradient:[true]} : () -> tensor<4x1xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[4,1],stop_gradient:[true]} : () -> tensor<4x1xf32>
    (%2) = "pd_op.log_loss" (%0, %1) {epsilon:0.0001,stop_gradient:[true]} : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<4x1xf32>) -> tensor<4x1xf32>
}
