{
    (%0) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[false],parameter_name:"fc_0.b_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<4xf32>
    (%1) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[false],parameter_name:"fc_0.w_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<4x4xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,4],stop_gradient:[true]} : () -> tensor<-1x4xf32>
    (%3) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[]} : () -> tensor<0xi64>
    (%4) = "pd_op.mean" (%2, %3) {keepdim:false,persistable:[false],stop_gradient:[false]} : (tensor<-1x4xf32>, tensor<0xi64>) -> tensor<f32>
    (%5) = "pd_op.full" () {dtype:float32,persistable:[false],place:Place(undefined:0),shape:[],stop_gradient:[false],value:0} : () -> tensor<f32>
    (%6) = "pd_op.greater_than" (%4, %5) {persistable:[false],stop_gradient:[false]} : (tensor<f32>, tensor<f32>) -> tensor<b>
    (%7) = "pd_op.if" (%6) {fake_false_branch:true,persistable:[false],stop_gradient:[false]} -> tensor<-1x4xf32> {
        (%8) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[-1,4]} : () -> tensor<2xi64>
        (%9) = "pd_op.reshape" (%2, %8) {stop_gradient:[true]} : (tensor<-1x4xf32>, tensor<2xi64>) -> tensor<-1x4xf32>
        (%10) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[4,4]} : () -> tensor<2xi64>
        (%11) = "pd_op.reshape" (%1, %10) {stop_gradient:[true]} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<4x4xf32>
        (%12) = "pd_op.matmul" (%9, %11) {transpose_x:false,transpose_y:false} : (tensor<-1x4xf32>, tensor<4x4xf32>) -> tensor<-1x4xf32>
        (%13) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[-1,4]} : () -> tensor<2xi64>
        (%14) = "pd_op.reshape" (%12, %13) {stop_gradient:[true]} : (tensor<-1x4xf32>, tensor<2xi64>) -> tensor<-1x4xf32>
        (%15) = "pd_op.add" (%14, %0) {} : (tensor<-1x4xf32>, tensor<4xf32>) -> tensor<-1x4xf32>
        (%16) = "pd_op.relu" (%15) {} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
        (%17) = "pd_op.assign" (%16) {} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
        () = "cf.yield" (%17) {} : (tensor<-1x4xf32>) -> 
    } else {
        (%18) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1,4],stop_gradient:[true],value:0} : () -> tensor<1x4xf32>
        () = "cf.yield" (%18) {} : (tensor<1x4xf32>) -> 
    }
    (%19) = "pd_op.logical_not" (%6) {persistable:[false],stop_gradient:[false]} : (tensor<b>) -> tensor<b>
    (%20) = "pd_op.if" (%19) {fake_false_branch:true,persistable:[false],stop_gradient:[false]} -> tensor<-1x4xf32> {
        (%21) = "pd_op.tanh" (%2) {} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
        (%22) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
        (%23) = "pd_op.scale" (%21, %22) {bias:0,bias_after_scale:true} : (tensor<-1x4xf32>, tensor<1xf32>) -> tensor<-1x4xf32>
        (%24) = "pd_op.assign" (%23) {} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
        () = "cf.yield" (%24) {} : (tensor<-1x4xf32>) -> 
    } else {
        (%25) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1,4],stop_gradient:[true],value:0} : () -> tensor<1x4xf32>
        () = "cf.yield" (%25) {} : (tensor<1x4xf32>) -> 
    }
    (%26) = "pd_op.cast" (%6) {dtype:int32,persistable:[false],stop_gradient:[false]} : (tensor<b>) -> tensor<i32>
    (%27) = "pd_op.select_input" (%26, %20, %7) {persistable:[false],stop_gradient:[false]} : (tensor<i32>, tensor<-1x4xf32>, tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%28) = "pd_op.softmax" (%27) {axis:-1,persistable:[false],stop_gradient:[false]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%29) = "pd_op.fetch" (%28) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[false]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
}
