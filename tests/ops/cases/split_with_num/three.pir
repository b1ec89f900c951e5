{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[6,2],stop_gradient:[true]} : () -> tensor<6x2xf32>
    (%1) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi32>
    (%2) = "pd_op.split_with_num" (%0, %1) {num:3,stop_gradient:[true]} : (tensor<6x2xf32>, tensor<1xi32>) -> vec[tensor<2x2xf32>,tensor<2x2xf32>,tensor<2x2xf32>]
    (%3, %4, %5) = "builtin.split" (%2) {stop_gradient:[true,true,true]} : (vec[tensor<2x2xf32>,tensor<2x2xf32>,tensor<2x2xf32>]) -> tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
    (%6) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    (%7) = "pd_op.fetch" (%4) {col:1,name:"out1",stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    (%8) = "pd_op.fetch" (%5) {col:2,name:"out2",stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
}
