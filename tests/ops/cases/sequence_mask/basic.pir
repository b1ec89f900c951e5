{
    (%0) = "pd_op.data" () {dtype:int64,name:"x",place:Place(undefined:0),shape:[3],stop_gradient:[true]} : () -> tensor<3xi64>
    (%1) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:5} : () -> tensor<1xi32>
    (%2) = "pd_op.sequence_mask" (%0, %1) {out_dtype:int64,stop_gradient:[true]} : (tensor<3xi64>, tensor<1xi32>) -> tensor<3x5xi64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x5xi64>) -> tensor<3x5xi64>
}
