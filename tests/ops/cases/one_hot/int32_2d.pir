{
    (%0) = "pd_op.data" () {dtype:int32,name:"x",place:Place(undefined:0),shape:[2,2],stop_gradient:[true]} : () -> tensor<2x2xi32>
    (%1) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:3} : () -> tensor<1xi32>
    (%2) = "pd_op.one_hot" (%0, %1) {stop_gradient:[true]} : (tensor<2x2xi32>, tensor<1xi32>) -> tensor<2x2x3xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x2x3xf32>) -> tensor<2x2x3xf32>
}
