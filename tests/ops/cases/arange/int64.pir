{
    (%0) = "pd_op.data" () {dtype:int64,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<i64>
    (%1) = "pd_op.full" () {dtype:float64,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf64>
    (%2) = "pd_op.full" () {dtype:float64,place:Place(cpu),shape:[1],stop_gradient:[true],value:6} : () -> tensor<1xf64>
    (%3) = "pd_op.full" () {dtype:float64,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf64>
    (%4) = "pd_op.arange" (%1, %2, %3) {dtype:int64,place:Place(undefined:0),stop_gradient:[true]} : (tensor<1xf64>, tensor<1xf64>, tensor<1xf64>) -> tensor<3xi64>
    (%5) = "pd_op.add" (%4, %0) {stop_gradient:[true]} : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
    (%6) = "pd_op.fetch" (%5) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3xi64>) -> tensor<3xi64>
}
