{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3, %4) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<6xf32> {
        (%5) = "pd_op.sin" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%6) = "pd_op.abs_" (%5) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%7) = "pd_op.flatten" (%5) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<6xf32>
        () = "cf.yield" (%5, %7) {} : (tensor<2x3xf32>, tensor<6xf32>) -> 
    } else {
        (%8) = "pd_op.sin" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%9) = "pd_op.cos_" (%8) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%10) = "pd_op.flatten" (%8) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<6xf32>
        () = "cf.yield" (%8, %10) {} : (tensor<2x3xf32>, tensor<6xf32>) -> 
    }
    (%11) = "pd_op.multiply_" (%3, %1) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%12) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[6]} : () -> tensor<1xi64>
    (%13) = "pd_op.reshape" (%1, %12) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
    (%14) = "pd_op.fetch" (%13) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
    (%15) = "pd_op.fetch" (%3) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%16) = "pd_op.fetch" (%11) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
