{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[0,2],stop_gradient:[true]} : () -> tensor<0x2xf32>
    (%1) = "pd_op.is_empty" (%0) {stop_gradient:[true]} : (tensor<0x2xf32>) -> tensor<b>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<b>) -> tensor<b>
}
