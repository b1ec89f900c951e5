{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%4) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%5) = "pd_op.slice" (%1, %3, %4) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
    (%6) = "pd_op.transpose" (%5) {perm:[1,0],stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    (%7) = "pd_op.cos" (%5) {stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    (%8) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%9) = "pd_op.unsqueeze" (%1, %8) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
    (%10) = "pd_op.sigmoid" (%7) {stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    (%11) = "pd_op.sin" (%9) {stop_gradient:[true]} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
    (%12) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%13) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
    (%14) = "pd_op.less_than" (%12, %13) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%15) = "pd_op.while" (cond=%14, inputs=%12) { 
    ^%arg_0 {stop_gradient:true}
        (%16) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%17) = "pd_op.multiply_" (%6, %10) {stop_gradient:[true]} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
        (%18) = "pd_op.cos" (%5) {stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
        (%19) = "pd_op.cos" (%5) {stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
        (%20) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
        (%21) = "pd_op.less_than" (%16, %20) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%21, %16) {} : (tensor<1xb>, tensor<1xi64>) -> 
    }
    (%22) = "pd_op.flatten" (%10) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<4xf32>
    (%23) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2,3]} : () -> tensor<2xi64>
    (%24) = "pd_op.reshape" (%9, %23) {stop_gradient:[true]} : (tensor<1x2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
    (%25) = "pd_op.multiply" (%24, %24) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%26) = "pd_op.fetch" (%25) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%27) = "pd_op.fetch" (%1) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
