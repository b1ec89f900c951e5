{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.sin" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.tanh" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%5, %6) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
        (%7) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,6]} : () -> tensor<2xi64>
        (%8) = "pd_op.reshape" (%0, %7) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<1x6xf32>
        (%9) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,6]} : () -> tensor<2xi64>
        (%10) = "pd_op.reshape" (%0, %9) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<1x6xf32>
        (%11) = "pd_op.sin" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%11, %11) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    } else {
        (%12) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
        (%13) = "pd_op.reshape" (%0, %12) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
        (%14) = "pd_op.sin" (%4) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%15) = "pd_op.relu" (%3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%14, %15) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%16) = "pd_op.add_" (%1, %4) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%17) = "pd_op.abs" (%6) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%18) = "pd_op.abs" (%16) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%19) = "pd_op.fetch" (%18) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%20) = "pd_op.fetch" (%4) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%21) = "pd_op.fetch" (%17) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
