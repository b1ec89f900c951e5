{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.relu" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.sin" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%5) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%6) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
    (%7) = "pd_op.less_than" (%5, %6) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%8, %9, %10) = "pd_op.while" (cond=%7, inputs=%5, %3, %4) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}, %arg_2 {stop_gradient:true}
        (%11) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%12) = "pd_op.add" (%arg_2, %0) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
        (%13) = "pd_op.exp" (%12) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%14) = "pd_op.tanh" (%arg_2) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%15) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%16) = "pd_op.less_than" (%11, %15) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%16, %11, %14, %13) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%17) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%18) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%19) = "pd_op.slice" (%1, %17, %18) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
    (%20) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%21) = "pd_op.scale" (%0, %20) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%22) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%23) = "pd_op.scale" (%10, %22) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%24) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,6]} : () -> tensor<2xi64>
    (%25) = "pd_op.reshape" (%23, %24) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<1x6xf32>
    (%26) = "pd_op.fetch" (%25) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
    (%27) = "pd_op.fetch" (%10) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%28) = "pd_op.fetch" (%21) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%29) = "pd_op.fetch" (%23) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
