{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1024,4096],stop_gradient:[true]} : () -> tensor<1024x4096xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[1024,4096],stop_gradient:[true]} : () -> tensor<1024x4096xf32>
    (%2) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%3) = "pd_op.scale" (%0, %2) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<1024x4096xf32>, tensor<1xf32>) -> tensor<1024x4096xf32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%5) = "pd_op.scale" (%3, %4) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<1024x4096xf32>, tensor<1xf32>) -> tensor<1024x4096xf32>
    (%6) = "pd_op.relu" (%5) {stop_gradient:[true]} : (tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
    (%7) = "pd_op.tanh" (%6) {stop_gradient:[true]} : (tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
    (%8) = "pd_op.multiply" (%7, %1) {stop_gradient:[true]} : (tensor<1024x4096xf32>, tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
    (%9) = "pd_op.subtract" (%8, %0) {stop_gradient:[true]} : (tensor<1024x4096xf32>, tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
    (%10) = "pd_op.sigmoid" (%9) {stop_gradient:[true]} : (tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
    (%11) = "pd_op.fetch" (%10) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
}
