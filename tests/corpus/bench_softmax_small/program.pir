{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[8,4096],stop_gradient:[true]} : () -> tensor<8x4096xf32>
    (%1) = "pd_op.softmax" (%0) {axis:-1,stop_gradient:[true]} : (tensor<8x4096xf32>) -> tensor<8x4096xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<8x4096xf32>) -> tensor<8x4096xf32>
}
