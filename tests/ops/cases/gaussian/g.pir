{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<f32>
    (%1) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[400]} : () -> tensor<1xi64>
    (%2) = "pd_op.gaussian" (%1) {dtype:float32,mean:1,place:Place(undefined:0),seed:0,std:2,stop_gradient:[true]} : (tensor<1xi64>) -> tensor<400xf32>
    (%3) = "pd_op.add" (%2, %0) {stop_gradient:[true]} : (tensor<400xf32>, tensor<f32>) -> tensor<400xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<400xf32>) -> tensor<400xf32>
}
