{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.cos" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4, %5) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
        (%6) = "pd_op.subtract_" (%3, %3) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
        (%7) = "pd_op.subtract_" (%0, %3) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
        (%8) = "pd_op.cos" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%9) = "pd_op.abs" (%6) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%8, %7) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    } else {
        (%10) = "pd_op.abs" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%11) = "pd_op.tanh" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%10, %11) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%12) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
    (%13) = "pd_op.reshape" (%1, %12) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
    (%14, %15) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
        (%16) = "pd_op.sigmoid_" (%13) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
        (%17) = "pd_op.subtract_" (%16, %16) {stop_gradient:[true]} : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
        (%18) = "pd_op.flatten" (%0) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<6xf32>
        (%19) = "pd_op.cos" (%5) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%20) = "pd_op.abs" (%4) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%19, %20) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    } else {
        (%21) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%22) = "pd_op.unsqueeze" (%1, %21) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
        (%23) = "pd_op.sigmoid" (%4) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%23, %23) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%24) = "pd_op.cos" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%25) = "pd_op.fetch" (%24) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%26) = "pd_op.fetch" (%0) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%27) = "pd_op.fetch" (%5) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%28) = "pd_op.fetch" (%3) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
