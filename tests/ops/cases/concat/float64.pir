{
    (%0) = "pd_op.data" () {dtype:float64,name:"a",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf64>
    (%1) = "pd_op.data" () {dtype:float64,name:"b",place:Place(undefined:0),shape:[2,2],stop_gradient:[true]} : () -> tensor<2x2xf64>
    (%2) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xi32>
    (%3) = "builtin.combine" (%0, %1) {stop_gradient:[true]} : (tensor<2x3xf64>, tensor<2x2xf64>) -> vec[tensor<2x3xf64>,tensor<2x2xf64>]
    (%4) = "pd_op.concat" (%3, %2) {stop_gradient:[true]} : (vec[tensor<2x3xf64>,tensor<2x2xf64>], tensor<1xi32>) -> tensor<2x5xf64>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x5xf64>) -> tensor<2x5xf64>
}
