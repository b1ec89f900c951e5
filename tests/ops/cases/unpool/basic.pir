{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1,1,2,2],stop_gradient:[true]} : () -> tensor<1x1x2x2xf32>
    (%1) = "pd_op.data" () {dtype:int32,name:"i",place:Place(undefined:0),shape:[1,1,2,2],stop_gradient:[true]} : () -> tensor<1x1x2x2xi32>
    (%2) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[4,4]} : () -> tensor<2xi64>
    (%3) = "pd_op.unpool" (%0, %1, %2) {data_format:"NCHW",ksize:[2,2],padding:[0,0],stop_gradient:[true],strides:[2,2]} : (tensor<1x1x2x2xf32>, tensor<1x1x2x2xi32>, tensor<2xi64>) -> tensor<1x1x4x4xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
}
