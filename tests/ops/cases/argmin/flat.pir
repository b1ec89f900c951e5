{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%1) = "pd_op.full" () {dtype:int64,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%2) = "pd_op.argmin" (%0, %1) {dtype:int64,flatten:true,keepdims:false,stop_gradient:[true]} : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<i64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<i64>) -> tensor<i64>
}
