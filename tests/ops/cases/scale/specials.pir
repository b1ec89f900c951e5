{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[10],stop_gradient:[true]} : () -> tensor<10xf32>
    (%1) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%2) = "pd_op.scale" (%0, %1) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<10xf32>, tensor<1xf32>) -> tensor<10xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<10xf32>) -> tensor<10xf32>
}
