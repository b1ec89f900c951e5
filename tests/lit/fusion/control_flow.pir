// RUN: pirc-opt %s --build-cinn | filecheck %s

// Groups form inside each block of pd_op.if / pd_op.while and never cross a block
// boundary; the if (a control-flow op) and the data/fetch ops stay outside groups.
// The int64 loop counter's scale and compare fuse too (CINN accepts integer tensors).

// CHECK:      (%[[X:[0-9]+]]) = "pd_op.data" () {{.*}}name:"x"
// CHECK-NEXT: (%[[C:[0-9]+]]) = "pd_op.data" () {{.*}}name:"c"
// CHECK-NEXT: (%[[G0:[0-9]+]]) = "cinn_op.group" () -> tensor<4x6xf32> {
// CHECK-NEXT:     "pd_op.exp" (%[[X]])
// CHECK-NEXT:     "cf.yield"
// CHECK-NEXT: }
// CHECK-NEXT: (%[[IF:[0-9]+]]) = "pd_op.if" (%[[C]]) {stop_gradient:[true]} -> tensor<4x6xf32> {
// CHECK-NEXT:     (%[[T:[0-9]+]]) = "cinn_op.group" () -> tensor<4x6xf32> {
// CHECK-NEXT:         "pd_op.relu" (%[[G0]])
// CHECK-NEXT:         "pd_op.tanh"
// CHECK-NEXT:         "cf.yield"
// CHECK-NEXT:     }
// CHECK-NEXT:     () = "cf.yield" (%[[T]])
// CHECK-NEXT: } else {
// CHECK-NEXT:     (%[[F:[0-9]+]]) = "cinn_op.group" () -> tensor<4x6xf32> {
// CHECK-NEXT:         "pd_op.abs" (%[[X]])
// CHECK-NEXT:         "cf.yield"
// CHECK-NEXT:     }
// CHECK-NEXT:     () = "cf.yield" (%[[F]])
// CHECK-NEXT: }
// CHECK:      "pd_op.while" (cond=%{{[0-9]+}}, inputs=%{{[0-9]+}}, %[[IF]])
// CHECK-NEXT: ^%arg_0 {}, %arg_1 {}
// CHECK-NEXT:     (%[[B:[0-9]+]]) = "cinn_op.group" () -> tensor<4x6xf32> {
// CHECK-NEXT:         "pd_op.sin" (%arg_1)
// CHECK-NEXT:         "pd_op.cos"
// CHECK-NEXT:         "cf.yield"
// CHECK-NEXT:     }
// CHECK-NEXT:     (%[[I:[0-9]+]], %[[K:[0-9]+]]) = "cinn_op.group" () -> tensor<1xi64>, tensor<1xb> {
// CHECK-NEXT:         "cinn_op.scale" (%arg_0) {bias:1,bias_after_scale:true,scale:1,stop_gradient:[true]}
// CHECK-NEXT:         "pd_op.less_than"
// CHECK-NEXT:         "cf.yield"
// CHECK-NEXT:     }
// CHECK-NEXT:     () = "cf.yield" (%[[K]], %[[I]], %[[B]])
// CHECK-NEXT: }
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,6],stop_gradient:[true]} : () -> tensor<4x6xf32>
    (%1) = "pd_op.data" () {dtype:bool,name:"c",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%2) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<4x6xf32>) -> tensor<4x6xf32>
    (%3) = "pd_op.if" (%1) {stop_gradient:[true]} -> tensor<4x6xf32> {
        (%4) = "pd_op.relu" (%2) {stop_gradient:[true]} : (tensor<4x6xf32>) -> tensor<4x6xf32>
        (%5) = "pd_op.tanh" (%4) {stop_gradient:[true]} : (tensor<4x6xf32>) -> tensor<4x6xf32>
        () = "cf.yield" (%5) {} : (tensor<4x6xf32>) -> 
    } else {
        (%6) = "pd_op.abs" (%0) {stop_gradient:[true]} : (tensor<4x6xf32>) -> tensor<4x6xf32>
        () = "cf.yield" (%6) {} : (tensor<4x6xf32>) -> 
    }
    (%7) = "pd_op.full" () {dtype:int64,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%8) = "pd_op.full" () {dtype:int64,place:Place(cpu),shape:[1],stop_gradient:[true],value:3} : () -> tensor<1xi64>
    (%9) = "pd_op.less_than" (%7, %8) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
    (%10, %11) = "pd_op.while" (cond=%9, inputs=%7, %3) { 
    ^%arg_0 {}, %arg_1 {}
        (%12) = "pd_op.sin" (%arg_1) {stop_gradient:[true]} : (tensor<4x6xf32>) -> tensor<4x6xf32>
        (%13) = "pd_op.cos" (%12) {stop_gradient:[true]} : (tensor<4x6xf32>) -> tensor<4x6xf32>
        (%14) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
        (%15) = "pd_op.scale" (%arg_0, %14) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xi64>, tensor<1xf32>) -> tensor<1xi64>
        (%16) = "pd_op.less_than" (%15, %8) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        () = "cf.yield" (%16, %15, %13) {} : (tensor<1xb>, tensor<1xi64>, tensor<4x6xf32>) -> 
    }
    (%17) = "pd_op.fetch" (%11) {col:0,name:"out",persistable:[true],stop_gradient:[true]} : (tensor<4x6xf32>) -> tensor<4x6xf32>
}
