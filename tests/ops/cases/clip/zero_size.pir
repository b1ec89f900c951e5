{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[0,3],stop_gradient:[true]} : () -> tensor<0x3xf32>
    (%1) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
    (%2) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%3) = "pd_op.clip" (%0, %1, %2) {stop_gradient:[true]} : (tensor<0x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<0x3xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<0x3xf32>) -> tensor<0x3xf32>
}
