{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<f32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<f32>
    (%2) = "pd_op.remainder" (%0, %1) {stop_gradient:[true]} : (tensor<f32>, tensor<f32>) -> tensor<f32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<f32>) -> tensor<f32>
}
