{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,2],stop_gradient:[true]} : () -> tensor<3x2xf32>
    (%1, %2, %3) = "pd_op.unique_consecutive" (%0) {axis:[0],dtype:int64,return_counts:false,return_inverse:false,stop_gradient:[true,true,true]} : (tensor<3x2xf32>) -> tensor<-1x2xf32>, <<NULL TYPE>>, <<NULL TYPE>>
    (%4) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<-1x2xf32>) -> tensor<-1x2xf32>
}
