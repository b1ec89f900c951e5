{
    (%0) = "pd_op.data" () {dtype:bool,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<b>
    (%1) = "pd_op.data" () {dtype:bool,name:"y",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<b>
    (%2) = "pd_op.logical_xor" (%0, %1) {stop_gradient:[true]} : (tensor<b>, tensor<b>) -> tensor<b>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<b>) -> tensor<b>
}
