{
    (%0) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"create_parameter_3.w_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<0x3xf32>
    (%1) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"create_parameter_2.w_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<f32>
    (%2) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"create_parameter_1.w_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<3xb>
    (%3) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"create_parameter_0.w_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<3xi64>
    (%4) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,3,-1,-1],stop_gradient:[true]} : () -> tensor<-1x3x-1x-1xf32>
    (%5) = "pd_op.cast" (%3) {dtype:float32,stop_gradient:[false]} : (tensor<3xi64>) -> tensor<3xf32>
    (%6) = "pd_op.cast" (%2) {dtype:float32,stop_gradient:[false]} : (tensor<3xb>) -> tensor<3xf32>
    (%7) = "pd_op.multiply" (%5, %6) {stop_gradient:[false]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    (%8) = "pd_op.multiply" (%4, %1) {stop_gradient:[false]} : (tensor<-1x3x-1x-1xf32>, tensor<f32>) -> tensor<-1x3x-1x-1xf32>
    (%9) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,3,1,1]} : () -> tensor<4xi64>
    (%10) = "pd_op.reshape" (%7, %9) {stop_gradient:[false]} : (tensor<3xf32>, tensor<4xi64>) -> tensor<1x3x1x1xf32>
    (%11) = "pd_op.add" (%8, %10) {stop_gradient:[false]} : (tensor<-1x3x-1x-1xf32>, tensor<1x3x1x1xf32>) -> tensor<-1x3x-1x-1xf32>
    (%12) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1,3],stop_gradient:[true],value:1} : () -> tensor<1x3xf32>
    (%13) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi32>
    (%14) = "builtin.combine" (%0, %12) {stop_gradient:[false]} : (tensor<0x3xf32>, tensor<1x3xf32>) -> vec[tensor<0x3xf32>,tensor<1x3xf32>]
    (%15) = "pd_op.concat" (%14, %13) {stop_gradient:[false]} : (vec[tensor<0x3xf32>,tensor<1x3xf32>], tensor<1xi32>) -> tensor<1x3xf32>
    (%16) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[]} : () -> tensor<0xi64>
    (%17) = "pd_op.sum" (%15, %16) {dtype:Undefined,keepdim:false,stop_gradient:[false]} : (tensor<1x3xf32>, tensor<0xi64>) -> tensor<f32>
    (%18) = "pd_op.add" (%11, %17) {stop_gradient:[false]} : (tensor<-1x3x-1x-1xf32>, tensor<f32>) -> tensor<-1x3x-1x-1xf32>
    (%19) = "pd_op.tanh" (%18) {stop_gradient:[false]} : (tensor<-1x3x-1x-1xf32>) -> tensor<-1x3x-1x-1xf32>
    (%20) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2,3]} : () -> tensor<2xi64>
    (%21) = "pd_op.mean" (%19, %20) {keepdim:false,stop_gradient:[false]} : (tensor<-1x3x-1x-1xf32>, tensor<2xi64>) -> tensor<-1x3xf32>
    (%22) = "pd_op.fetch" (%21) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[false]} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
    (%23) = "pd_op.fetch" (%21) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[false]} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
    (%24) = "pd_op.fetch" (%18) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[false]} : (tensor<-1x3x-1x-1xf32>) -> tensor<-1x3x-1x-1xf32>
}
