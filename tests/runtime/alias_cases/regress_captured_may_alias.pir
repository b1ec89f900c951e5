{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%3) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%4) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%5) = "pd_op.slice" (%0, %3, %4) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
    (%7) = "pd_op.exp_" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%8) = "pd_op.abs" (%5) {stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    (%9) = "pd_op.exp" (%5) {stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    (%10) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%11) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xi64>
    (%12) = "pd_op.less_than" (%10, %11) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
    (%13, %14, %15) = "pd_op.while" (cond=%12, inputs=%10, %8, %9) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}, %arg_2 {stop_gradient:true}
        (%16) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%17) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
        (%18) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%19) = "pd_op.slice" (%1, %17, %18) {axes:[1],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
        (%20) = "pd_op.sigmoid" (%arg_1) {stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
        (%21) = "pd_op.relu" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%22) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
        (%23) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xi64>
        (%24) = "pd_op.less_than" (%22, %23) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        (%25, %26, %27) = "pd_op.while" (cond=%24, inputs=%22, %20, %21) { 
        ^%arg_3 {stop_gradient:true}, %arg_4 {stop_gradient:true}, %arg_5 {stop_gradient:true}
            (%28) = "pd_op.increment_" (%arg_3) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
            (%29) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
            (%30) = "pd_op.scale_" (%7, %29) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
            (%33) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
            (%34) = "pd_op.scale" (%arg_2, %33) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x2xf32>, tensor<1xf32>) -> tensor<2x2xf32>
            (%35) = "pd_op.less_than" (%28, %23) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
            () = "cf.yield" (%35, %28, %34, %arg_5) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x2xf32>, tensor<2x3xf32>) -> 
        }
        (%36) = "pd_op.abs" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%37) = "pd_op.sigmoid" (%19) {stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
        (%38) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
        (%39) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xi64>
        (%40) = "pd_op.less_than" (%38, %39) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        (%41, %42, %43) = "pd_op.while" (cond=%40, inputs=%38, %36, %37) { 
        ^%arg_6 {stop_gradient:true}, %arg_7 {stop_gradient:true}, %arg_8 {stop_gradient:true}
            (%44) = "pd_op.increment_" (%arg_6) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
            (%46) = "pd_op.sigmoid" (%7) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%47) = "pd_op.less_than" (%44, %39) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
            () = "cf.yield" (%47, %44, %46, %arg_8) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>, tensor<2x2xf32>) -> 
        }
        (%48) = "pd_op.less_than" (%16, %11) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        () = "cf.yield" (%48, %16, %43, %43) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x2xf32>, tensor<2x2xf32>) -> 
    }
    (%53) = "pd_op.fetch" (%15) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
}
