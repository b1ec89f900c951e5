{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<f32>
    (%1) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%2) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%3) = "pd_op.full" () {dtype:int32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:5} : () -> tensor<1xi32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:10} : () -> tensor<1xf32>
    (%5) = "pd_op.logspace" (%1, %2, %3, %4) {dtype:float32,place:Place(undefined:0),stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>, tensor<1xi32>, tensor<1xf32>) -> tensor<-1xf32>
    (%6) = "pd_op.add" (%5, %0) {stop_gradient:[true]} : (tensor<-1xf32>, tensor<f32>) -> tensor<-1xf32>
    (%7) = "pd_op.fetch" (%6) {col:0,name:"out0",stop_gradient:[true]} : (tensor<-1xf32>) -> tensor<-1xf32>
}
