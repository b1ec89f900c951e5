{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3,4],stop_gradient:[true]} : () -> tensor<2x3x4xf32>
    (%1) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
    (%2) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2147483647,3]} : () -> tensor<2xi64>
    (%3) = "pd_op.slice" (%0, %1, %2) {axes:[0,2],decrease_axis:[],infer_flags:[1,1],stop_gradient:[true]} : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x2xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<1x3x2xf32>) -> tensor<1x3x2xf32>
}
