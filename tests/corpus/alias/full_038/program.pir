{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%4) = "pd_op.unsqueeze" (%1, %3) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
    (%5) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,6]} : () -> tensor<2xi64>
    (%6) = "pd_op.reshape" (%4, %5) {stop_gradient:[true]} : (tensor<1x2x3xf32>, tensor<2xi64>) -> tensor<1x6xf32>
    (%7) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2,3]} : () -> tensor<2xi64>
    (%8) = "pd_op.reshape" (%6, %7) {stop_gradient:[true]} : (tensor<1x6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
    (%9) = "pd_op.sigmoid_" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%10) = "pd_op.sigmoid_" (%8) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%11) = "pd_op.multiply_" (%6, %6) {stop_gradient:[true]} : (tensor<1x6xf32>, tensor<1x6xf32>) -> tensor<1x6xf32>
    (%12) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%13) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%14) = "pd_op.less_than" (%12, %13) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
    (%15) = "pd_op.if" (%14) {stop_gradient:[true]} -> tensor<2x3xf32> {
        (%16) = "pd_op.multiply" (%4, %4) {stop_gradient:[true]} : (tensor<1x2x3xf32>, tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
        (%17) = "pd_op.tanh" (%6) {stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
        (%18) = "pd_op.cos" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%19) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
        (%20) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%21) = "pd_op.less_than" (%19, %20) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        (%22) = "pd_op.while" (cond=%21, inputs=%19) { 
        ^%arg_0 {stop_gradient:true}
            (%23) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
            (%24) = "pd_op.flatten" (%9) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<6xf32>
            (%25) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
            (%26) = "pd_op.less_than" (%23, %25) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
            () = "cf.yield" (%26, %23) {} : (tensor<1xb>, tensor<1xi64>) -> 
        }
        () = "cf.yield" (%18) {} : (tensor<2x3xf32>) -> 
    } else {
        (%27) = "pd_op.cos_" (%11) {stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
        (%28) = "pd_op.cos" (%9) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%29) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
        (%30) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%31) = "pd_op.less_than" (%29, %30) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        (%32) = "pd_op.while" (cond=%31, inputs=%29) { 
        ^%arg_1 {stop_gradient:true}
            (%33) = "pd_op.increment_" (%arg_1) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
            (%34) = "pd_op.exp" (%6) {stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
            (%35) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
            (%36) = "pd_op.less_than" (%33, %35) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
            () = "cf.yield" (%36, %33) {} : (tensor<1xb>, tensor<1xi64>) -> 
        }
        (%37, %38) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
            (%39) = "pd_op.cos" (%11) {stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
            (%40) = "pd_op.cos" (%11) {stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
            (%41) = "pd_op.tanh" (%4) {stop_gradient:[true]} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
            (%42) = "pd_op.exp_" (%40) {stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
            () = "cf.yield" (%8, %8) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        } else {
            (%43) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
            (%44) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
            (%45) = "pd_op.slice" (%28, %43, %44) {axes:[0],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x3xf32>
            (%46) = "pd_op.sigmoid" (%11) {stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
            () = "cf.yield" (%10, %9) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        }
        () = "cf.yield" (%37) {} : (tensor<2x3xf32>) -> 
    }
    (%47) = "pd_op.tanh" (%15) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%48) = "pd_op.fetch" (%47) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%49) = "pd_op.fetch" (%15) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%50) = "pd_op.fetch" (%10) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%51) = "pd_op.fetch" (%11) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
}
