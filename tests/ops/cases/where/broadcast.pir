{
    (%0) = "pd_op.data" () {dtype:bool,name:"c",place:Place(undefined:0),shape:[3,1],stop_gradient:[true]} : () -> tensor<3x1xb>
    (%1) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%4) = "pd_op.full_like" (%1, %3) {dtype:float32,place:Place(undefined:0),stop_gradient:[true]} : (tensor<3x4xf32>, tensor<1xf32>) -> tensor<3x4xf32>
    (%5) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%6) = "pd_op.full_like" (%2, %5) {dtype:float32,place:Place(undefined:0),stop_gradient:[true]} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
    (%7) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xf32>
    (%8) = "pd_op.full_like" (%0, %7) {dtype:bool,place:Place(undefined:0),stop_gradient:[true]} : (tensor<3x1xb>, tensor<1xf32>) -> tensor<3x1xb>
    (%9) = "pd_op.cast" (%8) {dtype:float32,stop_gradient:[true]} : (tensor<3x1xb>) -> tensor<3x1xf32>
    (%10) = "pd_op.cast" (%0) {dtype:float32,stop_gradient:[true]} : (tensor<3x1xb>) -> tensor<3x1xf32>
    (%11) = "pd_op.add" (%4, %6) {stop_gradient:[true]} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
    (%12) = "pd_op.add" (%11, %9) {stop_gradient:[true]} : (tensor<3x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
    (%13) = "pd_op.add" (%1, %12) {stop_gradient:[true]} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    (%14) = "pd_op.add" (%2, %12) {stop_gradient:[true]} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    (%15) = "pd_op.add" (%10, %12) {stop_gradient:[true]} : (tensor<3x1xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    (%16) = "pd_op.cast" (%15) {dtype:bool,stop_gradient:[true]} : (tensor<3x4xf32>) -> tensor<3x4xb>
    (%17) = "pd_op.where" (%16, %13, %14) {stop_gradient:[true]} : (tensor<3x4xb>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    (%18) = "pd_op.fetch" (%17) {col:0,name:"out0",stop_gradient:[true]} : (tensor<3x4xf32>) -> tensor<3x4xf32>
}
