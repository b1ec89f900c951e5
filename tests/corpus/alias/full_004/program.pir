{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.abs" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
    (%5) = "pd_op.reshape" (%0, %4) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
    (%6) = "pd_op.exp" (%5) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%7) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%8) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:3} : () -> tensor<i64>
    (%9) = "pd_op.less_than" (%7, %8) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%10) = "pd_op.while" (cond=%9, inputs=%7) { 
    ^%arg_0 {stop_gradient:true}
        (%11) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%12) = "pd_op.abs" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%13) = "pd_op.tanh" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%14) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
        (%15) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%16) = "pd_op.less_than" (%14, %15) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        (%17) = "pd_op.while" (cond=%16, inputs=%14) { 
        ^%arg_1 {stop_gradient:true}
            (%18) = "pd_op.increment_" (%arg_1) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
            (%19) = "pd_op.flatten" (%1) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<6xf32>
            (%20) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
            (%21) = "pd_op.unsqueeze_" (%5, %20) {stop_gradient:[true]} : (tensor<3x2xf32>, tensor<1xi64>) -> tensor<3x2x1xf32>
            (%22) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
            (%23) = "pd_op.less_than" (%18, %22) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
            () = "cf.yield" (%23, %18) {} : (tensor<1xb>, tensor<1xi64>) -> 
        }
        (%24) = "pd_op.tanh" (%12) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%25) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
        (%26) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
        (%27) = "pd_op.less_than" (%25, %26) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        (%28, %29) = "pd_op.while" (cond=%27, inputs=%25, %24) { 
        ^%arg_2 {stop_gradient:true}, %arg_3 {stop_gradient:true}
            (%30) = "pd_op.increment_" (%arg_2) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
            (%31) = "pd_op.abs" (%12) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            (%32) = "pd_op.transpose" (%6) {perm:[1,0],stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<2x3xf32>
            (%33) = "pd_op.add" (%0, %0) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
            (%34) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[6]} : () -> tensor<1xi64>
            (%35) = "pd_op.reshape" (%32, %34) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
            (%36) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:2} : () -> tensor<i64>
            (%37) = "pd_op.less_than" (%30, %36) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
            () = "cf.yield" (%37, %30, %33) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>) -> 
        }
        (%38) = "pd_op.relu_" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%39) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:3} : () -> tensor<i64>
        (%40) = "pd_op.less_than" (%11, %39) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%40, %11) {} : (tensor<1xb>, tensor<1xi64>) -> 
    }
    (%41) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,6]} : () -> tensor<2xi64>
    (%42) = "pd_op.reshape" (%0, %41) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<1x6xf32>
    (%43) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%44) = "pd_op.scale" (%5, %43) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<3x2xf32>, tensor<1xf32>) -> tensor<3x2xf32>
    (%45) = "pd_op.abs" (%5) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%46) = "pd_op.exp" (%6) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%47) = "pd_op.fetch" (%46) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%48) = "pd_op.fetch" (%45) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%49) = "pd_op.fetch" (%6) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%50) = "pd_op.fetch" (%3) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
