{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%2) = "pd_op.full" () {dtype:float64,place:Place(cpu),shape:[1],stop_gradient:[true],value:1e-05} : () -> tensor<1xf64>
    (%3) = "pd_op.full" () {dtype:float64,place:Place(cpu),shape:[1],stop_gradient:[true],value:1e-08} : () -> tensor<1xf64>
    (%4) = "pd_op.allclose" (%0, %1, %2, %3) {equal_nan:false,stop_gradient:[true]} : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<1xf64>, tensor<1xf64>) -> tensor<b>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"out0",stop_gradient:[true]} : (tensor<b>) -> tensor<b>
}
