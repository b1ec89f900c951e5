{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[7,3],stop_gradient:[true]} : () -> tensor<7x3xf32>
    (%1) = "pd_op.fill_diagonal" (%0) {offset:1,stop_gradient:[true],value:-1,wrap:true} : (tensor<7x3xf32>) -> tensor<7x3xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<7x3xf32>) -> tensor<7x3xf32>
}
