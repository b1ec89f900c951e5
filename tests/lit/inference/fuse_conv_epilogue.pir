// RUN: pirc-opt %s -p fuse_conv_epilogue,dce | filecheck %s
// RUN: pirc-opt %s -p fuse_conv_epilogue,dce | pirc-run - --feed %S/fuse_conv_epilogue.npz -o %t.fused.npz
// RUN: pirc-run %s --feed %S/fuse_conv_epilogue.npz --expect %t.fused.npz --rtol 1e-6 --atol 1e-6

// conv2d + bias add + residual add + relu6 becomes one pd_op.fused_conv2d_add_act (Paddle's
// conv2d_add_act_fuse_pass); a depthwise conv + bias + hardswish likewise; a conv whose output
// has another reader keeps its add.  The fused program computes the same numbers.

// CHECK:      (%[[X:[0-9]+]]) = "pd_op.data" () {{.*}}name:"x"
// CHECK:      (%[[R:[0-9]+]]) = "pd_op.data" () {{.*}}name:"r"
// CHECK:      (%[[W:[0-9]+]]) = "pd_op.full" ()
// CHECK:      (%[[B:[0-9]+]]) = "pd_op.full" ()
// CHECK:      (%[[F:[0-9]+]]) = "pd_op.fused_conv2d_add_act" (%[[X]], %[[W]], %[[B]], %[[R]]) {activation:"relu6",data_format:"NCHW",{{.*}}groups:1,{{.*}}strides:[1,1],{{.*}}} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>, tensor<1x4x1x1xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
// CHECK-NOT:  "pd_op.relu6"
// CHECK:      (%[[D:[0-9]+]]) = "pd_op.fused_conv2d_add_act" (%[[F]], %{{[0-9]+}}, %[[B]], <<NULL VALUE>>) {activation:"hardswish",{{.*}}groups:4,
// CHECK:      (%[[C:[0-9]+]]) = "pd_op.conv2d" (%[[D]],
// CHECK-NEXT: (%{{[0-9]+}}) = "pd_op.add" (%[[C]], %[[B]])
// CHECK:      "pd_op.fetch" (%[[C]])
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1,4,6,6],stop_gradient:[true]} : () -> tensor<1x4x6x6xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"r",place:Place(undefined:0),shape:[1,4,6,6],stop_gradient:[true]} : () -> tensor<1x4x6x6xf32>
    (%2) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[4,4,3,3],stop_gradient:[true],value:0.125} : () -> tensor<4x4x3x3xf32>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1,4,1,1],stop_gradient:[true],value:-0.5} : () -> tensor<1x4x1x1xf32>
    (%4) = "pd_op.conv2d" (%0, %2) {data_format:"NCHW",dilations:[1,1],groups:1,padding_algorithm:"EXPLICIT",paddings:[1,1],stop_gradient:[false],strides:[1,1]} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
    (%5) = "pd_op.add" (%4, %3) {stop_gradient:[false]} : (tensor<1x4x6x6xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x6x6xf32>
    (%6) = "pd_op.add" (%5, %1) {stop_gradient:[false]} : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    (%7) = "pd_op.relu6" (%6) {stop_gradient:[false]} : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    (%8) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[4,1,3,3],stop_gradient:[true],value:0.25} : () -> tensor<4x1x3x3xf32>
    (%9) = "pd_op.depthwise_conv2d" (%7, %8) {data_format:"NCHW",dilations:[1,1],groups:4,padding_algorithm:"EXPLICIT",paddings:[1,1],stop_gradient:[false],strides:[1,1]} : (tensor<1x4x6x6xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32>
    (%10) = "pd_op.add" (%9, %3) {stop_gradient:[false]} : (tensor<1x4x6x6xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x6x6xf32>
    (%11) = "pd_op.hardswish" (%10) {stop_gradient:[false]} : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    (%12) = "pd_op.conv2d" (%11, %2) {data_format:"NCHW",dilations:[1,1],groups:1,padding_algorithm:"EXPLICIT",paddings:[1,1],stop_gradient:[false],strides:[1,1]} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
    (%13) = "pd_op.add" (%12, %3) {stop_gradient:[false]} : (tensor<1x4x6x6xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x6x6xf32>
    (%14) = "pd_op.fetch" (%13) {col:0,name:"out",persistable:[true],stop_gradient:[false]} : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    (%15) = "pd_op.fetch" (%12) {col:1,name:"conv",persistable:[true],stop_gradient:[false]} : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
}
