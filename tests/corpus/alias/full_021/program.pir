{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1,6]} : () -> tensor<2xi64>
    (%4) = "pd_op.reshape" (%1, %3) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<1x6xf32>
    (%5) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2]} : () -> tensor<1xi64>
    (%6) = "pd_op.unsqueeze" (%4, %5) {stop_gradient:[true]} : (tensor<1x6xf32>, tensor<1xi64>) -> tensor<1x6x1xf32>
    (%7) = "pd_op.tanh_" (%4) {stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
    (%8) = "pd_op.exp" (%4) {stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
    (%9) = "pd_op.if" (%2) {stop_gradient:[true]} -> tensor<1x6xf32> {
        (%10) = "pd_op.exp" (%4) {stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
        (%11) = "pd_op.sin_" (%10) {stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
        (%12) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
        (%13) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
        (%14) = "pd_op.less_than" (%12, %13) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
        (%15, %16) = "pd_op.if" (%14) {stop_gradient:[true,true]} -> tensor<1x6xf32>, tensor<1x1x6xf32> {
            (%17) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
            (%18) = "pd_op.unsqueeze" (%7, %17) {stop_gradient:[true]} : (tensor<1x6xf32>, tensor<1xi64>) -> tensor<1x1x6xf32>
            () = "cf.yield" (%7, %18) {} : (tensor<1x6xf32>, tensor<1x1x6xf32>) -> 
        } else {
            (%19) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
            (%20) = "pd_op.unsqueeze" (%7, %19) {stop_gradient:[true]} : (tensor<1x6xf32>, tensor<1xi64>) -> tensor<1x1x6xf32>
            () = "cf.yield" (%7, %20) {} : (tensor<1x6xf32>, tensor<1x1x6xf32>) -> 
        }
        () = "cf.yield" (%8) {} : (tensor<1x6xf32>) -> 
    } else {
        (%21) = "pd_op.cos" (%6) {stop_gradient:[true]} : (tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
        () = "cf.yield" (%4) {} : (tensor<1x6xf32>) -> 
    }
    (%22) = "pd_op.fetch" (%9) {col:0,name:"fetch_name_0",persistable:[true],stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
    (%23) = "pd_op.fetch" (%4) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<1x6xf32>) -> tensor<1x6xf32>
}
