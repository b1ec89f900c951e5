{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.tanh" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%5) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
    (%6) = "pd_op.less_than" (%4, %5) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%7, %8) = "pd_op.while" (cond=%6, inputs=%4, %3) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}
        (%9) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%10) = "pd_op.subtract_" (%0, %arg_1) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
        (%11) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%12) = "pd_op.less_than" (%9, %11) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%12, %9, %10) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>) -> 
    }
    (%13) = "pd_op.relu_" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%14) = "pd_op.tanh" (%13) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%15) = "pd_op.sigmoid" (%8) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%16) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%17) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
    (%18) = "pd_op.less_than" (%16, %17) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%19, %20, %21) = "pd_op.while" (cond=%18, inputs=%16, %14, %15) { 
    ^%arg_2 {stop_gradient:true}, %arg_3 {stop_gradient:true}, %arg_4 {stop_gradient:true}
        (%22) = "pd_op.increment_" (%arg_2) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%23) = "pd_op.subtract" (%arg_3, %arg_4) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
        (%24) = "pd_op.sin" (%8) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%25) = "pd_op.tanh" (%arg_4) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%26) = "pd_op.tanh" (%arg_3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%27) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%28) = "pd_op.less_than" (%22, %27) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%28, %22, %25, %26) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%29) = "pd_op.fetch" (%21) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%30) = "pd_op.fetch" (%20) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%31) = "pd_op.fetch" (%8) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
