{
    (%0) = "builtin.parameter" () {parameter_name:"linear_0.w_0",persistable:[true],stop_gradient:[false]} : () -> tensor<3x3xf32>
    (%1) = "builtin.parameter" () {parameter_name:"linear_0.b_0",persistable:[true],stop_gradient:[false]} : () -> tensor<3xf32>
    (%2) = "pd_op.feed" () {col:0,name:"x",persistable:[false],stop_gradient:[false]} : () -> tensor<-1x3xf32>
    (%3) = "pd_op.full" () {dtype:int64,persistable:[false],place:Place(undefined:0),shape:[1],stop_gradient:[false],value:0} : () -> tensor<1xi64>
    (%4) = "pd_op.full" () {dtype:int64,persistable:[false],place:Place(undefined:0),shape:[1],stop_gradient:[false],value:4} : () -> tensor<1xi64>
    (%5) = "pd_op.less_than" (%3, %4) {persistable:[false],stop_gradient:[false]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
    (%6, %7) = "pd_op.while" (cond=%5, inputs=%2, %3) { 
    ^%arg_0 {}, %arg_1 {}
        (%8) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],value:2} : () -> tensor<1xi64>
        (%9) = "pd_op.remainder" (%arg_1, %8) {} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
        (%10) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],value:0} : () -> tensor<1xi64>
        (%11) = "pd_op.equal" (%9, %10) {} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        (%12) = "pd_op.if" (%11) {fake_false_branch:true} -> tensor<-1x3xf32> {
            (%13) = "pd_op.matmul" (%arg_0, %0) {transpose_x:false,transpose_y:false} : (tensor<-1x3xf32>, tensor<3x3xf32>) -> tensor<-1x3xf32>
            (%14) = "pd_op.add" (%13, %1) {} : (tensor<-1x3xf32>, tensor<3xf32>) -> tensor<-1x3xf32>
            (%15) = "pd_op.tanh" (%14) {} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
            (%16) = "pd_op.assign" (%15) {} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
            () = "cf.yield" (%16) {} : (tensor<-1x3xf32>) -> 
        } else {
            (%17) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1,3],stop_gradient:[true],value:0} : () -> tensor<1x3xf32>
            () = "cf.yield" (%17) {} : (tensor<1x3xf32>) -> 
        }
        (%18) = "pd_op.logical_not" (%11) {} : (tensor<1xb>) -> tensor<1xb>
        (%19) = "pd_op.if" (%18) {fake_false_branch:true} -> tensor<-1x3xf32> {
            (%20) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
            (%21) = "pd_op.scale" (%arg_0, %20) {bias:0,bias_after_scale:true} : (tensor<-1x3xf32>, tensor<1xf32>) -> tensor<-1x3xf32>
            (%22) = "pd_op.assign" (%21) {} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
            () = "cf.yield" (%22) {} : (tensor<-1x3xf32>) -> 
        } else {
            (%23) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1,3],stop_gradient:[true],value:0} : () -> tensor<1x3xf32>
            () = "cf.yield" (%23) {} : (tensor<1x3xf32>) -> 
        }
        (%24) = "pd_op.cast" (%11) {dtype:int32,mkldnn_data_type:"float32",onednn_data_type:""} : (tensor<1xb>) -> tensor<1xi32>
        (%25) = "pd_op.select_input" (%24, %19, %12) {} : (tensor<1xi32>, tensor<-1x3xf32>, tensor<-1x3xf32>) -> tensor<-1x3xf32>
        (%26) = "pd_op.increment_" (%arg_1) {value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%27) = "pd_op.less_than" (%26, %4) {} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        (%28) = "pd_op.assign_out_" (%25, %arg_0) {} : (tensor<-1x3xf32>, tensor<-1x3xf32>) -> tensor<-1x3xf32>
        (%29) = "pd_op.assign_out_" (%27, %5) {} : (tensor<1xb>, tensor<1xb>) -> tensor<1xb>
        () = "cf.yield" (%29, %28, %26) {} : (tensor<1xb>, tensor<-1x3xf32>, tensor<1xi64>) -> 
    }
    (%30) = "pd_op.softmax" (%6) {axis:-1,persistable:[false],stop_gradient:[false]} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
    (%31) = "pd_op.fetch" (%30) {col:0,name:"softmax_0.tmp_0"} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
    (%32) = "pd_op.fetch" (%6) {col:1,name:"x"} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
}
