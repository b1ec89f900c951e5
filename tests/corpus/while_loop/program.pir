{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,4],stop_gradient:[true]} : () -> tensor<-1x4xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"n",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xi64>
    (%2) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%3) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:5} : () -> tensor<1xi64>
    (%4) = "pd_op.less_than" (%2, %3) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
    (%5, %6) = "pd_op.while" (cond=%4, inputs=%2, %0) { 
    ^%arg_0 {}, %arg_1 {}
        (%7) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.9} : () -> tensor<1xf32>
        (%8) = "pd_op.scale" (%arg_1, %7) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<-1x4xf32>, tensor<1xf32>) -> tensor<-1x4xf32>
        (%9) = "pd_op.tanh" (%arg_1) {stop_gradient:[true]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
        (%10) = "pd_op.add" (%8, %9) {stop_gradient:[true]} : (tensor<-1x4xf32>, tensor<-1x4xf32>) -> tensor<-1x4xf32>
        (%11) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
        (%12) = "pd_op.scale" (%arg_0, %11) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xi64>, tensor<1xf32>) -> tensor<1xi64>
        (%13) = "pd_op.less_than" (%12, %3) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        () = "cf.yield" (%13, %12, %10) {} : (tensor<1xb>, tensor<1xi64>, tensor<-1x4xf32>) -> 
    }
    (%14) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%15) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%16) = "pd_op.less_than" (%14, %1) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
    (%17, %18, %19) = "pd_op.while" (cond=%16, inputs=%14, %15, %0) { 
    ^%arg_2 {}, %arg_3 {}, %arg_4 {}
        (%20) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xi64>
        (%21) = "pd_op.remainder" (%arg_2, %20) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
        (%22) = "pd_op.full" () {dtype:int64,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
        (%23) = "pd_op.equal" (%21, %22) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        (%24) = "pd_op.all" (%23) {axis:[],keepdim:false,stop_gradient:[true]} : (tensor<1xb>) -> tensor<b>
        (%25) = "pd_op.if" (%24) {stop_gradient:[true]} -> tensor<-1x4xf32> {
            (%26) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
            (%27) = "pd_op.scale" (%arg_4, %26) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<-1x4xf32>, tensor<1xf32>) -> tensor<-1x4xf32>
            () = "cf.yield" (%27) {} : (tensor<-1x4xf32>) -> 
        } else {
            (%28) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
            (%29) = "pd_op.scale" (%arg_4, %28) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<-1x4xf32>, tensor<1xf32>) -> tensor<-1x4xf32>
            () = "cf.yield" (%29) {} : (tensor<-1x4xf32>) -> 
        }
        (%30) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[]} : () -> tensor<0xi64>
        (%31) = "pd_op.sum" (%25, %30) {dtype:Undefined,keepdim:false,stop_gradient:[true]} : (tensor<-1x4xf32>, tensor<0xi64>) -> tensor<f32>
        (%32) = "pd_op.add" (%arg_3, %31) {stop_gradient:[true]} : (tensor<1xf32>, tensor<f32>) -> tensor<1xf32>
        (%33) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
        (%34) = "pd_op.scale" (%arg_2, %33) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xi64>, tensor<1xf32>) -> tensor<1xi64>
        (%35) = "pd_op.less_than" (%34, %1) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        () = "cf.yield" (%35, %34, %32, %25) {} : (tensor<1xb>, tensor<1xi64>, tensor<1xf32>, tensor<-1x4xf32>) -> 
    }
    (%36) = "pd_op.fetch" (%6) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%37) = "pd_op.fetch" (%5) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<1xi64>) -> tensor<1xi64>
    (%38) = "pd_op.fetch" (%18) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%39) = "pd_op.fetch" (%19) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%40) = "pd_op.fetch" (%17) {col:4,name:"fetch_name_4",persistable:[true],stop_gradient:[true]} : (tensor<1xi64>) -> tensor<1xi64>
}
