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
    (%10) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%11) = "pd_op.unsqueeze_" (%8, %10) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
    (%12) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
    (%13) = "pd_op.scale" (%8, %12) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%14) = "pd_op.exp" (%4) {stop_gradient:[true]} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
    (%15) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%16) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
    (%17) = "pd_op.less_than" (%15, %16) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%18) = "pd_op.while" (cond=%17, inputs=%15) { 
    ^%arg_0 {stop_gradient:true}
        (%19) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%20, %21) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
            (%22) = "pd_op.abs_" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%23) = "pd_op.sigmoid" (%22) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            () = "cf.yield" (%23, %23) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        } else {
            () = "cf.yield" (%13, %0) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        }
        (%24) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%25) = "pd_op.less_than" (%19, %24) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%25, %19) {} : (tensor<1xb>, tensor<1xi64>) -> 
    }
    (%26) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%27) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%28) = "pd_op.less_than" (%26, %27) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
    (%29, %30) = "pd_op.if" (%28) {stop_gradient:[true,true]} -> tensor<1x2x3xf32>, tensor<1x2x3xf32> {
        (%31) = "pd_op.flatten" (%11) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
        (%32) = "pd_op.sigmoid" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%4, %4) {} : (tensor<1x2x3xf32>, tensor<1x2x3xf32>) -> 
    } else {
        (%33, %34) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
            (%35) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
            (%36) = "pd_op.scale" (%11, %35) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<1x2x3xf32>, tensor<1xf32>) -> tensor<1x2x3xf32>
            () = "cf.yield" (%0, %1) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        } else {
            (%37) = "pd_op.sin_" (%11) {stop_gradient:[true]} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
            () = "cf.yield" (%8, %8) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        }
        () = "cf.yield" (%11, %14) {} : (tensor<1x2x3xf32>, tensor<1x2x3xf32>) -> 
    }
    (%38) = "pd_op.fetch" (%30) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
    (%39) = "pd_op.fetch" (%0) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%40) = "pd_op.fetch" (%13) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%41) = "pd_op.fetch" (%14) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
}
