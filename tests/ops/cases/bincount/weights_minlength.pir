{
    (%0) = "pd_op.data" () {dtype:int32,name:"x",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xi32>
    (%1) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    (%2) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:7} : () -> tensor<1xi32>
    (%3) = "pd_op.bincount" (%0, %1, %2) {stop_gradient:[true]} : (tensor<4xi32>, tensor<4xf32>, tensor<1xi32>) -> tensor<-1xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<-1xf32>) -> tensor<-1xf32>
}
