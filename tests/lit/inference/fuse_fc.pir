// RUN: pirc-opt %s -p fuse_fc,dce | filecheck %s
// RUN: pirc-opt %s -p fuse_fc,dce | pirc-run - --feed %S/fuse_fc.npz -o %t.fused.npz
// RUN: pirc-run %s --feed %S/fuse_fc.npz --expect %t.fused.npz --rtol 1e-6 --atol 1e-6

// matmul + bias add + relu becomes pd_op.fc (Paddle's fc_fuse_pass), flattened at rank - 1;
// a matmul + add whose bias is not one value per column stays; so does one with transpose_y.

// CHECK:      (%[[X:[0-9]+]]) = "pd_op.data" () {{.*}}name:"x"
// CHECK:      (%[[W:[0-9]+]]) = "pd_op.full" ()
// CHECK:      (%[[B:[0-9]+]]) = "pd_op.full" ()
// CHECK:      (%[[F:[0-9]+]]) = "pd_op.fc" (%[[X]], %[[W]], %[[B]]) {activation_type:"relu",in_num_col_dims:2,padding_weights:false,stop_gradient:[false]} : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<5xf32>) -> tensor<2x3x5xf32>
// CHECK-NOT:  "pd_op.relu"
// CHECK:      "pd_op.matmul"
// CHECK-NEXT: "pd_op.add"
// CHECK:      "pd_op.matmul" {{.*}}transpose_y:true
// CHECK-NEXT: "pd_op.add"
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3,4],stop_gradient:[true]} : () -> tensor<2x3x4xf32>
    (%1) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[4,5],stop_gradient:[true],value:0.25} : () -> tensor<4x5xf32>
    (%2) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[5],stop_gradient:[true],value:-0.5} : () -> tensor<5xf32>
    (%3) = "pd_op.matmul" (%0, %1) {stop_gradient:[false],transpose_x:false,transpose_y:false} : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
    (%4) = "pd_op.add" (%3, %2) {stop_gradient:[false]} : (tensor<2x3x5xf32>, tensor<5xf32>) -> tensor<2x3x5xf32>
    (%5) = "pd_op.relu" (%4) {stop_gradient:[false]} : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
    (%6) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[2,3,5],stop_gradient:[true],value:1.5} : () -> tensor<2x3x5xf32>
    (%7) = "pd_op.matmul" (%0, %1) {stop_gradient:[false],transpose_x:false,transpose_y:false} : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
    (%8) = "pd_op.add" (%7, %6) {stop_gradient:[false]} : (tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
    (%9) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[5,4],stop_gradient:[true],value:0.5} : () -> tensor<5x4xf32>
    (%10) = "pd_op.matmul" (%0, %9) {stop_gradient:[false],transpose_x:false,transpose_y:true} : (tensor<2x3x4xf32>, tensor<5x4xf32>) -> tensor<2x3x5xf32>
    (%11) = "pd_op.add" (%10, %2) {stop_gradient:[false]} : (tensor<2x3x5xf32>, tensor<5xf32>) -> tensor<2x3x5xf32>
    (%12) = "pd_op.fetch" (%5) {col:0,name:"relu",persistable:[true],stop_gradient:[false]} : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
    (%13) = "pd_op.fetch" (%8) {col:1,name:"full",persistable:[true],stop_gradient:[false]} : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
    (%14) = "pd_op.fetch" (%11) {col:2,name:"ty",persistable:[true],stop_gradient:[false]} : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
}
