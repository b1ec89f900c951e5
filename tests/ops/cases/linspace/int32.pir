{
    (%0) = "pd_op.data" () {dtype:int32,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<i32>
    (%1) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi32>
    (%2) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:10} : () -> tensor<1xi32>
    (%3) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:4} : () -> tensor<1xi32>
    (%4) = "pd_op.linspace" (%1, %2, %3) {dtype:int32,place:Place(undefined:0),stop_gradient:[true]} : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<-1xi32>
    (%5) = "pd_op.add" (%4, %0) {stop_gradient:[true]} : (tensor<-1xi32>, tensor<i32>) -> tensor<-1xi32>
    (%6) = "pd_op.fetch" (%5) {col:0,name:"out0",stop_gradient:[true]} : (tensor<-1xi32>) -> tensor<-1xi32>
}
