{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,5],stop_gradient:[true]} : () -> tensor<3x5xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"i",place:Place(undefined:0),shape:[3,1],stop_gradient:[true]} : () -> tensor<3x1xi64>
    (%2) = "pd_op.data" () {dtype:float32,name:"v",place:Place(undefined:0),shape:[3,1],stop_gradient:[true]} : () -> tensor<3x1xf32>
    (%3) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,1]} : () -> tensor<2xi64>
    (%4) = "pd_op.expand" (%1, %3) {stop_gradient:[true]} : (tensor<3x1xi64>, tensor<2xi64>) -> tensor<3x1xi64>
    (%5) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,1]} : () -> tensor<2xi64>
    (%6) = "pd_op.expand" (%2, %5) {stop_gradient:[true]} : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x1xf32>
    (%7) = "pd_op.put_along_axis" (%0, %4, %6) {axis:1,include_self:true,reduce:"assign",stop_gradient:[true]} : (tensor<3x5xf32>, tensor<3x1xi64>, tensor<3x1xf32>) -> tensor<3x5xf32>
    (%8) = "pd_op.fetch" (%7) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x5xf32>) -> tensor<3x5xf32>
}
