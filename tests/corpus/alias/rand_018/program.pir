{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.tanh" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.subtract" (%1, %1) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%5) = "pd_op.exp" (%3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%6) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%7) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
    (%8) = "pd_op.less_than" (%6, %7) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%9, %10) = "pd_op.while" (cond=%8, inputs=%6, %5) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}
        (%11) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%12) = "pd_op.if" (%2) {stop_gradient:[true]} -> tensor<2x3xf32> {
            (%13) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
            (%14) = "pd_op.scale_" (%arg_1, %13) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
            (%15) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
            (%16) = "pd_op.scale" (%0, %15) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
            (%17) = "pd_op.abs_" (%14) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            () = "cf.yield" (%16) {} : (tensor<2x3xf32>) -> 
        } else {
            (%18) = "pd_op.cos" (%3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            () = "cf.yield" (%18) {} : (tensor<2x3xf32>) -> 
        }
        (%19) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
        (%20) = "pd_op.scale" (%1, %19) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
        (%21) = "pd_op.tanh" (%arg_1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%22) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
        (%23) = "pd_op.less_than" (%11, %22) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%23, %11, %21) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>) -> 
    }
    (%24) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%25) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%26) = "pd_op.slice" (%0, %24, %25) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
    (%27) = "pd_op.subtract" (%1, %1) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%28, %29) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<6xf32> {
        (%30) = "pd_op.tanh" (%3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%31) = "pd_op.flatten" (%30) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<6xf32>
        () = "cf.yield" (%30, %31) {} : (tensor<2x3xf32>, tensor<6xf32>) -> 
    } else {
        (%32) = "pd_op.cos" (%3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%33) = "pd_op.relu_" (%32) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%34) = "pd_op.flatten" (%32) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<6xf32>
        () = "cf.yield" (%32, %34) {} : (tensor<2x3xf32>, tensor<6xf32>) -> 
    }
    (%35) = "pd_op.sigmoid_" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%36, %37) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3x1xf32> {
        (%38) = "pd_op.relu" (%10) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%39) = "pd_op.exp_" (%38) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%40) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%41) = "pd_op.unsqueeze" (%38, %40) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
        () = "cf.yield" (%38, %41) {} : (tensor<2x3xf32>, tensor<2x3x1xf32>) -> 
    } else {
        (%42) = "pd_op.tanh" (%10) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%43) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%44) = "pd_op.unsqueeze" (%42, %43) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
        () = "cf.yield" (%42, %44) {} : (tensor<2x3xf32>, tensor<2x3x1xf32>) -> 
    }
    (%45) = "pd_op.fetch" (%37) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    (%46) = "pd_op.fetch" (%1) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
