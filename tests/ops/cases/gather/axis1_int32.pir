{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,5],stop_gradient:[true]} : () -> tensor<3x5xf32>
    (%1) = "pd_op.data" () {dtype:int32,name:"i",place:Place(undefined:0),shape:[2],stop_gradient:[true]} : () -> tensor<2xi32>
    (%2) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xi32>
    (%3) = "pd_op.gather" (%0, %1, %2) {stop_gradient:[true]} : (tensor<3x5xf32>, tensor<2xi32>, tensor<1xi32>) -> tensor<3x2xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
}
