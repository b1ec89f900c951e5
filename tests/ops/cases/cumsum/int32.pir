{
    (%0) = "pd_op.data" () {dtype:int32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xi32>
    (%1) = "pd_op.cast" (%0) {dtype:int64,stop_gradient:[true]} : (tensor<3x4xi32>) -> tensor<3x4xi64>
    (%2) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xi32>
    (%3) = "pd_op.cumsum" (%1, %2) {exclusive:false,flatten:false,reverse:false,stop_gradient:[true]} : (tensor<3x4xi64>, tensor<1xi32>) -> tensor<3x4xi64>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xi64>) -> tensor<3x4xi64>
}
