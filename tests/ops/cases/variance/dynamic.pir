{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,3,4],stop_gradient:[true]} : () -> tensor<-1x3x4xf32>
    (%1) = "pd_op.variance" (%0) {axis:[1],keepdim:true,stop_gradient:[true]} : (tensor<-1x3x4xf32>) -> tensor<-1x1x4xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<-1x1x4xf32>) -> tensor<-1x1x4xf32>
}
