{
    (%0) = "builtin.parameter" () {parameter_name:"linear_0.w_0",persistable:[true],stop_gradient:[false]} : () -> tensor<4x4xf32>
    (%1) = "builtin.parameter" () {parameter_name:"linear_0.b_0",persistable:[true],stop_gradient:[false]} : () -> tensor<4xf32>
    (%2) = "pd_op.feed" () {col:0,name:"x",persistable:[false],stop_gradient:[false]} : () -> tensor<-1x4xf32>
    (%3) = "pd_op.full" () {dtype:int64,persistable:[false],place:Place(undefined:0),shape:[1],stop_gradient:[false],value:0} : () -> tensor<1xi64>
    (%4) = "pd_op.full" () {dtype:int64,persistable:[false],place:Place(undefined:0),shape:[1],stop_gradient:[false],value:3} : () -> tensor<1xi64>
    (%5) = "pd_op.less_than" (%3, %4) {persistable:[false],stop_gradient:[false]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
    (%6, %7) = "pd_op.while" (cond=%5, inputs=%2, %3) { 
    ^%arg_0 {}, %arg_1 {}
        (%8) = "pd_op.increment_" (%arg_1) {value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%9) = "pd_op.matmul" (%arg_0, %0) {transpose_x:false,transpose_y:false} : (tensor<-1x4xf32>, tensor<4x4xf32>) -> tensor<-1x4xf32>
        (%10) = "pd_op.add" (%9, %1) {} : (tensor<-1x4xf32>, tensor<4xf32>) -> tensor<-1x4xf32>
        (%11) = "pd_op.tanh" (%10) {} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
        (%12) = "pd_op.less_than" (%8, %4) {} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        (%13) = "pd_op.assign_out_" (%11, %arg_0) {} : (tensor<-1x4xf32>, tensor<-1x4xf32>) -> tensor<-1x4xf32>
        (%14) = "pd_op.assign_out_" (%12, %5) {} : (tensor<1xb>, tensor<1xb>) -> tensor<1xb>
        () = "cf.yield" (%14, %13, %8) {} : (tensor<1xb>, tensor<-1x4xf32>, tensor<1xi64>) -> 
    }
    (%15) = "pd_op.softmax" (%6) {axis:-1,persistable:[false],stop_gradient:[false]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%16) = "pd_op.fetch" (%15) {col:0,name:"softmax_0.tmp_0"} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%17) = "pd_op.fetch" (%7) {col:1,name:"fill_constant_1.tmp_0"} : (tensor<1xi64>) -> tensor<1xi64>
}
