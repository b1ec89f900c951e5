{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%5) = "pd_op.increment_" (%3) {stop_gradient:[true],value:1} : (tensor<1xf32>) -> tensor<1xf32>
    (%6) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
    (%7) = "pd_op.reshape" (%4, %6) {stop_gradient:[true]} : (tensor<1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
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
            (%22) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
            (%23) = "pd_op.reshape" (%21, %22) {stop_gradient:[true]} : (tensor<1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
            () = "cf.yield" (%21, %23) {} : (tensor<1xf32>, tensor<1x1xf32>) -> 
        } else {
            (%24) = "pd_op.exp" (%4) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
            (%25) = "pd_op.exp_" (%24) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
            (%26) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
            (%27) = "pd_op.reshape" (%24, %26) {stop_gradient:[true]} : (tensor<1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
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
        (%38) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
        (%39) = "pd_op.reshape" (%31, %38) {stop_gradient:[true]} : (tensor<1x1xf32>, tensor<1xi64>) -> tensor<1xf32>
        (%40) = "pd_op.multiply" (%8, %arg_1) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
        (%41) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
        (%42) = "pd_op.less_than" (%15, %41) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%42, %15, %40) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>) -> 
    }
    (%43) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
    (%44) = "pd_op.reshape" (%4, %43) {stop_gradient:[true]} : (tensor<1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
    (%45, %46) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
        (%47) = "pd_op.tanh" (%14) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%48) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
        (%49) = "pd_op.unsqueeze_" (%4, %48) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
        (%50, %51) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
            (%52) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
            (%53) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
            (%54) = "pd_op.slice" (%1, %52, %53) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
            (%55) = "pd_op.relu" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%56) = "pd_op.exp" (%3) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
            () = "cf.yield" (%55, %55) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        } else {
            (%57) = "pd_op.transpose" (%49) {perm:[1,0],stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
            (%58) = "pd_op.sigmoid" (%8) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%59) = "pd_op.tanh" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            () = "cf.yield" (%58, %59) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        }
        (%60) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%61) = "pd_op.scale" (%47, %60) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%61, %50) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    } else {
        (%62, %63) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<1x1xf32>, tensor<1xf32> {
            (%64) = "pd_op.tanh" (%44) {stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
            (%65) = "pd_op.flatten" (%64) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1xf32>
            () = "cf.yield" (%64, %65) {} : (tensor<1x1xf32>, tensor<1xf32>) -> 
        } else {
            (%66) = "pd_op.sin" (%44) {stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
            (%67) = "pd_op.flatten" (%66) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1xf32>
            () = "cf.yield" (%66, %67) {} : (tensor<1x1xf32>, tensor<1xf32>) -> 
        }
        (%68, %69) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<3x2xf32> {
            (%70) = "pd_op.cos" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%71) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
            (%72) = "pd_op.reshape" (%70, %71) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
            () = "cf.yield" (%70, %72) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
        } else {
            (%73) = "pd_op.tanh" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%74) = "pd_op.sin_" (%73) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%75) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
            (%76) = "pd_op.reshape" (%73, %75) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
            () = "cf.yield" (%73, %76) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
        }
        (%77) = "pd_op.subtract" (%62, %7) {stop_gradient:[true]} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
        () = "cf.yield" (%68, %68) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%78, %79) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
        (%80) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%81) = "pd_op.scale" (%3, %80) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
        (%82, %83) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x2xf32> {
            (%84) = "pd_op.sigmoid" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%85) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
            (%86) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
            (%87) = "pd_op.slice" (%84, %85, %86) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
            () = "cf.yield" (%84, %87) {} : (tensor<2x3xf32>, tensor<2x2xf32>) -> 
        } else {
            (%88) = "pd_op.tanh" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%89) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
            (%90) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
            (%91) = "pd_op.slice" (%88, %89, %90) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
            () = "cf.yield" (%88, %91) {} : (tensor<2x3xf32>, tensor<2x2xf32>) -> 
        }
        (%92) = "pd_op.tanh_" (%45) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%82, %82) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    } else {
        (%93) = "pd_op.multiply" (%44, %44) {stop_gradient:[true]} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
        (%94) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
        (%95) = "pd_op.scale" (%45, %94) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%95, %95) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%96) = "pd_op.fetch" (%79) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%97) = "pd_op.fetch" (%3) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
}
