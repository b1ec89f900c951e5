{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%5) = "pd_op.add_" (%4, %3) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    (%6) = "pd_op.subtract" (%0, %1) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%7) = "pd_op.tanh" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%8) = "pd_op.sigmoid" (%4) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%9) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%10) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
    (%11) = "pd_op.less_than" (%9, %10) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%12, %13, %14) = "pd_op.while" (cond=%11, inputs=%9, %7, %8) { 
    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}, %arg_2 {stop_gradient:true}
        (%15) = "pd_op.increment_" (%arg_0) {stop_gradient:[true],value:1} : (tensor<1xi64>) -> tensor<1xi64>
        (%16) = "pd_op.transpose" (%0) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
        (%17) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%18) = "pd_op.scale_" (%0, %17) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
        (%19) = "pd_op.sigmoid" (%18) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%20) = "pd_op.tanh" (%arg_2) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%21) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[],stop_gradient:[true],value:1} : () -> tensor<i64>
        (%22) = "pd_op.less_than" (%15, %21) {stop_gradient:[true]} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%22, %15, %19, %20) {} : (tensor<1xb>, tensor<1xi64>, tensor<2x3xf32>, tensor<1xf32>) -> 
    }
    (%23) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
    (%24) = "pd_op.reshape" (%5, %23) {stop_gradient:[true]} : (tensor<1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
    (%25) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
    (%26) = "pd_op.scale" (%5, %25) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    (%27) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[6]} : () -> tensor<1xi64>
    (%28) = "pd_op.reshape" (%13, %27) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
    (%29) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%30) = "pd_op.scale" (%26, %29) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    (%31) = "pd_op.fetch" (%30) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%32) = "pd_op.fetch" (%13) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%33) = "pd_op.fetch" (%5) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%34) = "pd_op.fetch" (%26) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
}
