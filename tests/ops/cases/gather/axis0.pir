{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[5,3],stop_gradient:[true]} : () -> tensor<5x3xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"i",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xi64>
    (%2) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi32>
    (%3) = "pd_op.gather" (%0, %1, %2) {stop_gradient:[true]} : (tensor<5x3xf32>, tensor<4xi64>, tensor<1xi32>) -> tensor<4x3xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<4x3xf32>) -> tensor<4x3xf32>
}
