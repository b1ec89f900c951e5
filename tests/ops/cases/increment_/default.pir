{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xf32>
    (%1) = "pd_op.increment_" (%0) {stop_gradient:[true],value:1} : (tensor<1xf32>) -> tensor<1xf32>
    (%2) = "pd_op.fetch" (%0) {col:0,name:"out0",stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
}
