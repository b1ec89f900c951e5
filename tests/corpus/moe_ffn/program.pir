{
    (%0) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"expert_w2",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<4x128x64xf32>
    (%1) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"expert_b1",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<4x1x128xf32>
    (%2) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"expert_w1",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<4x64x128xf32>
    (%3) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"gate_w",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<64x4xf32>
    (%4) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[32,64],stop_gradient:[true]} : () -> tensor<32x64xf32>
    (%5) = "pd_op.matmul" (%4, %3) {stop_gradient:[false],transpose_x:false,transpose_y:false} : (tensor<32x64xf32>, tensor<64x4xf32>) -> tensor<32x4xf32>
    (%6) = "pd_op.softmax" (%5) {axis:-1,stop_gradient:[false]} : (tensor<32x4xf32>) -> tensor<32x4xf32>
    (%7) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%8) = "pd_op.unsqueeze" (%4, %7) {stop_gradient:[true]} : (tensor<32x64xf32>, tensor<1xi64>) -> tensor<1x32x64xf32>
    (%9) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[4,32,64]} : () -> tensor<3xi64>
    (%10) = "pd_op.expand" (%8, %9) {stop_gradient:[true]} : (tensor<1x32x64xf32>, tensor<3xi64>) -> tensor<4x32x64xf32>
    (%11) = "pd_op.bmm" (%10, %2) {stop_gradient:[false]} : (tensor<4x32x64xf32>, tensor<4x64x128xf32>) -> tensor<4x32x128xf32>
    (%12) = "pd_op.add" (%11, %1) {stop_gradient:[false]} : (tensor<4x32x128xf32>, tensor<4x1x128xf32>) -> tensor<4x32x128xf32>
    (%13) = "pd_op.gelu" (%12) {approximate:false,stop_gradient:[false]} : (tensor<4x32x128xf32>) -> tensor<4x32x128xf32>
    (%14) = "pd_op.bmm" (%13, %0) {stop_gradient:[false]} : (tensor<4x32x128xf32>, tensor<4x128x64xf32>) -> tensor<4x32x64xf32>
    (%15) = "pd_op.transpose" (%6) {perm:[1,0],stop_gradient:[false]} : (tensor<32x4xf32>) -> tensor<4x32xf32>
    (%16) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[-1]} : () -> tensor<1xi64>
    (%17) = "pd_op.unsqueeze" (%15, %16) {stop_gradient:[false]} : (tensor<4x32xf32>, tensor<1xi64>) -> tensor<4x32x1xf32>
    (%18) = "pd_op.multiply" (%14, %17) {stop_gradient:[false]} : (tensor<4x32x64xf32>, tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    (%19) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%20) = "pd_op.sum" (%18, %19) {dtype:Undefined,keepdim:false,stop_gradient:[false]} : (tensor<4x32x64xf32>, tensor<1xi64>) -> tensor<32x64xf32>
    (%21) = "pd_op.fetch" (%20) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[false]} : (tensor<32x64xf32>) -> tensor<32x64xf32>
}
