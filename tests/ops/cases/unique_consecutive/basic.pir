{
    (%0) = "pd_op.data" () {dtype:int64,name:"x",place:Place(undefined:0),shape:[8],stop_gradient:[true]} : () -> tensor<8xi64>
    (%1, %2, %3) = "pd_op.unique_consecutive" (%0) {axis:[],dtype:int64,return_counts:true,return_inverse:true,stop_gradient:[true,true,true]} : (tensor<8xi64>) -> tensor<-1xi64>, tensor<8xf32>, tensor<-1xf32>
    (%4) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<-1xi64>) -> tensor<-1xi64>
    (%5) = "pd_op.fetch" (%2) {col:1,name:"out1",stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
    (%6) = "pd_op.fetch" (%3) {col:2,name:"out2",stop_gradient:[true]} : (tensor<-1xf32>) -> tensor<-1xf32>
}
