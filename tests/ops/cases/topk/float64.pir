{
    (%0) = "pd_op.data" () {dtype:float64,name:"x",place:Place(undefined:0),shape:[3,5],stop_gradient:[true]} : () -> tensor<3x5xf64>
    (%1) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xi32>
    (%2, %3) = "pd_op.topk" (%0, %1) {axis:-1,largest:true,sorted:true,stop_gradient:[true,true]} : (tensor<3x5xf64>, tensor<1xi32>) -> tensor<3x2xf64>, tensor<3x2xi64>
    (%4) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x2xf64>) -> tensor<3x2xf64>
    (%5) = "pd_op.fetch" (%3) {col:1,name:"out1",stop_gradient:[true]} : (tensor<3x2xi64>) -> tensor<3x2xi64>
}
