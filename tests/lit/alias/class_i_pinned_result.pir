// RUN: pirc-run %s --feed x=%S/Inputs/arange_2x3.npy --feed c=%S/Inputs/true.npy --threads 4 | filecheck %s
// RUN: pirc-opt %s -p cse,dce | pirc-run - --feed x=%S/Inputs/arange_2x3.npy --feed c=%S/Inputs/true.npy | filecheck %s
// RUN: pirc-opt %s -p inplace | pirc-run - --feed x=%S/Inputs/arange_2x3.npy --feed c=%S/Inputs/true.npy | filecheck %s
// RUN: pirc-fuse %s | pirc-run - --feed x=%S/Inputs/arange_2x3.npy --feed c=%S/Inputs/true.npy --threads 4 | filecheck %s
// RUN: pirc-run %s --backend cinn --feed x=%S/Inputs/arange_2x3.npy --feed c=%S/Inputs/true.npy | filecheck %s

// Issue 11, class I (results of an if that are an outer variable): an if yields (transpose(e), e).
// The second result IS e's variable; the first only shares its storage (a view: a copy).  The
// sharing of the two must never be undone by copying the second: scale_(e) after the if is seen
// through it, and abs(first) still reads e before the write.

// CHECK: abs_first {{.*}} [0., 3., 1., 4., 2., 5.]
// CHECK: second {{.*}} [ 1.,  3.,  5.,  7.,  9., 11.]
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:bool,name:"c",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%2) = "pd_op.abs" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%3, %4) = "pd_op.if" (%1) {stop_gradient:[true,true]} -> tensor<3x2xf32>, tensor<2x3xf32> {
        (%5) = "pd_op.transpose" (%2) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
        () = "cf.yield" (%5, %2) {} : (tensor<3x2xf32>, tensor<2x3xf32>) -> 
    } else {
        (%6) = "pd_op.transpose" (%2) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
        () = "cf.yield" (%6, %2) {} : (tensor<3x2xf32>, tensor<2x3xf32>) -> 
    }
    (%7) = "pd_op.abs" (%3) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%8) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%9) = "pd_op.scale_" (%2, %8) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%10) = "pd_op.fetch" (%7) {col:0,name:"abs_first"} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%11) = "pd_op.fetch" (%4) {col:1,name:"second"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
