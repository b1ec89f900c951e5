{
    (%0) = "pd_op.data" () {dtype:bool,name:"x",place:Place(undefined:0),shape:[3],stop_gradient:[true]} : () -> tensor<3xb>
    (%1) = "pd_op.nonzero" (%0) {stop_gradient:[true]} : (tensor<3xb>) -> tensor<-1x1xi64>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<-1x1xi64>) -> tensor<-1x1xi64>
}
