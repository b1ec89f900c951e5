{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[6],stop_gradient:[true]} : () -> tensor<6xf32>
    (%1) = "pd_op.cast" (%0) {dtype:int32,stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xi32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<6xi32>) -> tensor<6xi32>
}
