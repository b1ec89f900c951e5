{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1,2,4,4],stop_gradient:[true]} : () -> tensor<1x2x4x4xf32>
    (%1) = "pd_op.lp_pool2d" (%0) {adaptive:false,ceil_mode:false,data_format:"NCHW",exclusive:true,global_pooling:false,kernel_size:[2,2],norm_type:2,padding_algorithm:"EXPLICIT",paddings:[0,0],pooling_type:"lp",stop_gradient:[true],strides:[2,2]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
}
