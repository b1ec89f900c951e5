{
    (%0) = "builtin.parameter" () {parameter_name:"fc_0.w_0",persistable:[true],stop_gradient:[false]} : () -> tensor<8x16xf32>
    (%1) = "builtin.parameter" () {parameter_name:"fc_0.b_0",persistable:[true],stop_gradient:[false]} : () -> tensor<16xf32>
    (%2) = "builtin.parameter" () {parameter_name:"linear_0.w_0",persistable:[true],stop_gradient:[false]} : () -> tensor<16x4xf32>
    (%3) = "builtin.parameter" () {parameter_name:"linear_0.b_0",persistable:[true],stop_gradient:[false]} : () -> tensor<4xf32>
    (%4) = "pd_op.feed" () {col:0,name:"x",persistable:[false],stop_gradient:[false]} : () -> tensor<-1x8xf32>
    (%5) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[-1,8]} : () -> tensor<2xi64>
    (%6) = "pd_op.reshape" (%4, %5) {stop_gradient:[true]} : (tensor<-1x8xf32>, tensor<2xi64>) -> tensor<-1x8xf32>
    (%7) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[8,16]} : () -> tensor<2xi64>
    (%8) = "pd_op.reshape" (%0, %7) {stop_gradient:[true]} : (tensor<8x16xf32>, tensor<2xi64>) -> tensor<8x16xf32>
    (%9) = "pd_op.matmul" (%6, %8) {persistable:[false],stop_gradient:[false],transpose_x:false,transpose_y:false} : (tensor<-1x8xf32>, tensor<8x16xf32>) -> tensor<-1x16xf32>
    (%10) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[-1,16]} : () -> tensor<2xi64>
    (%11) = "pd_op.reshape" (%9, %10) {persistable:[false],stop_gradient:[false]} : (tensor<-1x16xf32>, tensor<2xi64>) -> tensor<-1x16xf32>
    (%12) = "pd_op.add" (%11, %1) {persistable:[false],stop_gradient:[false]} : (tensor<-1x16xf32>, tensor<16xf32>) -> tensor<-1x16xf32>
    (%13) = "pd_op.relu" (%12) {persistable:[false],stop_gradient:[false]} : (tensor<-1x16xf32>) -> tensor<-1x16xf32>
    (%14) = "pd_op.matmul" (%13, %2) {persistable:[false],stop_gradient:[false],transpose_x:false,transpose_y:false} : (tensor<-1x16xf32>, tensor<16x4xf32>) -> tensor<-1x4xf32>
    (%15) = "pd_op.add" (%14, %3) {persistable:[false],stop_gradient:[false]} : (tensor<-1x4xf32>, tensor<4xf32>) -> tensor<-1x4xf32>
    (%16) = "pd_op.softmax" (%15) {axis:-1,persistable:[false],stop_gradient:[false]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%17) = "pd_op.fetch" (%16) {col:0,name:"softmax_0.tmp_0"} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
}
