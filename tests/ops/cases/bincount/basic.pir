{
    (%0) = "pd_op.data" () {dtype:int64,name:"x",place:Place(undefined:0),shape:[5],stop_gradient:[true]} : () -> tensor<5xi64>
    (%1) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi32>
    (%2) = "pd_op.bincount" (%0, <<NULL VALUE>>, %1) {stop_gradient:[true]} : (tensor<5xi64>, <<NULL TYPE>>, tensor<1xi32>) -> tensor<-1xi64>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<-1xi64>) -> tensor<-1xi64>
}
