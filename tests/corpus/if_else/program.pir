{
    (%0) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"linear_0.b_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<8xf32>
    (%1) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"linear_0.w_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<8x8xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,8],stop_gradient:[true]} : () -> tensor<-1x8xf32>
    (%3) = "pd_op.data" () {dtype:bool,name:"flag",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%4) = "pd_op.matmul" (%2, %1) {stop_gradient:[false],struct_name:"/Linear/",transpose_x:false,transpose_y:false} : (tensor<-1x8xf32>, tensor<8x8xf32>) -> tensor<-1x8xf32>
    (%5) = "pd_op.add" (%4, %0) {stop_gradient:[false],struct_name:"/Linear/"} : (tensor<-1x8xf32>, tensor<8xf32>) -> tensor<-1x8xf32>
    (%6) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[]} : () -> tensor<0xi64>
    (%7) = "pd_op.mean" (%5, %6) {keepdim:false,stop_gradient:[false]} : (tensor<-1x8xf32>, tensor<0xi64>) -> tensor<f32>
    (%8) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[],stop_gradient:[true],value:0} : () -> tensor<f32>
    (%9) = "pd_op.greater_than" (%7, %8) {stop_gradient:[true]} : (tensor<f32>, tensor<f32>) -> tensor<b>
    (%10) = "pd_op.if" (%9) {stop_gradient:[false]} -> tensor<-1x8xf32> {
        (%11) = "pd_op.relu" (%5) {stop_gradient:[false]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
        (%12) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
        (%13) = "pd_op.scale" (%11, %12) {bias:0,bias_after_scale:true,stop_gradient:[false]} : (tensor<-1x8xf32>, tensor<1xf32>) -> tensor<-1x8xf32>
        (%14) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
        (%15) = "pd_op.scale" (%13, %14) {bias:1,bias_after_scale:true,stop_gradient:[false]} : (tensor<-1x8xf32>, tensor<1xf32>) -> tensor<-1x8xf32>
        () = "cf.yield" (%15) {} : (tensor<-1x8xf32>) -> 
    } else {
        (%16) = "pd_op.tanh" (%5) {stop_gradient:[false]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
        (%17) = "pd_op.exp" (%16) {stop_gradient:[false]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
        () = "cf.yield" (%17) {} : (tensor<-1x8xf32>) -> 
    }
    (%18) = "pd_op.logical_not" (%3) {stop_gradient:[true]} : (tensor<1xb>) -> tensor<1xb>
    (%19) = "pd_op.if" (%18) {stop_gradient:[true]} -> tensor<-1x8xf32> {
        (%20) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[]} : () -> tensor<0xi64>
        (%21) = "pd_op.sum" (%2, %20) {dtype:Undefined,keepdim:false,stop_gradient:[true]} : (tensor<-1x8xf32>, tensor<0xi64>) -> tensor<f32>
        (%22) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[],stop_gradient:[true],value:0} : () -> tensor<f32>
        (%23) = "pd_op.greater_than" (%21, %22) {stop_gradient:[true]} : (tensor<f32>, tensor<f32>) -> tensor<b>
        (%24) = "pd_op.if" (%23) {stop_gradient:[true]} -> tensor<-1x8xf32> {
            (%25) = "pd_op.sin" (%2) {stop_gradient:[true]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
            () = "cf.yield" (%25) {} : (tensor<-1x8xf32>) -> 
        } else {
            (%26) = "pd_op.cos" (%2) {stop_gradient:[true]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
            (%27) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
            (%28) = "pd_op.scale" (%26, %27) {bias:-1,bias_after_scale:true,stop_gradient:[true]} : (tensor<-1x8xf32>, tensor<1xf32>) -> tensor<-1x8xf32>
            () = "cf.yield" (%28) {} : (tensor<-1x8xf32>) -> 
        }
        (%29) = "pd_op.abs" (%2) {stop_gradient:[true]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
        (%30) = "pd_op.add" (%24, %29) {stop_gradient:[true]} : (tensor<-1x8xf32>, tensor<-1x8xf32>) -> tensor<-1x8xf32>
        () = "cf.yield" (%30) {} : (tensor<-1x8xf32>) -> 
    } else {
        (%31) = "pd_op.multiply" (%2, %2) {stop_gradient:[true]} : (tensor<-1x8xf32>, tensor<-1x8xf32>) -> tensor<-1x8xf32>
        () = "cf.yield" (%31) {} : (tensor<-1x8xf32>) -> 
    }
    (%32) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[]} : () -> tensor<0xi64>
    (%33) = "pd_op.max" (%2, %32) {keepdim:false,stop_gradient:[true]} : (tensor<-1x8xf32>, tensor<0xi64>) -> tensor<f32>
    (%34) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<f32>
    (%35) = "pd_op.greater_than" (%33, %34) {stop_gradient:[true]} : (tensor<f32>, tensor<f32>) -> tensor<b>
    (%36, %37) = "pd_op.if" (%35) {stop_gradient:[true,true]} -> tensor<-1x8xf32>, tensor<-1xf32> {
        (%38) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
        (%39) = "pd_op.scale" (%2, %38) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<-1x8xf32>, tensor<1xf32>) -> tensor<-1x8xf32>
        (%40) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
        (%41) = "pd_op.sum" (%2, %40) {dtype:Undefined,keepdim:false,stop_gradient:[true]} : (tensor<-1x8xf32>, tensor<1xi64>) -> tensor<-1xf32>
        () = "cf.yield" (%39, %41) {} : (tensor<-1x8xf32>, tensor<-1xf32>) -> 
    } else {
        (%42) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
        (%43) = "pd_op.scale" (%2, %42) {bias:-1,bias_after_scale:true,stop_gradient:[true]} : (tensor<-1x8xf32>, tensor<1xf32>) -> tensor<-1x8xf32>
        (%44) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
        (%45) = "pd_op.max" (%2, %44) {keepdim:false,stop_gradient:[true]} : (tensor<-1x8xf32>, tensor<1xi64>) -> tensor<-1xf32>
        () = "cf.yield" (%43, %45) {} : (tensor<-1x8xf32>, tensor<-1xf32>) -> 
    }
    (%46) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[],stop_gradient:[true],value:0} : () -> tensor<f32>
    (%47) = "pd_op.less_equal" (%7, %46) {stop_gradient:[true]} : (tensor<f32>, tensor<f32>) -> tensor<b>
    (%48) = "pd_op.if" (%47) {stop_gradient:[false]} -> tensor<-1x8xf32> {
        (%49) = "pd_op.relu" (%5) {stop_gradient:[false]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
        (%50) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
        (%51) = "pd_op.scale" (%49, %50) {bias:0,bias_after_scale:true,stop_gradient:[false]} : (tensor<-1x8xf32>, tensor<1xf32>) -> tensor<-1x8xf32>
        (%52) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
        (%53) = "pd_op.scale" (%51, %52) {bias:1,bias_after_scale:true,stop_gradient:[false]} : (tensor<-1x8xf32>, tensor<1xf32>) -> tensor<-1x8xf32>
        () = "cf.yield" (%53) {} : (tensor<-1x8xf32>) -> 
    } else {
        (%54) = "pd_op.tanh" (%5) {stop_gradient:[false]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
        (%55) = "pd_op.exp" (%54) {stop_gradient:[false]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
        () = "cf.yield" (%55) {} : (tensor<-1x8xf32>) -> 
    }
    (%56) = "pd_op.fetch" (%10) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[false]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
    (%57) = "pd_op.fetch" (%19) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
    (%58) = "pd_op.fetch" (%36) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
    (%59) = "pd_op.fetch" (%37) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<-1xf32>) -> tensor<-1xf32>
    (%60) = "pd_op.fetch" (%48) {col:4,name:"fetch_name_4",persistable:[true],stop_gradient:[false]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
}
