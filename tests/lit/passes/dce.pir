// RUN: pirc-opt %s -p dce | filecheck %s
// RUN: pirc-opt %s -p dce --print-ir-before dce 2>&1 >/dev/null | filecheck %s --check-prefix=BEFORE

// Dead chains go (including the parameter only they used), ops with effects
// (fetch, shadow_output, set_parameter, inplace ops) and data ops stay, and an
// if whose result is unused and whose regions are pure is removed whole.

// BEFORE: // -----// IR Dump Before DeadCodeElimination (dce) //----- //
// BEFORE: "pd_op.exp"

// CHECK:      {
// CHECK-NEXT: (%[[W:[0-9]+]]) = "builtin.parameter" () {{.*}}parameter_name:"w"
// CHECK-NEXT: (%[[X:[0-9]+]]) = "pd_op.data" ()
// CHECK-NEXT: (%{{[0-9]+}}) = "pd_op.data" () {{.*}}name:"unused_feed"
// CHECK-NEXT: (%[[Y:[0-9]+]]) = "pd_op.relu_" (%[[X]])
// CHECK-NEXT: (%[[M:[0-9]+]]) = "pd_op.matmul" (%[[X]], %[[W]])
// CHECK-NEXT: () = "builtin.shadow_output" (%[[M]])
// CHECK-NEXT: () = "builtin.set_parameter" (%[[M]])
// CHECK-NEXT: (%{{[0-9]+}}) = "pd_op.fetch" (%[[M]])
// CHECK-NEXT: }
// CHECK-NOT:  pd_op.exp
{
    (%0) = "builtin.parameter" () {parameter_name:"w",persistable:[true],stop_gradient:[false]} : () -> tensor<4x4xf32>
    (%1) = "builtin.parameter" () {parameter_name:"dead_w",persistable:[true],stop_gradient:[false]} : () -> tensor<4x4xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,4],stop_gradient:[true]} : () -> tensor<4x4xf32>
    (%3) = "pd_op.data" () {dtype:float32,name:"unused_feed",place:Place(undefined:0),shape:[4,4],stop_gradient:[true]} : () -> tensor<4x4xf32>
    (%4) = "pd_op.exp" (%2) {stop_gradient:[true]} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    (%5) = "pd_op.matmul" (%4, %1) {stop_gradient:[true],transpose_x:false,transpose_y:false} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    (%6) = "pd_op.relu_" (%2) {stop_gradient:[true]} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    (%7) = "pd_op.matmul" (%2, %0) {stop_gradient:[true],transpose_x:false,transpose_y:false} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    (%8) = "pd_op.full" () {dtype:bool,place:Place(cpu),shape:[1],stop_gradient:[true],value:true} : () -> tensor<1xb>
    (%9) = "pd_op.if" (%8) {stop_gradient:[true]} -> tensor<4x4xf32> {
        (%10) = "pd_op.tanh" (%7) {stop_gradient:[true]} : (tensor<4x4xf32>) -> tensor<4x4xf32>
        () = "cf.yield" (%10) {} : (tensor<4x4xf32>) -> 
    } else {
        () = "cf.yield" (%7) {} : (tensor<4x4xf32>) -> 
    }
    () = "builtin.shadow_output" (%7) {output_name:"out0"} : (tensor<4x4xf32>) -> 
    () = "builtin.set_parameter" (%7) {parameter_name:"w2"} : (tensor<4x4xf32>) -> 
    (%11) = "pd_op.fetch" (%7) {col:0,name:"out"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
}
