// RUN: pirc-run %s --feed x=%S/Inputs/arange_2x3.npy --threads 4 | filecheck %s
// RUN: pirc-opt %s -p inplace | pirc-run - --feed x=%S/Inputs/arange_2x3.npy | filecheck %s

// Issue 11, class 1 (Paddle's semantics): an in-place op writes its input's storage, every later
// reader sees it; a view (transpose, unsqueeze) behaves as a copy in both directions.
//   t = transpose(x); scale_(x, 2, bias 1); abs(t)   -> abs(x^T), not abs((2x+1)^T)
//   u = unsqueeze(y); scale_(u, 2, bias 1); abs(y)   -> abs(y)
//   z = abs(x); scale_(z); scale_(z); abs(z)         -> 4z+3

// CHECK: chain {{.*}} [ 3.,  7., 11., 15., 19., 23.]
// CHECK: transpose {{.*}} [0., 3., 1., 4., 2., 5.]
// CHECK: written_base {{.*}} [ 1.,  3.,  5.,  7.,  9., 11.]
// CHECK: unsqueeze_src {{.*}} [0., 1., 2., 3., 4., 5.]
// CHECK: unsqueeze_view {{.*}} [ 1.,  3.,  5.,  7.,  9., 11.]
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%2) = "pd_op.abs" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%3) = "pd_op.scale_" (%2, %1) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.scale_" (%2, %1) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%5) = "pd_op.abs" (%2) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%6) = "pd_op.abs" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%7) = "pd_op.transpose" (%6) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    (%8) = "pd_op.scale_" (%6, %1) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    (%9) = "pd_op.abs" (%7) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%10) = "pd_op.abs" (%6) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%11) = "pd_op.abs" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%12) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%13) = "pd_op.unsqueeze" (%11, %12) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
    (%14) = "pd_op.scale_" (%13, %1) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<1x2x3xf32>, tensor<1xf32>) -> tensor<1x2x3xf32>
    (%15) = "pd_op.abs" (%11) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%16) = "pd_op.abs" (%13) {stop_gradient:[true]} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
    (%17) = "pd_op.fetch" (%5) {col:0,name:"chain"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%18) = "pd_op.fetch" (%9) {col:1,name:"transpose"} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%19) = "pd_op.fetch" (%10) {col:2,name:"written_base"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%20) = "pd_op.fetch" (%15) {col:3,name:"unsqueeze_src"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%21) = "pd_op.fetch" (%16) {col:4,name:"unsqueeze_view"} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
}
