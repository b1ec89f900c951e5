{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%5) = "pd_op.increment_" (%3) {stop_gradient:[true],value:1} : (tensor<1xf32>) -> tensor<1xf32>
    (%6) = "pd_op.sin" (%4) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%7) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%8) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
    (%9) = "pd_op.less_than" (%7, %8) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%10) = "pd_op.while" (cond=%9, inputs=%7) { 
    ^%arg_0 {stop_gradient:true}
        (%11) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%12) = "pd_op.cos_" (%4) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%13) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
        (%14) = "pd_op.less_than" (%11, %13) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%14, %11) {} : (tensor<1xb>, tensor<1xi64>) -> 
    }
    (%15) = "pd_op.sin" (%6) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%16) = "pd_op.sigmoid_" (%4) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%17) = "pd_op.cos" (%15) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%18) = "pd_op.relu" (%15) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%19) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%20) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:3} : () -> tensor<i64>
    (%21) = "pd_op.less_than" (%19, %20) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%22, %23) = "pd_op.while" (cond=%21, inputs=%19, %18) { 
    ^%arg_1 {stop_gradient:true}, %arg_2 {stop_gradient:true}
        (%24) = "pd_op.increment_" (%arg_1) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%25) = "pd_op.cos_" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%26) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
        (%27) = "pd_op.scale" (%0, %26) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
        (%28) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
        (%29) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%30) = "pd_op.slice" (%0, %28, %29) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
        (%31) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:3} : () -> tensor<i64>
        (%32) = "pd_op.less_than" (%24, %31) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%32, %24, %17) {} : (tensor<1xb>, tensor<1xi64>, tensor<1xf32>) -> 
    }
    (%33) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
    (%34) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%35) = "pd_op.slice" (%0, %33, %34) {axes:[0],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x3xf32>
    (%36) = "pd_op.cos" (%4) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%37, %38) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<1xf32>, tensor<1x1xf32> {
        (%39) = "pd_op.cos" (%16) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%40) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
        (%41) = "pd_op.reshape" (%39, %40) {stop_gradient:[true]} : (tensor<1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
        () = "cf.yield" (%39, %41) {} : (tensor<1xf32>, tensor<1x1xf32>) -> 
    } else {
        (%42) = "pd_op.exp" (%16) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%43) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
        (%44) = "pd_op.reshape" (%42, %43) {stop_gradient:[true]} : (tensor<1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
        () = "cf.yield" (%42, %44) {} : (tensor<1xf32>, tensor<1x1xf32>) -> 
    }
    (%45) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%46) = "pd_op.unsqueeze" (%23, %45) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
    (%47) = "pd_op.fetch" (%46) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
    (%48) = "pd_op.fetch" (%37) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%49) = "pd_op.fetch" (%36) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%50) = "pd_op.fetch" (%6) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%51) = "pd_op.fetch" (%3) {col:4,name:"fetch_name_4",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
}
