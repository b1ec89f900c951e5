{
    (%0) = "pd_op.data" () {dtype:bool,name:"x",place:Place(undefined:0),shape:[0,4],stop_gradient:[true]} : () -> tensor<0x4xb>
    (%1) = "pd_op.data" () {dtype:bool,name:"y",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xb>
    (%2) = "pd_op.logical_xor" (%0, %1) {stop_gradient:[true]} : (tensor<0x4xb>, tensor<4xb>) -> tensor<0x4xb>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<0x4xb>) -> tensor<0x4xb>
}
