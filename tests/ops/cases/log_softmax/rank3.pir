{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3,5],stop_gradient:[true]} : () -> tensor<2x3x5xf32>
    (%1) = "pd_op.log_softmax" (%0) {axis:-1,stop_gradient:[true]} : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
}
