{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%5) = "pd_op.increment_" (%3) {stop_gradient:[true],value:1} : (tensor<1xf32>) -> tensor<1xf32>
    (%6) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
    (%7) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%8) = "pd_op.slice" (%0, %6, %7) {axes:[0],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x3xf32>
    (%9, %10) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<1xf32> {
        (%11) = "pd_op.sin" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%12) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
        (%13) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
        (%14) = "pd_op.less_than" (%12, %13) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        (%15) = "pd_op.while" (cond=%14, inputs=%12) { 
        ^%arg_0 {stop_gradient:true}
            (%16) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
            (%17) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
            (%18) = "pd_op.scale" (%4, %17) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
            (%19) = "pd_op.exp_" (%4) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
            (%20) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
            (%21) = "pd_op.scale_" (%18, %20) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
            (%22) = "pd_op.multiply" (%0, %0) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
            (%23) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
            (%24) = "pd_op.less_than" (%16, %23) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
            () = "cf.yield" (%24, %16) {} : (tensor<1xb>, tensor<1xi64>) -> 
        }
        (%25) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%26) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
        (%27) = "pd_op.less_than" (%25, %26) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
        (%28, %29) = "pd_op.if" (%27) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<3x2xf32> {
            (%30) = "pd_op.relu" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%31) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
            (%32) = "pd_op.reshape" (%30, %31) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
            () = "cf.yield" (%30, %32) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
        } else {
            (%33) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
            (%34) = "pd_op.reshape" (%1, %33) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
            () = "cf.yield" (%1, %34) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
        }
        (%35) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
        (%36) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%37) = "pd_op.slice" (%0, %35, %36) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
        (%38) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%39) = "pd_op.scale" (%37, %38) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x2xf32>, tensor<1xf32>) -> tensor<2x2xf32>
        () = "cf.yield" (%28, %3) {} : (tensor<2x3xf32>, tensor<1xf32>) -> 
    } else {
        (%40) = "pd_op.sigmoid_" (%3) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%41) = "pd_op.cos" (%4) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        () = "cf.yield" (%0, %3) {} : (tensor<2x3xf32>, tensor<1xf32>) -> 
    }
    (%42) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%43) = "pd_op.scale" (%0, %42) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%44) = "pd_op.subtract" (%8, %8) {stop_gradient:[true]} : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
    (%45) = "pd_op.multiply" (%8, %8) {stop_gradient:[true]} : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
    (%46) = "pd_op.fetch" (%45) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<1x3xf32>) -> tensor<1x3xf32>
    (%47) = "pd_op.fetch" (%3) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%48) = "pd_op.fetch" (%9) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%49) = "pd_op.fetch" (%0) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
