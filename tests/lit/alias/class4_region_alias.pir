// RUN: pirc-run %s --feed x=%S/Inputs/arange_2x3.npy --feed c=%S/Inputs/true.npy --threads 4 | filecheck %s
// RUN: pirc-fuse %s | pirc-run - --feed x=%S/Inputs/arange_2x3.npy --feed c=%S/Inputs/true.npy --threads 4 | filecheck %s

// Issue 11, class 4: an if yields (e, transpose(e)).  The first result is e's variable (a write
// through it is seen by e's readers), the second a copy (a view).  abs(second) reads before
// scale_(first) writes: it must not see the write, whatever the thread count.

// CHECK: abs_second {{.*}} [0., 3., 1., 4., 2., 5.]
// CHECK: first {{.*}} [ 1.,  3.,  5.,  7.,  9., 11.]
// CHECK: e_after {{.*}} [ 1.,  3.,  5.,  7.,  9., 11.]
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:bool,name:"c",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%2) = "pd_op.abs" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%3, %4) = "pd_op.if" (%1) {stop_gradient:[true,true]} -> tensor<2x3xf32>, tensor<3x2xf32> {
        (%5) = "pd_op.transpose" (%2) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
        () = "cf.yield" (%2, %5) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
    } else {
        (%6) = "pd_op.transpose" (%2) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
        () = "cf.yield" (%2, %6) {} : (tensor<2x3xf32>, tensor<3x2xf32>) -> 
    }
    (%7) = "pd_op.abs" (%4) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%8) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%9) = "pd_op.scale_" (%3, %8) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%10) = "pd_op.abs" (%2) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%11) = "pd_op.fetch" (%7) {col:0,name:"abs_second"} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%12) = "pd_op.fetch" (%9) {col:1,name:"first"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%13) = "pd_op.fetch" (%10) {col:2,name:"e_after"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
