{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1,3,2,2],stop_gradient:[true]} : () -> tensor<1x3x2x2xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[3],stop_gradient:[true]} : () -> tensor<3xf32>
    (%2) = "pd_op.prelu" (%0, %1) {data_format:"NCHW",mode:"channel",stop_gradient:[true]} : (tensor<1x3x2x2xf32>, tensor<3xf32>) -> tensor<1x3x2x2xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
}
