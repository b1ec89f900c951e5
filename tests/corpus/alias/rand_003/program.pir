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
    (%24) = "pd_op.sin_" (%13) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%25) = "pd_op.sin" (%14) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%26) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%27) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%28) = "pd_op.less_than" (%26, %27) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
    (%29, %30) = "pd_op.if" (%28) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
        (%31) = "pd_op.sin" (%14) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%32) = "pd_op.tanh_" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%31, %31) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    } else {
        (%33) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
        (%34) = "pd_op.unsqueeze" (%5, %33) {stop_gradient:[true]} : (tensor<1x3xf32>, tensor<1xi64>) -> tensor<1x1x3xf32>
        (%35) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%36) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
        (%37) = "pd_op.less_than" (%35, %36) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
        (%38, %39) = "pd_op.if" (%37) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
            (%40) = "pd_op.cos" (%5) {stop_gradient:[true]} : (tensor<1x3xf32>) -> tensor<1x3xf32>
            (%41) = "pd_op.sin" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            () = "cf.yield" (%41, %41) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        } else {
            (%42) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
            (%43) = "pd_op.scale" (%14, %42) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
            (%44) = "pd_op.flatten" (%34) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<1x1x3xf32>) -> tensor<1x3xf32>
            () = "cf.yield" (%43, %43) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        }
        () = "cf.yield" (%38, %38) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%45) = "pd_op.add_" (%0, %6) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%46) = "pd_op.fetch" (%45) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%47) = "pd_op.fetch" (%30) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%48) = "pd_op.fetch" (%1) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%49) = "pd_op.fetch" (%6) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
