{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,2],stop_gradient:[true]} : () -> tensor<3x2xf32>
    (%1) = "pd_op.unstack" (%0) {axis:0,num:3,stop_gradient:[true]} : (tensor<3x2xf32>) -> vec[tensor<2xf32>,tensor<2xf32>,tensor<2xf32>]
    (%2, %3, %4) = "builtin.split" (%1) {stop_gradient:[true,true,true]} : (vec[tensor<2xf32>,tensor<2xf32>,tensor<2xf32>]) -> tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
    (%5) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2xf32>) -> tensor<2xf32>
    (%6) = "pd_op.fetch" (%3) {col:1,name:"out1",stop_gradient:[true]} : (tensor<2xf32>) -> tensor<2xf32>
    (%7) = "pd_op.fetch" (%4) {col:2,name:"out2",stop_gradient:[true]} : (tensor<2xf32>) -> tensor<2xf32>
}
