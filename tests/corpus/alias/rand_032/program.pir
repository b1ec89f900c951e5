{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%4) = "pd_op.scale" (%0, %3) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%5) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%6) = "pd_op.unsqueeze" (%0, %5) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
    (%7) = "pd_op.add_" (%4, %0) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%8) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%9) = "pd_op.squeeze" (%6, %8) {stop_gradient:[true]} : (tensor<2x3x1xf32>, tensor<1xi64>) -> tensor<2x3xf32>
    (%10) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%11) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%12) = "pd_op.less_than" (%10, %11) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
    (%13) = "pd_op.if" (%12) {stop_gradient:[true]} -> tensor<2x3xf32> {
        (%14) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
        (%15) = "pd_op.unsqueeze" (%4, %14) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
        (%16) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%17) = "pd_op.scale" (%0, %16) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%17) {} : (tensor<2x3xf32>) -> 
    } else {
        (%18) = "pd_op.cos_" (%9) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%19) = "pd_op.sigmoid" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%18) {} : (tensor<2x3xf32>) -> 
    }
    (%20) = "pd_op.fetch" (%13) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%21) = "pd_op.fetch" (%4) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%22) = "pd_op.fetch" (%7) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%23) = "pd_op.fetch" (%9) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%24) = "pd_op.fetch" (%6) {col:4,name:"fetch_name_4",persistable:[true],stop_gradient:[true]} : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
}
