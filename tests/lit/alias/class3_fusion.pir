// RUN: pirc-fuse %s | filecheck %s
// RUN: pirc-run %s --backend cinn --feed x=%S/Inputs/linspace_8.npy | filecheck %s --check-prefix=OUT

// Issue 11, class 3: e = exp(x); tanh_(e); sin(e).  Fusion keeps every read of e after the
// in-place write (RAW edge), so sin sees tanh(exp(x)); the read before it stays before it (WAR).

// CHECK:      (%[[G:[0-9]+]], %{{[0-9]+}}) = "cinn_op.group" ()
// CHECK-NEXT:     "pd_op.exp"
// CHECK-NEXT:     "pd_op.cos"
// CHECK:      "pd_op.tanh_" (%[[G]])
// CHECK-NEXT: "cinn_op.group" ()
// CHECK-NEXT:     "pd_op.sin" (%[[G]])

// cos(exp(x)) and sin(tanh(exp(x))) (not sin(exp(x)) = 0.348, 0.441, ...) at x = -1, -0.714, ...
// OUT: before {{.*}} [0.933092, 0.882548,
// OUT: out {{.*}} [0.344903, 0.438431,
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[8],stop_gradient:[true]} : () -> tensor<8xf32>
    (%1) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
    (%2) = "pd_op.cos" (%1) {stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
    (%3) = "pd_op.tanh_" (%1) {stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
    (%4) = "pd_op.sin" (%1) {stop_gradient:[true]} : (tensor<8xf32>) -> tensor<8xf32>
    (%5) = "pd_op.fetch" (%2) {col:0,name:"before"} : (tensor<8xf32>) -> tensor<8xf32>
    (%6) = "pd_op.fetch" (%4) {col:1,name:"out"} : (tensor<8xf32>) -> tensor<8xf32>
}
