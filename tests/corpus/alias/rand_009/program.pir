{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.multiply_" (%1, %0) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.subtract" (%3, %1) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%5) = "pd_op.sigmoid" (%4) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%6) = "pd_op.if" (%2) {stop_gradient:[true]} -> tensor<2x3xf32> {
        (%7) = "pd_op.sigmoid" (%5) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        () = "cf.yield" (%7) {} : (tensor<2x3xf32>) -> 
    } else {
        (%8) = "pd_op.relu" (%4) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%9) = "pd_op.cos_" (%5) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%10) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
        (%11) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%12) = "pd_op.slice" (%3, %10, %11) {axes:[0],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x3xf32>
        () = "cf.yield" (%8) {} : (tensor<2x3xf32>) -> 
    }
    (%13) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%14) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%15) = "pd_op.less_than" (%13, %14) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
    (%16, %17) = "pd_op.if" (%15) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<1x3xf32> {
        (%18) = "pd_op.cos" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%19) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
        (%20) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%21) = "pd_op.slice" (%18, %19, %20) {axes:[0],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x3xf32>
        () = "cf.yield" (%18, %21) {} : (tensor<2x3xf32>, tensor<1x3xf32>) -> 
    } else {
        (%22) = "pd_op.abs" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%23) = "pd_op.relu_" (%22) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        (%24) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
        (%25) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
        (%26) = "pd_op.slice" (%22, %24, %25) {axes:[0],decrease_axis:[],infer_flags:[1],stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x3xf32>
        () = "cf.yield" (%22, %26) {} : (tensor<2x3xf32>, tensor<1x3xf32>) -> 
    }
    (%27) = "pd_op.fetch" (%17) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<1x3xf32>) -> tensor<1x3xf32>
    (%28) = "pd_op.fetch" (%6) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%29) = "pd_op.fetch" (%5) {col:2,name:"fetch_name_2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%30) = "pd_op.fetch" (%16) {col:3,name:"fetch_name_3",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%31) = "pd_op.fetch" (%4) {col:4,name:"fetch_name_4",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
