{
    (%0) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"linear_0.b_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<4xf32>
    (%1) = "builtin.parameter" () {is_distributed:[false],is_parameter:[true],need_clip:[true],parameter_name:"linear_0.w_0",persistable:[true],stop_gradient:[false],trainable:[true]} : () -> tensor<4x4xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,4],stop_gradient:[true]} : () -> tensor<-1x4xf32>
    (%3) = "pd_op.data" () {dtype:int64,name:"steps",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xi64>
    (%4) = "pd_op.create_array" () {dtype:float32,stop_gradient:[true]} : () -> pd_op.tensor_array<f32>
    (%5) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%6) = "pd_op.cast" (%2) {dtype:float32,stop_gradient:[true]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%7) = "pd_op.array_write_" (%4, %6, %5) {} : (pd_op.tensor_array<f32>, tensor<-1x4xf32>, tensor<1xi64>) -> pd_op.tensor_array<f32>
    (%8) = "pd_op.less_than" (%5, %3) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
    (%9, %10) = "pd_op.while" (cond=%8, inputs=%5, %2) { 
    ^%arg_0 {}, %arg_1 {}
        (%11) = "pd_op.matmul" (%arg_1, %1) {stop_gradient:[false],transpose_x:false,transpose_y:false} : (tensor<-1x4xf32>, tensor<4x4xf32>) -> tensor<-1x4xf32>
        (%12) = "pd_op.add" (%11, %0) {stop_gradient:[false]} : (tensor<-1x4xf32>, tensor<4xf32>) -> tensor<-1x4xf32>
        (%13) = "pd_op.tanh" (%12) {stop_gradient:[false]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
        (%14) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
        (%15) = "pd_op.scale" (%arg_0, %14) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xi64>, tensor<1xf32>) -> tensor<1xi64>
        (%16) = "pd_op.cast" (%13) {dtype:float32,stop_gradient:[false]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
        (%17) = "pd_op.array_write_" (%4, %16, %15) {} : (pd_op.tensor_array<f32>, tensor<-1x4xf32>, tensor<1xi64>) -> pd_op.tensor_array<f32>
        (%18) = "pd_op.less_than" (%15, %3) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        () = "cf.yield" (%18, %15, %13) {} : (tensor<1xb>, tensor<1xi64>, tensor<-1x4xf32>) -> 
    }
    (%19) = "pd_op.array_length" (%4) {} : (pd_op.tensor_array<f32>) -> tensor<1xi64>
    (%20) = "pd_op.array_read" (%4, %9) {stop_gradient:[true]} : (pd_op.tensor_array<f32>, tensor<1xi64>) -> tensor<-1x-1xf32>
    (%21, %22) = "pd_op.array_to_tensor" (%4) {axis:1,stop_gradient:[true,true],use_stack:true} : (pd_op.tensor_array<f32>) -> tensor<-1x-1x4xf32>, tensor<-1xi32>
    (%23, %24) = "pd_op.array_to_tensor" (%4) {axis:0,stop_gradient:[true,true],use_stack:false} : (pd_op.tensor_array<f32>) -> tensor<-1x4xf32>, tensor<-1xi32>
    (%25) = "pd_op.fetch" (%19) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<1xi64>) -> tensor<1xi64>
    (%26) = "pd_op.fetch" (%20) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<-1x-1xf32>) -> tensor<-1x-1xf32>
    (%27) = "pd_op.fetch" (%21) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<-1x-1x4xf32>) -> tensor<-1x-1x4xf32>
    (%28) = "pd_op.fetch" (%23) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%29) = "pd_op.fetch" (%24) {col:4,name:"fetch_name_4",persistable:[true],stop_gradient:[true]} : (tensor<-1xi32>) -> tensor<-1xi32>
    (%30) = "pd_op.fetch" (%10) {col:5,name:"fetch_name_5",persistable:[true],stop_gradient:[true]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
}
