{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.multiply" (%1, %0) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.multiply" (%1, %0) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%5) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%6) = "pd_op.unsqueeze" (%4, %5) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    (%7, %8) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
        (%9) = "pd_op.tanh" (%6) {stop_gradient:[true]} : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
        (%10) = "pd_op.tanh" (%6) {stop_gradient:[true]} : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
        (%11) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
        (%12) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
        (%13) = "pd_op.less_than" (%11, %12) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        (%14) = "pd_op.while" (cond=%13, inputs=%11) { 
        ^%arg_0 {stop_gradient:true}
            (%15) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
            (%16) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
            (%17) = "pd_op.scale_" (%1, %16) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
            (%18) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
            (%19) = "pd_op.reshape" (%9, %18) {stop_gradient:[true]} : (tensor<2x3x1xf32>, tensor<2xi64>) -> tensor<3x2xf32>
            (%20) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
            (%21) = "pd_op.less_than" (%15, %20) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
            () = "cf.yield" (%21, %15) {} : (tensor<1xb>, tensor<1xi64>) -> 
        }
        () = "cf.yield" (%3, %3) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    } else {
        (%22, %23) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<1x6xf32> {
            (%24) = "pd_op.exp" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%25) = "pd_op.sigmoid_" (%24) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%26) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,6]} : () -> tensor<2xi64>
            (%27) = "pd_op.reshape" (%24, %26) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<1x6xf32>
            () = "cf.yield" (%24, %27) {} : (tensor<2x3xf32>, tensor<1x6xf32>) -> 
        } else {
            (%28) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,6]} : () -> tensor<2xi64>
            (%29) = "pd_op.reshape" (%1, %28) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<1x6xf32>
            () = "cf.yield" (%1, %29) {} : (tensor<2x3xf32>, tensor<1x6xf32>) -> 
        }
        () = "cf.yield" (%22, %22) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%30) = "pd_op.sigmoid" (%6) {stop_gradient:[true]} : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    (%31) = "pd_op.multiply" (%1, %0) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%32) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%33) = "pd_op.unsqueeze" (%31, %32) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
    (%34) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
    (%35) = "pd_op.scale_" (%3, %34) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%36) = "pd_op.fetch" (%35) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%37) = "pd_op.fetch" (%33) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
    (%38) = "pd_op.fetch" (%1) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%39) = "pd_op.fetch" (%6) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    (%40) = "pd_op.fetch" (%31) {col:4,name:"fetch_name_4",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
