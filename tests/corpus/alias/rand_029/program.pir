{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.sigmoid" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.relu" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%5) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%6) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
    (%7) = "pd_op.less_than" (%5, %6) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%8, %9, %10) = "pd_op.while" (cond=%7, inputs=%5, %3, %4) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}, %arg_2 {stop_gradient:true}
        (%11) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%12) = "pd_op.tanh" (%arg_1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%13) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
        (%14) = "pd_op.unsqueeze" (%arg_2, %13) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
        (%15) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,6]} : () -> tensor<2xi64>
        (%16) = "pd_op.reshape" (%arg_2, %15) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<1x6xf32>
        (%17) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%18) = "pd_op.less_than" (%11, %17) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%18, %11, %12, %12) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%19) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
    (%20) = "pd_op.scale" (%0, %19) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%21) = "pd_op.cos" (%10) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%22) = "pd_op.sigmoid" (%9) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%23) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%24) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
    (%25) = "pd_op.less_than" (%23, %24) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%26, %27) = "pd_op.while" (cond=%25, inputs=%23, %22) { 
    ^%arg_3 {stop_gradient:true}, %arg_4 {stop_gradient:true}
        (%28) = "pd_op.increment_" (%arg_3) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%29) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
        (%30) = "pd_op.scale_" (%0, %29) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
        (%31) = "pd_op.multiply" (%0, %30) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
        (%32) = "pd_op.flatten" (%9) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<6xf32>
        (%33) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
        (%34) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%35) = "pd_op.slice" (%9, %33, %34) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
        (%36) = "pd_op.tanh" (%arg_4) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%37) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%38) = "pd_op.less_than" (%28, %37) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%38, %28, %36) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>) -> 
    }
    (%39) = "pd_op.cos" (%10) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%40) = "pd_op.multiply_" (%27, %27) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%41, %42) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<6xf32> {
        (%43) = "pd_op.exp" (%9) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%44) = "pd_op.sigmoid_" (%43) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%45) = "pd_op.flatten" (%43) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<6xf32>
        () = "cf.yield" (%43, %45) {} : (tensor<2x3xf32>, tensor<6xf32>) -> 
    } else {
        (%46) = "pd_op.tanh" (%9) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%47) = "pd_op.flatten" (%46) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<6xf32>
        () = "cf.yield" (%46, %47) {} : (tensor<2x3xf32>, tensor<6xf32>) -> 
    }
    (%48) = "pd_op.fetch" (%42) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
    (%49) = "pd_op.fetch" (%21) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%50) = "pd_op.fetch" (%20) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
