{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[3,3],stop_gradient:[true]} : () -> tensor<3x3xf64>
    (%1) = "pd_op.full" () {dtype:float64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:0.5} : () -> tensor<f64>
    (%2) = "pd_op.matrix_rank_tol" (%0, %1) {hermitian:false,stop_gradient:[true],use_default_tol:false} : (tensor<3x3xf64>, tensor<f64>) -> tensor<f32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<f32>) -> tensor<f32>
}
