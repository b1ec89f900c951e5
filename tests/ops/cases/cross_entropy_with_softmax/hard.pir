{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,5],stop_gradient:[true]} : () -> tensor<4x5xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"y",place:Place(undefined:0),shape:[4,1],stop_gradient:[true]} : () -> tensor<4x1xi64>
    (%2, %3) = "pd_op.cross_entropy_with_softmax" (%0, %1) {axis:-1,ignore_index:-100,numeric_stable_mode:true,soft_label:false,stop_gradient:[true,true],use_softmax:true} : (tensor<4x5xf32>, tensor<4x1xi64>) -> tensor<4x5xf32>, tensor<4x1xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out0",stop_gradient:[true]} : (tensor<4x1xf32>) -> tensor<4x1xf32>
}
