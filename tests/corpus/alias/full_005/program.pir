{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%5) = "pd_op.increment_" (%3) {stop_gradient:[true],value:1} : (tensor<1xf32>) -> tensor<1xf32>
    (%6) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%7) = "pd_op.unsqueeze" (%3, %6) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
    (%8) = "pd_op.relu" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%9) = "pd_op.tanh" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%10) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%11) = "pd_op.unsqueeze_" (%7, %10) {stop_gradient:[true]} : (tensor<1x1xf32>, tensor<1xi64>) -> tensor<1x1x1xf32>
    (%12) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[6]} : () -> tensor<1xi64>
    (%13) = "pd_op.reshape_" (%0, %12) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
    (%14) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%15) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%16) = "pd_op.less_than" (%14, %15) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
    (%17, %18) = "pd_op.if" (%16) {stop_gradient:[true,true]} -> tensor<1xf32>, tensor<2x3xf32> {
        (%19) = "pd_op.cos_" (%13) {stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
        (%20) = "pd_op.multiply" (%8, %8) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
        (%21) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%22) = "pd_op.scale" (%9, %21) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%3, %22) {} : (tensor<1xf32>, tensor<2x3xf32>) -> 
    } else {
        (%23) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%24) = "pd_op.scale_" (%3, %23) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
        () = "cf.yield" (%4, %0) {} : (tensor<1xf32>, tensor<2x3xf32>) -> 
    }
    (%25) = "pd_op.fetch" (%18) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%26) = "pd_op.fetch" (%1) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%27) = "pd_op.fetch" (%13) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
}
