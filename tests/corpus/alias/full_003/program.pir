{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.relu" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.cos_" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%5) = "pd_op.tanh" (%4) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%6) = "pd_op.cos" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%7) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%8) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
    (%9) = "pd_op.less_than" (%7, %8) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%10, %11, %12) = "pd_op.while" (cond=%9, inputs=%7, %5, %6) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}, %arg_2 {stop_gradient:true}
        (%13) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%14) = "pd_op.sin" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%15) = "pd_op.tanh" (%3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%16) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
        (%17) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%18) = "pd_op.slice" (%3, %16, %17) {axes:[0],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x3xf32>
        (%19) = "pd_op.if" (%2) {stop_gradient:[true]} -> tensor<2x3xf32> {
            (%20) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
            (%21) = "pd_op.scale" (%14, %20) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
            (%22) = "pd_op.exp" (%arg_1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%23) = "pd_op.exp" (%22) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            () = "cf.yield" (%23) {} : (tensor<2x3xf32>) -> 
        } else {
            (%24) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
            (%25) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
            (%26) = "pd_op.slice" (%arg_2, %24, %25) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
            () = "cf.yield" (%1) {} : (tensor<2x3xf32>) -> 
        }
        (%27) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%28) = "pd_op.less_than" (%13, %27) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%28, %13, %arg_2, %15) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%29) = "pd_op.relu" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%30) = "pd_op.add" (%4, %0) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%31) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[6]} : () -> tensor<1xi64>
    (%32) = "pd_op.reshape" (%12, %31) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
    (%33) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
    (%34) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%35) = "pd_op.slice" (%29, %33, %34) {axes:[0],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x3xf32>
    (%36) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
    (%37) = "pd_op.reshape" (%32, %36) {stop_gradient:[true]} : (tensor<6xf32>, tensor<2xi64>) -> tensor<3x2xf32>
    (%38) = "pd_op.fetch" (%37) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%39) = "pd_op.fetch" (%12) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
