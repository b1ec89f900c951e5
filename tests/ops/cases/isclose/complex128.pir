{
    (%0) = "pd_op.data" () {dtype:complex128,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xc128>
    (%1) = "pd_op.data" () {dtype:complex128,name:"y",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xc128>
    (%2) = "pd_op.full" () {dtype:float64,place:Place(cpu),shape:[1],stop_gradient:[true],value:1e-05} : () -> tensor<1xf64>
    (%3) = "pd_op.full" () {dtype:float64,place:Place(cpu),shape:[1],stop_gradient:[true],value:1e-08} : () -> tensor<1xf64>
    (%4) = "pd_op.isclose" (%0, %1, %2, %3) {equal_nan:false,stop_gradient:[true]} : (tensor<3x4xc128>, tensor<3x4xc128>, tensor<1xf64>, tensor<1xf64>) -> tensor<3x4xb>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xb>) -> tensor<3x4xb>
}
