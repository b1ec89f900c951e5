// RUN: pirc-opt %s --build-cinn | filecheck %s
// RUN: pirc-opt %s --build-cinn --print-ir-after-all 2>&1 >/dev/null | filecheck %s --check-prefix=STAGES

// CINN's softmax example (64x128): prim decomposes softmax; pd_to_cinn writes the
// reductions as cinn_op.reduce_*; add_broadcast_to_elementwise makes the keepdim
// results' broadcasting explicit; build_cinn_pass puts everything in one group
// (reduction -> broadcast -> elementwise -> reduction -> broadcast -> elementwise).

// CHECK:      (%[[X:[0-9]+]]) = "pd_op.data" ()
// CHECK-NEXT: (%[[G:[0-9]+]]) = "cinn_op.group" () -> tensor<64x128xf32> {
// CHECK-NEXT:     (%[[M:[0-9]+]]) = "cinn_op.reduce_max" (%[[X]]) {axis:[1],keepdim:true,stop_gradient:[false]} : (tensor<64x128xf32>) -> tensor<64x1xf32>
// CHECK-NEXT:     (%[[MB:[0-9]+]]) = "cinn_op.broadcast" (%[[M]]) {broadcast_axes:[0,1],out_shape:[64,128],stop_gradient:[false]} : (tensor<64x1xf32>) -> tensor<64x128xf32>
// CHECK-NEXT:     (%[[D:[0-9]+]]) = "pd_op.subtract" (%[[X]], %[[MB]])
// CHECK-NEXT:     (%[[E:[0-9]+]]) = "pd_op.exp" (%[[D]])
// CHECK-NEXT:     (%[[S:[0-9]+]]) = "cinn_op.reduce_sum" (%[[E]]) {axis:[1],dtype:float32,keepdim:true,stop_gradient:[false]} : (tensor<64x128xf32>) -> tensor<64x1xf32>
// CHECK-NEXT:     (%[[SB:[0-9]+]]) = "cinn_op.broadcast" (%[[S]]) {broadcast_axes:[0,1],out_shape:[64,128],stop_gradient:[false]}
// CHECK-NEXT:     (%[[O:[0-9]+]]) = "pd_op.divide" (%[[E]], %[[SB]])
// CHECK-NEXT:     () = "cf.yield" (%[[O]])
// CHECK-NEXT: }
// CHECK-NEXT: "builtin.shadow_output" (%[[G]])

// STAGES:      IR Dump After PdToCinn (pd_to_cinn)
// STAGES:      "pd_op.subtract"
// STAGES-NOT:  "cinn_op.broadcast"
// STAGES:      IR Dump After AddBroadcastToElementwise (add_broadcast_to_elementwise)
// STAGES-NOT:  "cinn_op.group"
// STAGES:      "cinn_op.broadcast"
// STAGES:      IR Dump After BuildCinn (build_cinn_pass)
// STAGES:      "cinn_op.group"
{
    (%0) = "pd_op.data" () {dtype:float32,name:"_jst.0.x.0",place:Place(undefined:0),shape:[64,128],stop_gradient:[false]} : () -> tensor<64x128xf32>
    (%1) = "pd_op.softmax" (%0) {axis:-1,stop_gradient:[false]} : (tensor<64x128xf32>) -> tensor<64x128xf32>
    () = "builtin.shadow_output" (%1) {output_name:"output_0"} : (tensor<64x128xf32>) -> 
}
