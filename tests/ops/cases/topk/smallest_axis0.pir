{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,3],stop_gradient:[true]} : () -> tensor<4x3xf32>
    (%1) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xi32>
    (%2, %3) = "pd_op.topk" (%0, %1) {axis:0,largest:false,sorted:true,stop_gradient:[true,true]} : (tensor<4x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>, tensor<2x3xi64>
    (%4) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%5) = "pd_op.fetch" (%3) {col:1,name:"out1",stop_gradient:[true]} : (tensor<2x3xi64>) -> tensor<2x3xi64>
}
