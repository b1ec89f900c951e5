{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<f32>
    (%1) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[200]} : () -> tensor<1xi64>
    (%2) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%4) = "pd_op.uniform" (%1, %2, %3) {dtype:float32,place:Place(undefined:0),seed:0,stop_gradient:[true]} : (tensor<1xi64>, tensor<1xf32>, tensor<1xf32>) -> tensor<200xf32>
    (%5) = "pd_op.add" (%4, %0) {stop_gradient:[true]} : (tensor<200xf32>, tensor<f32>) -> tensor<200xf32>
    (%6) = "pd_op.fetch" (%5) {col:0,name:"out0",stop_gradient:[true]} : (tensor<200xf32>) -> tensor<200xf32>
}
