{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3, %4) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<3x2xf32> {
        (%5) = "pd_op.cos" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%6) = "pd_op.sin_" (%5) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%7) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
        (%8) = "pd_op.reshape" (%5, %7) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
        () = "cf.yield" (%5, %8) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
    } else {
        (%9) = "pd_op.sigmoid" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%10) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
        (%11) = "pd_op.reshape" (%9, %10) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
        () = "cf.yield" (%9, %11) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
    }
    (%12) = "pd_op.sin_" (%4) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%13) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
    (%14) = "pd_op.scale" (%4, %13) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<3x2xf32>, tensor<1xf32>) -> tensor<3x2xf32>
    (%15) = "pd_op.exp" (%4) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%16) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%17) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
    (%18) = "pd_op.less_than" (%16, %17) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%19, %20) = "pd_op.while" (cond=%18, inputs=%16, %15) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}
        (%21) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%22) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
        (%23) = "pd_op.scale_" (%4, %22) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<3x2xf32>, tensor<1xf32>) -> tensor<3x2xf32>
        (%24) = "pd_op.tanh_" (%23) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
        (%25) = "pd_op.tanh" (%arg_1) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
        (%26) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%27) = "pd_op.less_than" (%21, %26) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%27, %21, %25) {} : (tensor<1xb>, tensor<1xi64>, tensor<3x2xf32>) -> 
    }
    (%28) = "pd_op.sin" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%29) = "pd_op.multiply" (%1, %28) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%30) = "pd_op.fetch" (%29) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%31) = "pd_op.fetch" (%3) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%32) = "pd_op.fetch" (%1) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%33) = "pd_op.fetch" (%14) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%34) = "pd_op.fetch" (%28) {col:4,name:"fetch_name_4",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
