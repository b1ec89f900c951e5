{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%4) = "pd_op.scale" (%1, %3) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%5, %6) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
        (%7) = "pd_op.add" (%1, %0) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
        (%8) = "pd_op.if" (%2) {stop_gradient:[true]} -> tensor<2x3xf32> {
            (%9) = "pd_op.add" (%1, %0) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
            (%10) = "pd_op.sin_" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%11) = "pd_op.exp_" (%7) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%12) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
            (%13) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
            (%14) = "pd_op.slice" (%4, %12, %13) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
            () = "cf.yield" (%9) {} : (tensor<2x3xf32>) -> 
        } else {
            (%15) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
            (%16) = "pd_op.scale" (%4, %15) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
            (%17) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,6]} : () -> tensor<2xi64>
            (%18) = "pd_op.reshape" (%4, %17) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<1x6xf32>
            (%19) = "pd_op.sigmoid" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            () = "cf.yield" (%16) {} : (tensor<2x3xf32>) -> 
        }
        () = "cf.yield" (%7, %7) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    } else {
        (%20) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
        (%21) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
        (%22) = "pd_op.less_than" (%20, %21) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
        (%23, %24) = "pd_op.if" (%22) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
            (%25) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
            (%26) = "pd_op.unsqueeze" (%4, %25) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
            (%27) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
            (%28) = "pd_op.scale" (%4, %27) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
            () = "cf.yield" (%28, %28) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        } else {
            (%29) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
            (%30) = "pd_op.scale" (%1, %29) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
            (%31) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
            (%32) = "pd_op.scale_" (%1, %31) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
            () = "cf.yield" (%30, %30) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
        }
        (%33) = "pd_op.add_" (%0, %23) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
        (%34) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
        (%35) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
        (%36) = "pd_op.less_than" (%34, %35) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
        (%37) = "pd_op.if" (%36) {stop_gradient:[true]} -> tensor<2x3xf32> {
            (%38) = "pd_op.subtract_" (%23, %33) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
            () = "cf.yield" (%38) {} : (tensor<2x3xf32>) -> 
        } else {
            (%39) = "pd_op.flatten" (%33) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<6xf32>
            (%40) = "pd_op.cos" (%24) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            () = "cf.yield" (%40) {} : (tensor<2x3xf32>) -> 
        }
        () = "cf.yield" (%24, %33) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%41) = "pd_op.sin" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%42) = "pd_op.exp" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%43) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%44) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
    (%45) = "pd_op.less_than" (%43, %44) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%46, %47, %48) = "pd_op.while" (cond=%45, inputs=%43, %41, %42) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}, %arg_2 {stop_gradient:true}
        (%49) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%50) = "pd_op.abs" (%arg_2) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%51) = "pd_op.tanh" (%arg_1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%52) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
        (%53) = "pd_op.less_than" (%49, %52) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%53, %49, %50, %51) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%54) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[6]} : () -> tensor<1xi64>
    (%55) = "pd_op.reshape_" (%47, %54) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
    (%56) = "pd_op.fetch" (%55) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
    (%57) = "pd_op.fetch" (%0) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%58) = "pd_op.fetch" (%47) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%59) = "pd_op.fetch" (%5) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
