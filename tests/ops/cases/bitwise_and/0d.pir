{
    (%0) = "pd_op.data" () {dtype:int32,name:"x",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<i32>
    (%1) = "pd_op.data" () {dtype:int32,name:"y",place:Place(undefined:0),shape:[],stop_gradient:[true]} : () -> tensor<i32>
    (%2) = "pd_op.bitwise_and" (%0, %1) {stop_gradient:[true]} : (tensor<i32>, tensor<i32>) -> tensor<i32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<i32>) -> tensor<i32>
}
