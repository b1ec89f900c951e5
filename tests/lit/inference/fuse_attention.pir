// RUN: pirc-opt %s -p fuse_attention,dce | filecheck %s
// RUN: pirc-opt %s -p fuse_attention,dce | pirc-run - --feed %S/fuse_attention.npz -o %t.fused.npz
// RUN: pirc-run %s --feed %S/fuse_attention.npz --expect %t.fused.npz --rtol 1e-6 --atol 1e-6

// nn.MultiHeadAttention's core (Paddle's multihead_matmul / self_attention fusion): the head
// split reshapes of q, k, v, their transposes, the scale of q, q @ k^T, the mask add, softmax,
// @ v, the transpose and reshape back become one pd_op.fused_dot_product_attention on the
// [B, S, H*D] tensors (head_number 2, scaling_factor 0.5), with the same numbers.

// CHECK:      (%[[Q:[0-9]+]]) = "pd_op.data" () {{.*}}name:"q3"
// CHECK:      (%[[K:[0-9]+]]) = "pd_op.data" () {{.*}}name:"k3"
// CHECK:      (%[[V:[0-9]+]]) = "pd_op.data" () {{.*}}name:"v3"
// CHECK:      (%[[M:[0-9]+]]) = "pd_op.data" () {{.*}}name:"m"
// CHECK-NEXT: (%[[O:[0-9]+]]) = "pd_op.fused_dot_product_attention" (%[[Q]], %[[K]], %[[V]], %[[M]]) {bias_type_str:"pre_softmax_bias",dropout_probability:0,head_number:2,is_training:false,mask_type_str:"none",scaling_factor:0.5,stop_gradient:[false]} : (tensor<1x4x6xf32>, tensor<1x4x6xf32>, tensor<1x4x6xf32>, tensor<1x1x1x4xf32>) -> tensor<1x4x6xf32>
// CHECK-NEXT: "pd_op.fetch" (%[[O]])
// CHECK-NOT:  "pd_op.transpose"
{
    (%q3) = "pd_op.data" () {dtype:float32,name:"q3",place:Place(undefined:0),shape:[1,4,6],stop_gradient:[true]} : () -> tensor<1x4x6xf32>
    (%qshape) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0,0,2,3]} : () -> tensor<4xi64>
    (%q) = "pd_op.reshape" (%q3, %qshape) {stop_gradient:[false]} : (tensor<1x4x6xf32>, tensor<4xi64>) -> tensor<1x4x2x3xf32>
    (%k3) = "pd_op.data" () {dtype:float32,name:"k3",place:Place(undefined:0),shape:[1,4,6],stop_gradient:[true]} : () -> tensor<1x4x6xf32>
    (%kshape) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0,0,2,3]} : () -> tensor<4xi64>
    (%k) = "pd_op.reshape" (%k3, %kshape) {stop_gradient:[false]} : (tensor<1x4x6xf32>, tensor<4xi64>) -> tensor<1x4x2x3xf32>
    (%v3) = "pd_op.data" () {dtype:float32,name:"v3",place:Place(undefined:0),shape:[1,4,6],stop_gradient:[true]} : () -> tensor<1x4x6xf32>
    (%vshape) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0,0,2,3]} : () -> tensor<4xi64>
    (%v) = "pd_op.reshape" (%v3, %vshape) {stop_gradient:[false]} : (tensor<1x4x6xf32>, tensor<4xi64>) -> tensor<1x4x2x3xf32>
    (%qt) = "pd_op.transpose" (%q) {stop_gradient:[false],perm:[0,2,1,3]} : (tensor<1x4x2x3xf32>) -> tensor<1x2x4x3xf32>
    (%kt) = "pd_op.transpose" (%k) {stop_gradient:[false],perm:[0,2,1,3]} : (tensor<1x4x2x3xf32>) -> tensor<1x2x4x3xf32>
    (%vt) = "pd_op.transpose" (%v) {stop_gradient:[false],perm:[0,2,1,3]} : (tensor<1x4x2x3xf32>) -> tensor<1x2x4x3xf32>
    (%s) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%qs) = "pd_op.scale" (%qt, %s) {stop_gradient:[false],bias:0,bias_after_scale:true} : (tensor<1x2x4x3xf32>, tensor<1xf32>) -> tensor<1x2x4x3xf32>
    (%sc) = "pd_op.matmul" (%qs, %kt) {stop_gradient:[false],transpose_x:false,transpose_y:true} : (tensor<1x2x4x3xf32>, tensor<1x2x4x3xf32>) -> tensor<1x2x4x4xf32>
    (%m) = "pd_op.data" () {dtype:float32,name:"m",place:Place(undefined:0),shape:[1,1,1,4],stop_gradient:[true]} : () -> tensor<1x1x1x4xf32>
    (%scm) = "pd_op.add" (%sc, %m) {stop_gradient:[false]} : (tensor<1x2x4x4xf32>, tensor<1x1x1x4xf32>) -> tensor<1x2x4x4xf32>
    (%p) = "pd_op.softmax" (%scm) {stop_gradient:[false],axis:-1} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
    (%o) = "pd_op.matmul" (%p, %vt) {stop_gradient:[false],transpose_x:false,transpose_y:false} : (tensor<1x2x4x4xf32>, tensor<1x2x4x3xf32>) -> tensor<1x2x4x3xf32>
    (%ot) = "pd_op.transpose" (%o) {stop_gradient:[false],perm:[0,2,1,3]} : (tensor<1x2x4x3xf32>) -> tensor<1x4x2x3xf32>
    (%oshape) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0,0,6]} : () -> tensor<3xi64>
    (%o3) = "pd_op.reshape" (%ot, %oshape) {stop_gradient:[false]} : (tensor<1x4x2x3xf32>, tensor<3xi64>) -> tensor<1x4x6xf32>
    (%f0) = "pd_op.fetch" (%o3) {col:0,name:"out0",persistable:[true],stop_gradient:[false]} : (tensor<1x4x6xf32>) -> tensor<1x4x6xf32>
}
