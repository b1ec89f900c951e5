{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4, %5) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<3x2xf32> {
        (%6) = "pd_op.transpose" (%3) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
        () = "cf.yield" (%3, %6) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
    } else {
        (%7) = "pd_op.sin" (%3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%8) = "pd_op.cos" (%3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%9) = "pd_op.transpose" (%8) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
        () = "cf.yield" (%7, %9) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
    }
    (%10) = "pd_op.tanh_" (%4) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%11) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%12) = "pd_op.scale" (%10, %11) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%13) = "pd_op.add" (%3, %12) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%14) = "pd_op.transpose" (%10) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    (%15) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%16) = "pd_op.scale" (%14, %15) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<3x2xf32>, tensor<1xf32>) -> tensor<3x2xf32>
    (%17) = "pd_op.add" (%5, %16) {stop_gradient:[true]} : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    (%18) = "pd_op.abs" (%17) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%19) = "pd_op.cos" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%20) = "pd_op.if" (%2) {stop_gradient:[true]} -> tensor<2x3xf32> {
        () = "cf.yield" (%19) {} : (tensor<2x3xf32>) -> 
    } else {
        (%21) = "pd_op.sin" (%19) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%21) {} : (tensor<2x3xf32>) -> 
    }
    (%22) = "pd_op.exp_" (%19) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%23) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%24) = "pd_op.scale" (%22, %23) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%25) = "pd_op.add" (%20, %24) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%26) = "pd_op.fetch" (%13) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%27) = "pd_op.fetch" (%18) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%28) = "pd_op.fetch" (%25) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
