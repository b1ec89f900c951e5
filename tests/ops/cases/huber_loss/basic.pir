{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,1],stop_gradient:[true]} : () -> tensor<4x1xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[4,1],stop_gradient:[true]} : () -> tensor<4x1xf32>
    (%2, %3) = "pd_op.huber_loss" (%0, %1) {delta:1,stop_gradient:[true,true]} : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>, tensor<4x1xf32>
    (%4) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<4x1xf32>) -> tensor<4x1xf32>
}
