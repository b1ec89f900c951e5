{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1,2,4,4],stop_gradient:[true]} : () -> tensor<1x2x4x4xf32>
    (%1) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,3]} : () -> tensor<2xi64>
    (%2) = "pd_op.pool2d" (%0, %1) {adaptive:false,ceil_mode:false,data_format:"NCHW",exclusive:true,global_pooling:false,padding_algorithm:"EXPLICIT",paddings:[1,1],pooling_type:"avg",stop_gradient:[true],strides:[1,1]} : (tensor<1x2x4x4xf32>, tensor<2xi64>) -> tensor<1x2x4x4xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
}
