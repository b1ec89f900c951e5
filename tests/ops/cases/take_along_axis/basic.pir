{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,5],stop_gradient:[true]} : () -> tensor<3x5xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"i",place:Place(undefined:0),shape:[3,2],stop_gradient:[true]} : () -> tensor<3x2xi64>
    (%2) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
    (%3) = "pd_op.expand" (%1, %2) {stop_gradient:[true]} : (tensor<3x2xi64>, tensor<2xi64>) -> tensor<3x2xi64>
    (%4) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,5]} : () -> tensor<2xi64>
    (%5) = "pd_op.expand" (%0, %4) {stop_gradient:[true]} : (tensor<3x5xf32>, tensor<2xi64>) -> tensor<3x5xf32>
    (%6) = "pd_op.take_along_axis" (%5, %3) {axis:1,stop_gradient:[true]} : (tensor<3x5xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
    (%7) = "pd_op.fetch" (%6) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
}
