{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,2],stop_gradient:[true]} : () -> tensor<3x2xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"i",place:Place(undefined:0),shape:[3,2],stop_gradient:[true]} : () -> tensor<3x2xi64>
    (%2) = "pd_op.data" () {dtype:int64,name:"y",place:Place(undefined:0),shape:[3,1],stop_gradient:[true]} : () -> tensor<3x1xi64>
    (%3, %4, %5) = "pd_op.accuracy" (%0, %1, %2) {stop_gradient:[true,true,true]} : (tensor<3x2xf32>, tensor<3x2xi64>, tensor<3x1xi64>) -> tensor<f32>, tensor<f32>, tensor<f32>
    (%6) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<f32>) -> tensor<f32>
    (%7) = "pd_op.fetch" (%4) {col:1,name:"out1",stop_gradient:[true]} : (tensor<f32>) -> tensor<f32>
    (%8) = "pd_op.fetch" (%5) {col:2,name:"out2",stop_gradient:[true]} : (tensor<f32>) -> tensor<f32>
}
