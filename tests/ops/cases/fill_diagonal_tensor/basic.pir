{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[3],stop_gradient:[true]} : () -> tensor<3xf32>
    (%2) = "pd_op.fill_diagonal_tensor" (%0, %1) {dim1:0,dim2:1,offset:0,stop_gradient:[true]} : (tensor<3x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
}
