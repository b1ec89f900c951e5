{
    (%0) = "pd_op.data" () {dtype:int64,name:"a",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xi64>
    (%1) = "pd_op.data" () {dtype:int64,name:"b",place:Place(undefined:0),shape:[2,2],stop_gradient:[true]} : () -> tensor<2x2xi64>
    (%2) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xi32>
    (%3) = "builtin.combine" (%0, %1) {stop_gradient:[true]} : (tensor<2x3xi64>, tensor<2x2xi64>) -> vec[tensor<2x3xi64>,tensor<2x2xi64>]
    (%4) = "pd_op.concat" (%3, %2) {stop_gradient:[true]} : (vec[tensor<2x3xi64>,tensor<2x2xi64>], tensor<1xi32>) -> tensor<2x5xi64>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x5xi64>) -> tensor<2x5xi64>
}
