{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1,8,2,3],stop_gradient:[true]} : () -> tensor<1x8x2x3xf32>
    (%1) = "pd_op.pixel_shuffle" (%0) {data_format:"NCHW",stop_gradient:[true],upscale_factor:2} : (tensor<1x8x2x3xf32>) -> tensor<1x2x4x6xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<1x2x4x6xf32>) -> tensor<1x2x4x6xf32>
}
