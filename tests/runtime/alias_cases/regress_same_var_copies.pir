{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.flatten" (%0) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<6xf32>
    (%4) = "pd_op.exp" (%3) {stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
    (%5) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%6) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xi64>
    (%7) = "pd_op.less_than" (%5, %6) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
    (%8, %9) = "pd_op.while" (cond=%7, inputs=%5, %4) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}
        (%10) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%20) = "pd_op.less_than" (%10, %6) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        () = "cf.yield" (%20, %10, %arg_1) {} : (tensor<1xb>, tensor<1xi64>, tensor<6xf32>) -> 
    }
    (%21) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%22) = "pd_op.scale_" (%9, %21) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<6xf32>, tensor<1xf32>) -> tensor<6xf32>
    (%24, %25, %26) = "pd_op.if" (%2) {stop_gradient:[true,true,true]} -> tensor<6xf32>, tensor<6xf32>, tensor<6xf32> {
        (%27) = "pd_op.subtract_" (%0, %0) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
        (%28) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[6]} : () -> tensor<1xi64>
        (%29) = "pd_op.reshape" (%27, %28) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
        () = "cf.yield" (%29, %29, %9) {} : (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) -> 
    } else {
        () = "cf.yield" (%3, %9, %3) {} : (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) -> 
    }
    (%42) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
    (%43) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%44) = "pd_op.slice" (%1, %42, %43) {axes:[0],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x3xf32>
    (%45) = "pd_op.if" (%2) {stop_gradient:[true]} -> tensor<1x3xf32> {
        () = "cf.yield" (%44) {} : (tensor<1x3xf32>) -> 
    } else {
        (%52) = "pd_op.cos_" (%9) {stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
        () = "cf.yield" (%44) {} : (tensor<1x3xf32>) -> 
    }
    (%56) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%57) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%58) = "pd_op.less_than" (%56, %57) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
    (%59, %60, %61) = "pd_op.if" (%58) {stop_gradient:[true,true,true]} -> tensor<6xf32>, tensor<2x3xf32>, tensor<6xf32> {
        () = "cf.yield" (%9, %0, %22) {} : (tensor<6xf32>, tensor<2x3xf32>, tensor<6xf32>) -> 
    } else {
        (%64, %65) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<6xf32>, tensor<3x2xf32> {
            (%66) = "pd_op.relu" (%9) {stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
            (%68) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
            (%69) = "pd_op.reshape" (%66, %68) {stop_gradient:[true]} : (tensor<6xf32>, tensor<2xi64>) -> tensor<3x2xf32>
            () = "cf.yield" (%66, %69) {} : (tensor<6xf32>, tensor<3x2xf32>) -> 
        } else {
            (%70) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
            (%71) = "pd_op.reshape" (%9, %70) {stop_gradient:[true]} : (tensor<6xf32>, tensor<2xi64>) -> tensor<3x2xf32>
            () = "cf.yield" (%9, %71) {} : (tensor<6xf32>, tensor<3x2xf32>) -> 
        }
        (%72) = "pd_op.sin" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%25, %72, %64) {} : (tensor<6xf32>, tensor<2x3xf32>, tensor<6xf32>) -> 
    }
    (%73) = "pd_op.exp_" (%24) {stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
    (%87) = "pd_op.fetch" (%25) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
}
