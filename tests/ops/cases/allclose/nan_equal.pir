{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[2],stop_gradient:[true]} : () -> tensor<2xf64>
    (%1) = "pd_op.data" () {dtype:float64,name:"y",place:Place(undefined:0),shape:[2],stop_gradient:[true]} : () -> tensor<2xf64>
    (%2) = "pd_op.full" () {dtype:float64,place:Place(cpu),shape:[1],stop_gradient:[true],value:1e-05} : () -> tensor<1xf64>
    (%3) = "pd_op.full" () {dtype:float64,place:Place(cpu),shape:[1],stop_gradient:[true],value:1e-08} : () -> tensor<1xf64>
    (%4) = "pd_op.allclose" (%0, %1, %2, %3) {equal_nan:true,stop_gradient:[true]} : (tensor<2xf64>, tensor<2xf64>, tensor<1xf64>, tensor<1xf64>) -> tensor<b>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"out0",stop_gradient:[true]} : (tensor<b>) -> tensor<b>
}
