{
    (%0) = "builtin.parameter" () {parameter_name:"conv2d_0.w_0",persistable:[true],stop_gradient:[false]} : () -> tensor<4x4x3x3xf32>
    (%1) = "builtin.parameter" () {parameter_name:"batch_norm2d_0.b_0",persistable:[true],stop_gradient:[false]} : () -> tensor<4xf32>
    (%2) = "builtin.parameter" () {parameter_name:"batch_norm2d_0.w_1",persistable:[true],stop_gradient:[false]} : () -> tensor<4xf32>
    (%3) = "builtin.parameter" () {parameter_name:"batch_norm2d_0.w_0",persistable:[true],stop_gradient:[false]} : () -> tensor<4xf32>
    (%4) = "builtin.parameter" () {parameter_name:"batch_norm2d_0.w_2",persistable:[true],stop_gradient:[false]} : () -> tensor<4xf32>
    (%5) = "builtin.parameter" () {parameter_name:"conv2d_1.w_0",persistable:[true],stop_gradient:[false]} : () -> tensor<4x4x3x3xf32>
    (%6) = "builtin.parameter" () {parameter_name:"batch_norm2d_1.b_0",persistable:[true],stop_gradient:[false]} : () -> tensor<4xf32>
    (%7) = "builtin.parameter" () {parameter_name:"batch_norm2d_1.w_1",persistable:[true],stop_gradient:[false]} : () -> tensor<4xf32>
    (%8) = "builtin.parameter" () {parameter_name:"batch_norm2d_1.w_0",persistable:[true],stop_gradient:[false]} : () -> tensor<4xf32>
    (%9) = "builtin.parameter" () {parameter_name:"batch_norm2d_1.w_2",persistable:[true],stop_gradient:[false]} : () -> tensor<4xf32>
    (%10) = "pd_op.feed" () {col:0,name:"x",persistable:[false],stop_gradient:[false]} : () -> tensor<-1x4x6x6xf32>
    (%11) = "pd_op.conv2d" (%10, %0) {data_format:"NCHW",dilations:[1,1],groups:1,padding_algorithm:"EXPLICIT",paddings:[1,1],persistable:[false],stop_gradient:[false],strides:[1,1]} : (tensor<-1x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<-1x4x6x6xf32>
    (%12, %13, %14, %15, %16, %17) = "pd_op.batch_norm_" (%11, %2, %4, %3, %1) {data_format:"NCHW",epsilon:1e-05,is_test:true,momentum:0.9,persistable:[false,true,true,false,false,false],stop_gradient:[false,false,false,false,false,false],trainable_statistics:false,use_global_stats:false} : (tensor<-1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<-1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, <<NULL TYPE>>
    (%18) = "pd_op.relu" (%12) {persistable:[false],stop_gradient:[false]} : (tensor<-1x4x6x6xf32>) -> tensor<-1x4x6x6xf32>
    (%19) = "pd_op.conv2d" (%18, %5) {data_format:"NCHW",dilations:[1,1],groups:1,padding_algorithm:"EXPLICIT",paddings:[1,1],persistable:[false],stop_gradient:[false],strides:[1,1]} : (tensor<-1x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<-1x4x6x6xf32>
    (%20, %21, %22, %23, %24, %25) = "pd_op.batch_norm_" (%19, %7, %9, %8, %6) {data_format:"NCHW",epsilon:1e-05,is_test:true,momentum:0.9,persistable:[false,true,true,false,false,false],stop_gradient:[false,false,false,false,false,false],trainable_statistics:false,use_global_stats:false} : (tensor<-1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<-1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, <<NULL TYPE>>
    (%26) = "pd_op.add" (%20, %10) {persistable:[false],stop_gradient:[false]} : (tensor<-1x4x6x6xf32>, tensor<-1x4x6x6xf32>) -> tensor<-1x4x6x6xf32>
    (%27) = "pd_op.relu" (%26) {persistable:[false],stop_gradient:[false]} : (tensor<-1x4x6x6xf32>) -> tensor<-1x4x6x6xf32>
    (%28) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
    (%29) = "pd_op.pool2d" (%27, %28) {adaptive:true,ceil_mode:false,data_format:"NCHW",exclusive:true,global_pooling:false,padding_algorithm:"EXPLICIT",paddings:[0,0],persistable:[false],pooling_type:"avg",stop_gradient:[false],strides:[1,1]} : (tensor<-1x4x6x6xf32>, tensor<2xi64>) -> tensor<-1x4x1x1xf32>
    (%30) = "pd_op.fetch" (%27) {col:0,name:"relu_1.tmp_0"} : (tensor<-1x4x6x6xf32>) -> tensor<-1x4x6x6xf32>
    (%31) = "pd_op.fetch" (%29) {col:1,name:"pool2d_0.tmp_0"} : (tensor<-1x4x1x1xf32>) -> tensor<-1x4x1x1xf32>
}
