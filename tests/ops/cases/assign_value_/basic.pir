{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<f32>
    (%1) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[2],stop_gradient:[true],value:0} : () -> tensor<2xf32>
    (%2) = "pd_op.assign_value_" (%1) {dtype:float32,place:Place(undefined:0),shape:[2],stop_gradient:[true],values:[1.5,2.5]} : (tensor<2xf32>) -> tensor<2xf32>
    (%3) = "pd_op.add" (%2, %0) {stop_gradient:[true]} : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2xf32>) -> tensor<2xf32>
}
