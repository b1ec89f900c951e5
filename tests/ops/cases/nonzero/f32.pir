{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.nonzero" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<-1x2xi64>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<-1x2xi64>) -> tensor<-1x2xi64>
}
