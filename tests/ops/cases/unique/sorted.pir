{
    (%0) = "pd_op.data" () {dtype:int64,name:"x",place:Place(undefined:0),shape:[6],stop_gradient:[true]} : () -> tensor<6xi64>
    (%1, %2, %3, %4) = "pd_op.unique" (%0) {axis:[],dtype:int64,is_sorted:true,return_counts:true,return_index:true,return_inverse:true,stop_gradient:[true,true,true,true]} : (tensor<6xi64>) -> tensor<-1xf32>, tensor<-1xi64>, tensor<6xf32>, tensor<-1xi64>
    (%5) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<-1xf32>) -> tensor<-1xf32>
    (%6) = "pd_op.fetch" (%2) {col:1,name:"out1",stop_gradient:[true]} : (tensor<-1xi64>) -> tensor<-1xi64>
    (%7) = "pd_op.fetch" (%3) {col:2,name:"out2",stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
    (%8) = "pd_op.fetch" (%4) {col:3,name:"out3",stop_gradient:[true]} : (tensor<-1xi64>) -> tensor<-1xi64>
}
