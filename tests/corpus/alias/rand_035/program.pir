{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%5) = "pd_op.increment_" (%3) {stop_gradient:[true],value:1} : (tensor<1xf32>) -> tensor<1xf32>
    (%6) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%7) = "pd_op.unsqueeze" (%4, %6) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
    (%8) = "pd_op.sigmoid" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%9) = "pd_op.abs" (%8) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%10) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%11) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
    (%12) = "pd_op.less_than" (%10, %11) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%13, %14) = "pd_op.while" (cond=%12, inputs=%10, %9) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}
        (%15) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%16) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%17) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
        (%18) = "pd_op.less_than" (%16, %17) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
        (%19, %20) = "pd_op.if" (%18) {stop_gradient:[true,true]} -> tensor<1xf32>, tensor<1x1xf32> {
            (%21) = "pd_op.sigmoid" (%4) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
            (%22) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
            (%23) = "pd_op.unsqueeze" (%21, %22) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
            () = "cf.yield" (%21, %23) {} : (tensor<1xf32>, tensor<1x1xf32>) -> 
        } else {
            (%24) = "pd_op.exp" (%4) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
            (%25) = "pd_op.exp_" (%24) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
            (%26) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
            (%27) = "pd_op.unsqueeze" (%24, %26) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
            () = "cf.yield" (%24, %27) {} : (tensor<1xf32>, tensor<1x1xf32>) -> 
        }
        (%28) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%29) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
        (%30) = "pd_op.less_than" (%28, %29) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
        (%31, %32) = "pd_op.if" (%30) {stop_gradient:[true,true]} -> tensor<1x1xf32>, tensor<1xf32> {
            (%33) = "pd_op.tanh" (%7) {stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
            (%34) = "pd_op.flatten" (%33) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1xf32>
            () = "cf.yield" (%33, %34) {} : (tensor<1x1xf32>, tensor<1xf32>) -> 
        } else {
            (%35) = "pd_op.sin" (%7) {stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
            (%36) = "pd_op.abs_" (%35) {stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
            (%37) = "pd_op.flatten" (%35) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1xf32>
            () = "cf.yield" (%35, %37) {} : (tensor<1x1xf32>, tensor<1xf32>) -> 
        }
        (%38) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
        (%39) = "pd_op.unsqueeze" (%31, %38) {stop_gradient:[true]} : (tensor<1x1xf32>, tensor<1xi64>) -> tensor<1x1x1xf32>
        (%40) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
        (%41) = "pd_op.squeeze" (%39, %40) {stop_gradient:[true]} : (tensor<1x1x1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
        (%42) = "pd_op.tanh" (%arg_1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%43) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
        (%44) = "pd_op.less_than" (%15, %43) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%44, %15, %42) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>) -> 
    }
    (%45) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%46) = "pd_op.unsqueeze" (%4, %45) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
    (%47, %48) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
        (%49) = "pd_op.tanh" (%14) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%50) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
        (%51) = "pd_op.unsqueeze_" (%4, %50) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
        (%52, %53) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
            (%54) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
            (%55) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
            (%56) = "pd_op.slice" (%1, %54, %55) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
            (%57) = "pd_op.relu" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%58) = "pd_op.exp" (%3) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
            () = "cf.yield" (%57, %57) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        } else {
            (%59) = "pd_op.transpose" (%51) {perm:[1,0],stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
            (%60) = "pd_op.sigmoid" (%8) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%61) = "pd_op.tanh" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            () = "cf.yield" (%60, %61) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        }
        (%62) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%63) = "pd_op.scale" (%49, %62) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%63, %52) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    } else {
        (%64, %65) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<1x1xf32>, tensor<1xf32> {
            (%66) = "pd_op.tanh" (%46) {stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
            (%67) = "pd_op.flatten" (%66) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1xf32>
            () = "cf.yield" (%66, %67) {} : (tensor<1x1xf32>, tensor<1xf32>) -> 
        } else {
            (%68) = "pd_op.sin" (%46) {stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
            (%69) = "pd_op.flatten" (%68) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1xf32>
            () = "cf.yield" (%68, %69) {} : (tensor<1x1xf32>, tensor<1xf32>) -> 
        }
        (%70, %71) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<3x2xf32> {
            (%72) = "pd_op.cos" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%73) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
            (%74) = "pd_op.reshape" (%72, %73) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
            () = "cf.yield" (%72, %74) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
        } else {
            (%75) = "pd_op.tanh" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%76) = "pd_op.sin_" (%75) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%77) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
            (%78) = "pd_op.reshape" (%75, %77) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
            () = "cf.yield" (%75, %78) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
        }
        (%79) = "pd_op.subtract" (%64, %7) {stop_gradient:[true]} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
        () = "cf.yield" (%70, %70) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%80, %81) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
        (%82) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%83) = "pd_op.scale" (%3, %82) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
        (%84, %85) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x2xf32> {
            (%86) = "pd_op.sigmoid" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%87) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
            (%88) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
            (%89) = "pd_op.slice" (%86, %87, %88) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
            () = "cf.yield" (%86, %89) {} : (tensor<2x3xf32>, tensor<2x2xf32>) -> 
        } else {
            (%90) = "pd_op.tanh" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%91) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
            (%92) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
            (%93) = "pd_op.slice" (%90, %91, %92) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
            () = "cf.yield" (%90, %93) {} : (tensor<2x3xf32>, tensor<2x2xf32>) -> 
        }
        (%94) = "pd_op.tanh_" (%47) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%84, %84) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    } else {
        (%95) = "pd_op.multiply" (%46, %46) {stop_gradient:[true]} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
        (%96) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
        (%97) = "pd_op.scale" (%47, %96) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%97, %97) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%98) = "pd_op.fetch" (%81) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%99) = "pd_op.fetch" (%3) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
}
