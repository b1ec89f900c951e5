{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%5) = "pd_op.increment_" (%3) {stop_gradient:[true],value:1} : (tensor<1xf32>) -> tensor<1xf32>
    (%6) = "pd_op.tanh" (%3) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%7) = "pd_op.sin" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%8) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%9) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:3} : () -> tensor<i64>
    (%10) = "pd_op.less_than" (%8, %9) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%11, %12, %13) = "pd_op.while" (cond=%10, inputs=%8, %6, %7) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}, %arg_2 {stop_gradient:true}
        (%14) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%15) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%16) = "pd_op.tanh" (%arg_1) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%17) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:3} : () -> tensor<i64>
        (%18) = "pd_op.less_than" (%14, %17) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%18, %14, %16, %15) {} : (tensor<1xb>, tensor<1xi64>, tensor<1xf32>, tensor<2x3xf32>) -> 
    }
    (%19) = "pd_op.sin_" (%13) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%20) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%21) = "pd_op.unsqueeze" (%0, %20) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    (%22) = "pd_op.abs" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%23) = "pd_op.fetch" (%22) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%24) = "pd_op.fetch" (%13) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%25) = "pd_op.fetch" (%4) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%26) = "pd_op.fetch" (%12) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
}
