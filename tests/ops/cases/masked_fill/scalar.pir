{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%1) = "pd_op.data" () {dtype:bool,name:"m",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xb>
    (%2) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<f32>
    (%3) = "pd_op.cast" (%1) {dtype:bool,stop_gradient:[true]} : (tensor<3x4xb>) -> tensor<3x4xb>
    (%4) = "pd_op.masked_fill" (%0, %3, %2) {stop_gradient:[true]} : (tensor<3x4xf32>, tensor<3x4xb>, tensor<f32>) -> tensor<3x4xf32>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
}
