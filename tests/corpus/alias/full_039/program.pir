{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%4) = "pd_op.scale" (%1, %3) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%5) = "pd_op.sigmoid" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%6) = "pd_op.sigmoid" (%4) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%7) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%8) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
    (%9) = "pd_op.less_than" (%7, %8) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%10, %11, %12) = "pd_op.while" (cond=%9, inputs=%7, %5, %6) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}, %arg_2 {stop_gradient:true}
        (%13) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%14) = "pd_op.multiply" (%arg_1, %arg_2) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
        (%15) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%16) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
        (%17) = "pd_op.less_than" (%15, %16) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
        (%18, %19, %20) = "pd_op.if" (%17) {stop_gradient:[true,true,true]} -> tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32> {
            (%21) = "pd_op.multiply" (%arg_1, %arg_2) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
            (%22) = "pd_op.relu" (%arg_2) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%23) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
            (%24) = "pd_op.scale" (%14, %23) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
            (%25) = "pd_op.abs" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            () = "cf.yield" (%24, %24, %21) {} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> 
        } else {
            () = "cf.yield" (%1, %1, %1) {} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> 
        }
        (%26) = "pd_op.transpose" (%arg_2) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
        (%27) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%28) = "pd_op.less_than" (%13, %27) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%28, %13, %14, %19) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%29) = "pd_op.cos" (%12) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%30, %31) = "pd_op.if" (%2) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<2x3xf32> {
        (%32) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%33) = "pd_op.unsqueeze_" (%29, %32) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3x1xf32>
        (%34) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
        (%35) = "pd_op.scale_" (%0, %34) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%35, %0) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    } else {
        (%36) = "pd_op.abs" (%29) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%29, %4) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%37) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
    (%38) = "pd_op.reshape" (%4, %37) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
    (%39) = "pd_op.cos" (%12) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%40) = "pd_op.add" (%0, %1) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%41) = "pd_op.abs" (%38) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%42) = "pd_op.fetch" (%41) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%43) = "pd_op.fetch" (%1) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%44) = "pd_op.fetch" (%12) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%45) = "pd_op.fetch" (%38) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
}
