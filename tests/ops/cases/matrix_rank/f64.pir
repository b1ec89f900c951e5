{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[3,2],stop_gradient:[true]} : () -> tensor<3x2xf64>
    (%1) = "pd_op.matrix_rank" (%0) {hermitian:false,stop_gradient:[true],tol:0,use_default_tol:true} : (tensor<3x2xf64>) -> tensor<f32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<f32>) -> tensor<f32>
}
