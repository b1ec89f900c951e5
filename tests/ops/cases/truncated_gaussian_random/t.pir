{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<f32>
    (%1) = "pd_op.truncated_gaussian_random" () {a:-2,b:2,dtype:float32,mean:0,place:Place(cpu),seed:7,shape:[300],std:1,stop_gradient:[true]} : () -> tensor<300xf32>
    (%2) = "pd_op.add" (%1, %0) {stop_gradient:[true]} : (tensor<300xf32>, tensor<f32>) -> tensor<300xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<300xf32>) -> tensor<300xf32>
}
