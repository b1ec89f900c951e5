{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,8],stop_gradient:[true]} : () -> tensor<4x8xf32>
    (%1) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    (%2) = "pd_op.tanh_" (%1) {stop_gradient:[true]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    (%3) = "pd_op.sin" (%1) {stop_gradient:[true]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    (%4) = "pd_op.cos" (%1) {stop_gradient:[true]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    (%5) = "pd_op.fetch" (%3) {col:0,name:"sin"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    (%6) = "pd_op.fetch" (%4) {col:1,name:"cos"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
}
