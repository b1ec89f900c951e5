{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[2,3,4],stop_gradient:[true]} : () -> tensor<2x3x4xf64>
    (%1) = "pd_op.mean_all" (%0) {stop_gradient:[true]} : (tensor<2x3x4xf64>) -> tensor<f64>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<f64>) -> tensor<f64>
}
