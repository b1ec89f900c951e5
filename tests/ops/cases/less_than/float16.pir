{
    (%0) = "pd_op.data" () {dtype:float16,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf16>
    (%1) = "pd_op.data" () {dtype:float16,name:"y",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf16>
    (%2) = "pd_op.less_than" (%0, %1) {stop_gradient:[true]} : (tensor<3x4xf16>, tensor<3x4xf16>) -> tensor<3x4xb>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xb>) -> tensor<3x4xb>
}
