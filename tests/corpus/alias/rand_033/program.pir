{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%5) = "pd_op.less_than" (%3, %4) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
    (%6, %7) = "pd_op.if" (%5) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<1x3xf32> {
        (%8) = "pd_op.sigmoid" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%9) = "pd_op.cos_" (%8) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%10) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
        (%11) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%12) = "pd_op.slice" (%8, %10, %11) {axes:[0],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x3xf32>
        () = "cf.yield" (%8, %12) {} : (tensor<2x3xf32>, tensor<1x3xf32>) -> 
    } else {
        (%13) = "pd_op.relu" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%14) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
        (%15) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%16) = "pd_op.slice" (%13, %14, %15) {axes:[0],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x3xf32>
        () = "cf.yield" (%13, %16) {} : (tensor<2x3xf32>, tensor<1x3xf32>) -> 
    }
    (%17) = "pd_op.multiply_" (%1, %0) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%18) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%19) = "pd_op.unsqueeze" (%6, %18) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    (%20) = "pd_op.subtract" (%1, %1) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%21) = "pd_op.flatten" (%7) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<1x3xf32>) -> tensor<3xf32>
    (%22) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
    (%23) = "pd_op.scale" (%1, %22) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%24) = "pd_op.fetch" (%23) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%25) = "pd_op.fetch" (%20) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%26) = "pd_op.fetch" (%7) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<1x3xf32>) -> tensor<1x3xf32>
}
