{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%2) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%3) = "pd_op.increment_" (%1) {stop_gradient:[true],value:1} : (tensor<1xf32>) -> tensor<1xf32>
    (%4) = "pd_op.add" (%0, %2) {stop_gradient:[true]} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
    (%5) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
    (%6) = "pd_op.exp_" (%0) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
    (%7) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
    (%8) = "pd_op.fetch" (%4) {col:0,name:"y"} : (tensor<4xf32>) -> tensor<4xf32>
    (%9) = "pd_op.fetch" (%3) {col:1,name:"inc"} : (tensor<1xf32>) -> tensor<1xf32>
    (%10) = "pd_op.fetch" (%5) {col:2,name:"e1"} : (tensor<4xf32>) -> tensor<4xf32>
    (%11) = "pd_op.fetch" (%7) {col:3,name:"e2"} : (tensor<4xf32>) -> tensor<4xf32>
}
