{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[64,48],stop_gradient:[true]} : () -> tensor<64x48xf32>
    (%1) = "pd_op.data" () {dtype:bool,name:"c",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%2) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<64x48xf32>) -> tensor<64x48xf32>
    (%3, %4) = "pd_op.if" (%1) {stop_gradient:[true,true]} -> tensor<64x48xf32>, tensor<48x64xf32> {
        (%5) = "pd_op.transpose" (%2) {perm:[1,0],stop_gradient:[true]} : (tensor<64x48xf32>) -> tensor<48x64xf32>
        () = "cf.yield" (%2, %5) {} : (tensor<64x48xf32>, tensor<48x64xf32>) -> 
    } else {
        (%6) = "pd_op.abs" (%2) {stop_gradient:[true]} : (tensor<64x48xf32>) -> tensor<64x48xf32>
        (%7) = "pd_op.transpose" (%2) {perm:[1,0],stop_gradient:[true]} : (tensor<64x48xf32>) -> tensor<48x64xf32>
        () = "cf.yield" (%6, %7) {} : (tensor<64x48xf32>, tensor<48x64xf32>) -> 
    }
    (%8) = "pd_op.abs" (%4) {stop_gradient:[true]} : (tensor<48x64xf32>) -> tensor<48x64xf32>
    (%9) = "pd_op.tanh_" (%3) {stop_gradient:[true]} : (tensor<64x48xf32>) -> tensor<64x48xf32>
    (%10) = "pd_op.sin" (%2) {stop_gradient:[true]} : (tensor<64x48xf32>) -> tensor<64x48xf32>
    (%11) = "pd_op.cos" (%3) {stop_gradient:[true]} : (tensor<64x48xf32>) -> tensor<64x48xf32>
    (%12) = "pd_op.if" (%1) {stop_gradient:[true]} -> tensor<64x48xf32> {
        () = "cf.yield" (%0) {} : (tensor<64x48xf32>) -> 
    } else {
        (%13) = "pd_op.cos" (%0) {stop_gradient:[true]} : (tensor<64x48xf32>) -> tensor<64x48xf32>
        () = "cf.yield" (%13) {} : (tensor<64x48xf32>) -> 
    }
    (%14) = "pd_op.exp_" (%12) {stop_gradient:[true]} : (tensor<64x48xf32>) -> tensor<64x48xf32>
    (%15) = "pd_op.sin" (%0) {stop_gradient:[true]} : (tensor<64x48xf32>) -> tensor<64x48xf32>
    (%16) = "pd_op.fetch" (%8) {col:0,name:"abs_second"} : (tensor<48x64xf32>) -> tensor<48x64xf32>
    (%17) = "pd_op.fetch" (%9) {col:1,name:"tanh_first"} : (tensor<64x48xf32>) -> tensor<64x48xf32>
    (%18) = "pd_op.fetch" (%10) {col:2,name:"sin_e"} : (tensor<64x48xf32>) -> tensor<64x48xf32>
    (%19) = "pd_op.fetch" (%11) {col:3,name:"cos_first"} : (tensor<64x48xf32>) -> tensor<64x48xf32>
    (%20) = "pd_op.fetch" (%15) {col:4,name:"sin_x"} : (tensor<64x48xf32>) -> tensor<64x48xf32>
    (%21) = "pd_op.fetch" (%12) {col:5,name:"p"} : (tensor<64x48xf32>) -> tensor<64x48xf32>
}
