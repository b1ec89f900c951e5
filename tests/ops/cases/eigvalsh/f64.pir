{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[4,4],stop_gradient:[true]} : () -> tensor<4x4xf64>
    (%1, %2) = "pd_op.eigvalsh" (%0) {is_test:true,stop_gradient:[true,true],uplo:"L"} : (tensor<4x4xf64>) -> tensor<4xf64>, tensor<4x4xf64>
    (%3) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<4xf64>) -> tensor<4xf64>
}
