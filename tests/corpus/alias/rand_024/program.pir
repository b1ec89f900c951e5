{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%5) = "pd_op.increment_" (%3) {stop_gradient:[true],value:1} : (tensor<1xf32>) -> tensor<1xf32>
    (%6) = "pd_op.tanh" (%4) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%7) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%8) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%9) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
    (%10) = "pd_op.less_than" (%8, %9) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%11, %12, %13) = "pd_op.while" (cond=%10, inputs=%8, %6, %7) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}, %arg_2 {stop_gradient:true}
        (%14) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%15) = "pd_op.cos" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%16) = "pd_op.sin" (%arg_1) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%17) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
        (%18) = "pd_op.reshape" (%16, %17) {stop_gradient:[true]} : (tensor<1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
        (%19) = "pd_op.relu" (%3) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%20) = "pd_op.tanh" (%arg_2) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%21) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
        (%22) = "pd_op.less_than" (%14, %21) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%22, %14, %16, %20) {} : (tensor<1xb>, tensor<1xi64>, tensor<1xf32>, tensor<2x3xf32>) -> 
    }
    (%23) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%24) = "pd_op.scale" (%4, %23) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    (%25) = "pd_op.sigmoid" (%24) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%26) = "pd_op.cos_" (%12) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%27) = "pd_op.sigmoid" (%24) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%28) = "pd_op.tanh" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%29) = "pd_op.sigmoid" (%26) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%30) = "pd_op.sin" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%31) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%32) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
    (%33) = "pd_op.less_than" (%31, %32) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%34, %35, %36) = "pd_op.while" (cond=%33, inputs=%31, %29, %30) { 
    ^%arg_3 {stop_gradient:true}, %arg_4 {stop_gradient:true}, %arg_5 {stop_gradient:true}
        (%37) = "pd_op.increment_" (%arg_3) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%38) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
        (%39) = "pd_op.reshape" (%25, %38) {stop_gradient:[true]} : (tensor<1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
        (%40) = "pd_op.tanh" (%arg_4) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%41) = "pd_op.tanh" (%arg_5) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%42) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%43) = "pd_op.less_than" (%37, %42) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%43, %37, %40, %41) {} : (tensor<1xb>, tensor<1xi64>, tensor<1xf32>, tensor<2x3xf32>) -> 
    }
    (%44) = "pd_op.cos" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%45) = "pd_op.fetch" (%44) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%46) = "pd_op.fetch" (%28) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
