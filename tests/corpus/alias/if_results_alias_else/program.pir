{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4, %5) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<3x2xf32> {
        (%6) = "pd_op.cos" (%3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%7) = "pd_op.transpose" (%6) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
        () = "cf.yield" (%6, %7) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
    } else {
        (%8) = "pd_op.sin" (%3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%9) = "pd_op.transpose" (%8) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
        () = "cf.yield" (%8, %9) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
    }
    (%10) = "pd_op.abs" (%5) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%11) = "pd_op.tanh_" (%4) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%12) = "pd_op.fetch" (%10) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%13) = "pd_op.fetch" (%4) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
