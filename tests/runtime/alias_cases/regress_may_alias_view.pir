{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%4) = "pd_op.unsqueeze" (%0, %3) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
    (%5) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%6) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%7) = "pd_op.less_than" (%5, %6) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
    (%8, %9, %10) = "pd_op.if" (%7) {stop_gradient:[true,true,true]} -> tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32> {
        () = "cf.yield" (%0, %0, %0) {} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> 
    } else {
        (%31) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2,3]} : () -> tensor<2xi64>
        (%32) = "pd_op.reshape_" (%4, %31) {stop_gradient:[true]} : (tensor<1x2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
        () = "cf.yield" (%32, %1, %32) {} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> 
    }
    (%36) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%37) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%38) = "pd_op.less_than" (%36, %37) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xb>
    (%39, %40) = "pd_op.if" (%38) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<3x2xf32> {
        (%42) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
        (%43) = "pd_op.reshape" (%0, %42) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
        () = "cf.yield" (%0, %43) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
    } else {
        (%44) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,2]} : () -> tensor<2xi64>
        (%45) = "pd_op.reshape" (%0, %44) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
        () = "cf.yield" (%0, %45) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
    }
    (%49) = "pd_op.if" (%2) {stop_gradient:[true]} -> tensor<1x2x3xf32> {
        (%52) = "pd_op.add_" (%4, %4) {stop_gradient:[true]} : (tensor<1x2x3xf32>, tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
        () = "cf.yield" (%4) {} : (tensor<1x2x3xf32>) -> 
    } else {
        () = "cf.yield" (%4) {} : (tensor<1x2x3xf32>) -> 
    }
    (%55) = "pd_op.fetch" (%39) {col:1,name:"fetch_name_1",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
