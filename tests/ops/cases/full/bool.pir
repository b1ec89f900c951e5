{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.full" () {dtype:bool,place:Place(undefined:0),shape:[2,3],stop_gradient:[true],value:1} : () -> tensor<2x3xb>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x3xb>) -> tensor<2x3xb>
}
