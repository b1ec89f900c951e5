{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1,2,4,5],stop_gradient:[true]} : () -> tensor<1x2x4x5xf32>
    (%1) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2,3]} : () -> tensor<2xi64>
    (%2) = "pd_op.pool2d" (%0, %1) {adaptive:true,ceil_mode:false,data_format:"NCHW",exclusive:true,global_pooling:false,padding_algorithm:"EXPLICIT",paddings:[0,0],pooling_type:"avg",stop_gradient:[true],strides:[1,1]} : (tensor<1x2x4x5xf32>, tensor<2xi64>) -> tensor<1x2x2x3xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
}
