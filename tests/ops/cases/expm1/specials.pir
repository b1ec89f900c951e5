{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[10],stop_gradient:[true]} : () -> tensor<10xf32>
    (%1) = "pd_op.expm1" (%0) {stop_gradient:[true]} : (tensor<10xf32>) -> tensor<10xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<10xf32>) -> tensor<10xf32>
}
