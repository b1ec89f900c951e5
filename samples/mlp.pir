{
    (%0) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"linear_2.b_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<10xf32>
    (%1) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"linear_2.w_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<24x10xf32>
    (%2) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"linear_1.b_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<24xf32>
    (%3) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"linear_1.w_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<32x24xf32>
    (%4) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"linear_0.b_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<32xf32>
    (%5) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"linear_0.w_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<16x32xf32>
    (%6) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,16],stop_gradient:[true]} : () -> tensor<-1x16xf32>
    (%7) = "pd_op.matmul" (%6, %5) {stop_gradient:[false],struct_name:"/Linear/",transpose_x:false,transpose_y:false} : (tensor<-1x16xf32>, tensor<16x32xf32>) -> tensor<-1x32xf32>
    (%8) = "pd_op.add" (%7, %4) {stop_gradient:[false],struct_name:"/Linear/"} : (tensor<-1x32xf32>, tensor<32xf32>) -> tensor<-1x32xf32>
    (%9) = "pd_op.relu" (%8) {stop_gradient:[false]} : (tensor<-1x32xf32>) -> tensor<-1x32xf32>
    (%10) = "pd_op.matmul" (%9, %3) {stop_gradient:[false],struct_name:"/Linear_1/",transpose_x:false,transpose_y:false} : (tensor<-1x32xf32>, tensor<32x24xf32>) -> tensor<-1x24xf32>
    (%11) = "pd_op.add" (%10, %2) {stop_gradient:[false],struct_name:"/Linear_1/"} : (tensor<-1x24xf32>, tensor<24xf32>) -> tensor<-1x24xf32>
    (%12) = "pd_op.tanh" (%11) {stop_gradient:[false]} : (tensor<-1x24xf32>) -> tensor<-1x24xf32>
    (%13) = "pd_op.matmul" (%12, %1) {stop_gradient:[false],struct_name:"/Linear_2/",transpose_x:false,transpose_y:false} : (tensor<-1x24xf32>, tensor<24x10xf32>) -> tensor<-1x10xf32>
    (%14) = "pd_op.add" (%13, %0) {stop_gradient:[false],struct_name:"/Linear_2/"} : (tensor<-1x10xf32>, tensor<10xf32>) -> tensor<-1x10xf32>
    (%15) = "pd_op.softmax" (%14) {axis:-1,stop_gradient:[false]} : (tensor<-1x10xf32>) -> tensor<-1x10xf32>
    (%16) = "pd_op.fetch" (%15) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[false]} : (tensor<-1x10xf32>) -> tensor<-1x10xf32>
    (%17) = "pd_op.fetch" (%14) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[false]} : (tensor<-1x10xf32>) -> tensor<-1x10xf32>
}
