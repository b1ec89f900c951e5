{
    (%0) = "pd_op.data" () {dtype:bool,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xb>
    (%1) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
    (%2) = "pd_op.mean" (%0, %1) {keepdim:false,stop_gradient:[true]} : (tensor<3x4xb>, tensor<1xi64>) -> tensor<3xb>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3xb>) -> tensor<3xb>
}
