{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%11) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%12) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%13) = "pd_op.slice" (%0, %11, %12) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
    (%14) = "pd_op.abs" (%13) {stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    (%15) = "pd_op.tanh" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%16) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%17) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:3} : () -> tensor<1xi64>
    (%18) = "pd_op.less_than" (%16, %17) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
    (%19, %20, %21) = "pd_op.while" (cond=%18, inputs=%16, %14, %15) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}, %arg_2 {stop_gradient:true}
        (%22) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%23) = "pd_op.sigmoid" (%13) {stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
        (%24) = "pd_op.exp" (%3) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%25) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
        (%26) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:3} : () -> tensor<1xi64>
        (%27) = "pd_op.less_than" (%25, %26) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        (%28, %29, %30) = "pd_op.while" (cond=%27, inputs=%25, %23, %24) { 
        ^%arg_3 {stop_gradient:true}, %arg_4 {stop_gradient:true}, %arg_5 {stop_gradient:true}
            (%31) = "pd_op.increment_" (%arg_3) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
            (%32) = "pd_op.multiply_" (%arg_1, %arg_4) {stop_gradient:[true]} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
            (%33) = "pd_op.transpose" (%13) {perm:[1,0],stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
            (%34) = "pd_op.less_than" (%31, %26) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
            () = "cf.yield" (%34, %31, %33, %arg_5) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x2xf32>, tensor<1xf32>) -> 
        }
        (%37) = "pd_op.less_than" (%22, %17) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        () = "cf.yield" (%37, %22, %29, %arg_2) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x2xf32>, tensor<2x3xf32>) -> 
    }
    (%47) = "pd_op.fetch" (%13) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
}
