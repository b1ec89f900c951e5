{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%1) = "pd_op.p_norm" (%0) {asvector:false,axis:1,epsilon:1e-12,keepdim:false,porder:2,stop_gradient:[true]} : (tensor<3x4xf32>) -> tensor<3xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3xf32>) -> tensor<3xf32>
}
