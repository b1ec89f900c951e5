{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<f32>
    (%1) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:3} : () -> tensor<1xf32>
    (%2) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:4} : () -> tensor<1xf32>
    (%3) = "pd_op.eye" (%1, %2) {dtype:float32,place:Place(undefined:0),stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<3x4xf32>
    (%4) = "pd_op.add" (%3, %0) {stop_gradient:[true]} : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
}
