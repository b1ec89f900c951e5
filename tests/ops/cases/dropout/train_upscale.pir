{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[400],stop_gradient:[true]} : () -> tensor<400xf32>
    (%1) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%2, %3) = "pd_op.dropout" (%0, <<NULL VALUE>>, %1) {fix_seed:true,is_test:false,mode:"upscale_in_train",seed:32998,stop_gradient:[true,true]} : (tensor<400xf32>, <<NULL TYPE>>, tensor<1xf32>) -> tensor<400xf32>, tensor<400xu8>
    (%4) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<400xf32>) -> tensor<400xf32>
}
