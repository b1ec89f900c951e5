{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,4,2,2],stop_gradient:[true]} : () -> tensor<4x4x2x2xf32>
    (%1) = "pd_op.temporal_shift" (%0) {data_format:"NCHW",seg_num:2,shift_ratio:0.25,stop_gradient:[true]} : (tensor<4x4x2x2xf32>) -> tensor<4x4x2x2xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<4x4x2x2xf32>) -> tensor<4x4x2x2xf32>
}
