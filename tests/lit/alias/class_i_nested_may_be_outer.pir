// RUN: pirc-run %s --feed x=%S/Inputs/arange_2x3.npy --feed c=%S/Inputs/true.npy --threads 4 | filecheck %s --check-prefix=COPY
// RUN: pirc-run %s --feed x=%S/Inputs/arange_2x3.npy --feed c=%S/Inputs/false.npy --threads 4 | filecheck %s --check-prefix=SAME
// RUN: pirc-opt %s -p cse,dce | pirc-run - --feed x=%S/Inputs/arange_2x3.npy --feed c=%S/Inputs/true.npy | filecheck %s --check-prefix=COPY
// RUN: pirc-opt %s -p inplace | pirc-run - --feed x=%S/Inputs/arange_2x3.npy --feed c=%S/Inputs/true.npy | filecheck %s --check-prefix=COPY
// RUN: pirc-fuse %s | pirc-run - --feed x=%S/Inputs/arange_2x3.npy --feed c=%S/Inputs/false.npy | filecheck %s --check-prefix=SAME
// RUN: pirc-run %s --backend cinn --feed x=%S/Inputs/arange_2x3.npy --feed c=%S/Inputs/true.npy | filecheck %s --check-prefix=COPY

// Issue 11, class I (results of an if that are an outer variable): the inner if yields the captured
// e in one branch and reshape(e) (a copy) in the other, and the outer if yields the inner result.
// Its block only sees "e's variable" -- it cannot tell that the result may be a view -- so the
// inner if copies the view; the outer result is e itself on the other path (c false), where
// scale_(e) after the if is seen through it.

// COPY: r {{.*}} [0., 1., 2., 3., 4., 5.]
// SAME: r {{.*}} [ 1.,  3.,  5.,  7.,  9., 11.]
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:bool,name:"c",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%2) = "pd_op.abs" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%3) = "pd_op.logical_not" (%1) {stop_gradient:[true]} : (tensor<1xb>) -> tensor<1xb>
    (%4) = "pd_op.if" (%1) {stop_gradient:[true]} -> tensor<2x3xf32> {
        (%5) = "pd_op.if" (%3) {stop_gradient:[true]} -> tensor<2x3xf32> {
            () = "cf.yield" (%2) {} : (tensor<2x3xf32>) -> 
        } else {
            (%6) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2,3]} : () -> tensor<2xi64>
            (%7) = "pd_op.reshape" (%2, %6) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
            () = "cf.yield" (%7) {} : (tensor<2x3xf32>) -> 
        }
        () = "cf.yield" (%5) {} : (tensor<2x3xf32>) -> 
    } else {
        () = "cf.yield" (%2) {} : (tensor<2x3xf32>) -> 
    }
    (%8) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%9) = "pd_op.scale_" (%2, %8) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%10) = "pd_op.fetch" (%4) {col:0,name:"r"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
