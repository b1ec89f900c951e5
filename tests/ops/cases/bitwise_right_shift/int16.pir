{
    (%0) = "pd_op.data" () {dtype:int16,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xi16>
    (%1) = "pd_op.data" () {dtype:int16,name:"y",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xi16>
    (%2) = "pd_op.bitwise_right_shift" (%0, %1) {is_arithmetic:true,stop_gradient:[true]} : (tensor<3x4xi16>, tensor<3x4xi16>) -> tensor<3x4xi16>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xi16>) -> tensor<3x4xi16>
}
