{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3,2,2],stop_gradient:[true]} : () -> tensor<2x3x2x2xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"m",place:Place(undefined:0),shape:[3],stop_gradient:[true]} : () -> tensor<3xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"v",place:Place(undefined:0),shape:[3],stop_gradient:[true]} : () -> tensor<3xf32>
    (%3, %4, %5, %6, %7, %8) = "pd_op.batch_norm_" (%0, %1, %2, <<NULL VALUE>>, <<NULL VALUE>>) {data_format:"NCHW",epsilon:1e-05,is_test:true,momentum:0.9,stop_gradient:[true,true,true,true,true,true],trainable_statistics:false,use_global_stats:true} : (tensor<2x3x2x2xf32>, tensor<3xf32>, tensor<3xf32>, <<NULL TYPE>>, <<NULL TYPE>>) -> tensor<2x3x2x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<-1xu8>
    (%9) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<2x3x2x2xf32>) -> tensor<2x3x2x2xf32>
}
