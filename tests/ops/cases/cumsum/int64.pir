{
    (%0) = "pd_op.data" () {dtype:int64,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xi64>
    (%1) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xi32>
    (%2) = "pd_op.cumsum" (%0, %1) {exclusive:false,flatten:false,reverse:false,stop_gradient:[true]} : (tensor<3x4xi64>, tensor<1xi32>) -> tensor<3x4xi64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xi64>) -> tensor<3x4xi64>
}
