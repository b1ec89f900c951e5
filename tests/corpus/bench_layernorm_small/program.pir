{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[8,4096],stop_gradient:[true]} : () -> tensor<8x4096xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"gamma",place:Place(undefined:0),shape:[4096],stop_gradient:[true]} : () -> tensor<4096xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"beta",place:Place(undefined:0),shape:[4096],stop_gradient:[true]} : () -> tensor<4096xf32>
    (%3) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[-1]} : () -> tensor<1xi64>
    (%4) = "pd_op.mean" (%0, %3) {keepdim:true,stop_gradient:[true]} : (tensor<8x4096xf32>, tensor<1xi64>) -> tensor<8x1xf32>
    (%5) = "pd_op.subtract" (%0, %4) {stop_gradient:[true]} : (tensor<8x4096xf32>, tensor<8x1xf32>) -> tensor<8x4096xf32>
    (%6) = "pd_op.multiply" (%5, %5) {stop_gradient:[true]} : (tensor<8x4096xf32>, tensor<8x4096xf32>) -> tensor<8x4096xf32>
    (%7) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[-1]} : () -> tensor<1xi64>
    (%8) = "pd_op.mean" (%6, %7) {keepdim:true,stop_gradient:[true]} : (tensor<8x4096xf32>, tensor<1xi64>) -> tensor<8x1xf32>
    (%9) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%10) = "pd_op.scale" (%8, %9) {bias:1e-05,bias_after_scale:true,stop_gradient:[true]} : (tensor<8x1xf32>, tensor<1xf32>) -> tensor<8x1xf32>
    (%11) = "pd_op.rsqrt" (%10) {stop_gradient:[true]} : (tensor<8x1xf32>) -> tensor<8x1xf32>
    (%12) = "pd_op.multiply" (%5, %11) {stop_gradient:[true]} : (tensor<8x4096xf32>, tensor<8x1xf32>) -> tensor<8x4096xf32>
    (%13) = "pd_op.multiply" (%12, %1) {stop_gradient:[true]} : (tensor<8x4096xf32>, tensor<4096xf32>) -> tensor<8x4096xf32>
    (%14) = "pd_op.add" (%13, %2) {stop_gradient:[true]} : (tensor<8x4096xf32>, tensor<4096xf32>) -> tensor<8x4096xf32>
    (%15) = "pd_op.fetch" (%14) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<8x4096xf32>) -> tensor<8x4096xf32>
}
