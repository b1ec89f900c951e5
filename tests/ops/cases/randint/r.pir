{
    (%0) = "pd_op.data" () {dtype:int64,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<i64>
    (%1) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[200]} : () -> tensor<1xi64>
    (%2) = "pd_op.randint" (%1) {dtype:int64,high:5,low:0,place:Place(undefined:0),stop_gradient:[true]} : (tensor<1xi64>) -> tensor<200xi64>
    (%3) = "pd_op.add" (%2, %0) {stop_gradient:[true]} : (tensor<200xi64>, tensor<i64>) -> tensor<200xi64>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<200xi64>) -> tensor<200xi64>
}
