{
    (%0) = "pd_op.data" () {dtype:int8,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xi8>
    (%1) = "pd_op.cast" (%0) {dtype:float32,stop_gradient:[true]} : (tensor<3x4xi8>) -> tensor<3x4xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
}
