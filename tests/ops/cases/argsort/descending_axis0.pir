{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,3],stop_gradient:[true]} : () -> tensor<4x3xf32>
    (%1, %2) = "pd_op.argsort" (%0) {axis:0,descending:true,stable:false,stop_gradient:[true,true]} : (tensor<4x3xf32>) -> tensor<4x3xf32>, tensor<4x3xi64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<4x3xi64>) -> tensor<4x3xi64>
}
