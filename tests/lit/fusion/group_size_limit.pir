// RUN: pirc-opt %s -p 'build_cinn{max-group-size=2}' | filecheck %s
// RUN: pirc-opt %s -p 'pd_to_cinn,add_broadcast_to_elementwise,build_cinn_pass{max-group-size=2}' | filecheck %s
// RUN: pirc-fuse %s --max-group-size 2 | filecheck %s
// RUN: pirc-opt %s --build-cinn | filecheck %s --check-prefix=NOLIMIT
// RUN: not pirc-opt %s -p 'build_cinn{max-group-size=x}' 2>&1 | filecheck %s --check-prefix=BAD

// A chain of five elementwise ops with at most two ops per group: 2 + 2 + 1.

// CHECK:      "cinn_op.group"
// CHECK-NEXT:     "pd_op.exp"
// CHECK-NEXT:     "pd_op.tanh"
// CHECK-NEXT:     "cf.yield"
// CHECK:      "cinn_op.group"
// CHECK-NEXT:     "pd_op.relu"
// CHECK-NEXT:     "pd_op.sin"
// CHECK-NEXT:     "cf.yield"
// CHECK:      "cinn_op.group"
// CHECK-NEXT:     "pd_op.cos"
// CHECK-NEXT:     "cf.yield"

// NOLIMIT:     "cinn_op.group"
// NOLIMIT-NOT: "cinn_op.group"

// BAD: option 'max_group_size' of pass 'build_cinn_pass' expects a int, got 'x'
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[8],stop_gradient:[true]} : () -> tensor<8xf32>
    (%1) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
    (%2) = "pd_op.tanh" (%1) {stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
    (%3) = "pd_op.relu" (%2) {stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
    (%4) = "pd_op.sin" (%3) {stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
    (%5) = "pd_op.cos" (%4) {stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
    (%6) = "pd_op.fetch" (%5) {col:0,name:"out",persistable:[true],stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
}
