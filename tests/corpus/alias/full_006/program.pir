{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%4) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%5) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,1]} : () -> tensor<2xi64>
    (%6) = "pd_op.reshape" (%4, %5) {stop_gradient:[true]} : (tensor<1xf32>, tensor<2xi64>) -> tensor<1x1xf32>
    (%7) = "pd_op.flatten" (%6) {start_axis:0,stop_axis:1,stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1xf32>
    (%8) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%9) = "pd_op.scale" (%6, %8) {bias:0,bias_after_scale:true,stop_gradient:[true]} : (tensor<1x1xf32>, tensor<1xf32>) -> tensor<1x1xf32>
    (%10) = "pd_op.abs" (%6) {stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
    (%11) = "pd_op.abs" (%6) {stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
    (%12, %13, %14) = "pd_op.if" (%2) {stop_gradient:[true,true,true]} -> tensor<1x1xf32>, tensor<1xf32>, tensor<1x1xf32> {
        (%15) = "pd_op.abs" (%3) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        (%16) = "pd_op.abs" (%3) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
        () = "cf.yield" (%11, %15, %6) {} : (tensor<1x1xf32>, tensor<1xf32>, tensor<1x1xf32>) -> 
    } else {
        (%17) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-1} : () -> tensor<1xf32>
        (%18) = "pd_op.scale" (%4, %17) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
        (%19) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
        (%20) = "pd_op.reshape" (%11, %19) {stop_gradient:[true]} : (tensor<1x1xf32>, tensor<1xi64>) -> tensor<1xf32>
        (%21) = "pd_op.abs" (%6) {stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
        () = "cf.yield" (%6, %20, %11) {} : (tensor<1x1xf32>, tensor<1xf32>, tensor<1x1xf32>) -> 
    }
    (%22) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%23) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%24) = "pd_op.less_than" (%22, %23) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
    (%25, %26) = "pd_op.if" (%24) {stop_gradient:[true,true]} -> tensor<1xf32>, tensor<1x1xf32> {
        (%27) = "pd_op.sin_" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%3, %11) {} : (tensor<1xf32>, tensor<1x1xf32>) -> 
    } else {
        (%28) = "pd_op.subtract" (%9, %9) {stop_gradient:[true]} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
        (%29) = "pd_op.multiply" (%3, %3) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
        (%30) = "pd_op.multiply_" (%28, %12) {stop_gradient:[true]} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
        () = "cf.yield" (%29, %14) {} : (tensor<1xf32>, tensor<1x1xf32>) -> 
    }
    (%31) = "pd_op.add_" (%11, %12) {stop_gradient:[true]} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
    (%32) = "pd_op.fetch" (%31) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
    (%33) = "pd_op.fetch" (%26) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
    (%34) = "pd_op.fetch" (%6) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<1x1xf32>) -> tensor<1x1xf32>
}
