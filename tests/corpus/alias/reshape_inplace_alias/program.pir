{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.cos" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
    (%5) = "pd_op.reshape_" (%3, %4) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
    (%6) = "pd_op.tanh_" (%5) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%7) = "pd_op.sin" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%8) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%9) = "pd_op.unsqueeze_" (%7, %8) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
    (%10) = "pd_op.flatten_" (%9) {start_axis:0,stop_axis:2,stop_gradient:[true]} : (tensor<1x2x3xf32>) -> tensor<6xf32>
    (%11) = "pd_op.exp_" (%10) {stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
    (%12) = "pd_op.sin" (%3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%13) = "pd_op.abs" (%7) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%14) = "pd_op.fetch" (%12) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%15) = "pd_op.fetch" (%5) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%16) = "pd_op.fetch" (%13) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%17) = "pd_op.fetch" (%9) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
}
