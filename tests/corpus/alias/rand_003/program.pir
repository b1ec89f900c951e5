{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
    (%4) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%5) = "pd_op.slice" (%1, %3, %4) {axes:[0],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x3xf32>
    (%6) = "pd_op.sin" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%7) = "pd_op.tanh" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%8) = "pd_op.sigmoid" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%9) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%10) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
    (%11) = "pd_op.less_than" (%9, %10) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%12, %13, %14) = "pd_op.while" (cond=%11, inputs=%9, %7, %8) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}, %arg_2 {stop_gradient:true}
        (%15) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%16) = "pd_op.add_" (%5, %5) {stop_gradient:[true]} : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
        (%17) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
        (%18) = "pd_op.unsqueeze" (%16, %17) {stop_gradient:[true]} : (tensor<1x3xf32>, tensor<1xi64>) -> tensor<1x1x3xf32>
        (%19) = "pd_op.tanh" (%arg_2) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%20) = "pd_op.tanh" (%arg_2) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%21) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%22) = "pd_op.less_than" (%15, %21) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%22, %15, %19, %20) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%23) = "pd_op.relu" (%14) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%24) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%25) = "pd_op.unsqueeze_" (%13, %24) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    (%26) = "pd_op.sin" (%14) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%27) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%28) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%29) = "pd_op.less_than" (%27, %28) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
    (%30, %31) = "pd_op.if" (%29) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
        (%32) = "pd_op.sin" (%14) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%33) = "pd_op.tanh_" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%32, %32) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    } else {
        (%34) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
        (%35) = "pd_op.unsqueeze" (%5, %34) {stop_gradient:[true]} : (tensor<1x3xf32>, tensor<1xi64>) -> tensor<1x1x3xf32>
        (%36) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%37) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
        (%38) = "pd_op.less_than" (%36, %37) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
        (%39, %40) = "pd_op.if" (%38) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3x1xf32> {
            (%41) = "pd_op.cos" (%5) {stop_gradient:[true]} : (tensor<1x3xf32>) -> tensor<1x3xf32>
            (%42) = "pd_op.sin" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%43) = "pd_op.sin" (%25) {stop_gradient:[true]} : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
            () = "cf.yield" (%42, %43) {} : (tensor<2x3xf32>, tensor<2x3x1xf32>) -> 
        } else {
            (%44) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
            (%45) = "pd_op.scale_" (%23, %44) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
            (%46) = "pd_op.flatten" (%1) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<6xf32>
            (%47) = "pd_op.exp" (%25) {stop_gradient:[true]} : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
            () = "cf.yield" (%45, %47) {} : (tensor<2x3xf32>, tensor<2x3x1xf32>) -> 
        }
        () = "cf.yield" (%39, %39) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%48) = "pd_op.relu" (%14) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%49) = "pd_op.fetch" (%48) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%50) = "pd_op.fetch" (%6) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
