{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%2) = "pd_op.kldiv_loss" (%0, %1) {log_target:false,reduction:"none",stop_gradient:[true]} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    (%3) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[]} : () -> tensor<0xi64>
    (%4) = "pd_op.mean" (%2, %3) {keepdim:false,stop_gradient:[true]} : (tensor<3x4xf32>, tensor<0xi64>) -> tensor<f32>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"out0",stop_gradient:[true]} : (tensor<f32>) -> tensor<f32>
}
