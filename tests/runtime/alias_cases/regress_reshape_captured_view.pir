{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%3) = "pd_op.exp" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%5) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%6) = "pd_op.slice" (%3, %4, %5) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
    (%7) = "pd_op.relu" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%8) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%9) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xi64>
    (%10) = "pd_op.less_than" (%8, %9) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
    (%11, %12) = "pd_op.while" (cond=%10, inputs=%8, %7) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}
        (%13) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%14) = "pd_op.flatten_" (%6) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<4xf32>
        (%15) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%16) = "pd_op.scale_" (%6, %15) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x2xf32>, tensor<1xf32>) -> tensor<2x2xf32>
        (%17) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
        (%18) = "pd_op.scale_" (%arg_1, %17) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
        (%20) = "pd_op.less_than" (%13, %9) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        () = "cf.yield" (%20, %13, %18) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>) -> 
    }
    (%25) = "pd_op.fetch" (%6) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
}
