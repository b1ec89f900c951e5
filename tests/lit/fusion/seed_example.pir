// RUN: pirc-opt %s --build-cinn | filecheck %s
// RUN: pirc-fuse %s | filecheck %s
// RUN: pirc-opt %s --build-cinn | pirc-opt | filecheck %s

// The seed's example: relu -> add -> sigmoid become one cinn_op.group; pd_to_cinn
// rewrites sigmoid as 1 / (1 + exp(-x)) (CINN's SigmoidOpPattern), and the ops that
// CINN does not convert stay pd_op inside the group.

// CHECK:      (%[[X:[0-9]+]]) = "pd_op.data" () {{.*}}name:"x"
// CHECK-NEXT: (%[[Y:[0-9]+]]) = "pd_op.data" () {{.*}}name:"y"
// CHECK-NEXT: (%[[G:[0-9]+]]) = "cinn_op.group" () -> tensor<4x8xf32> {
// CHECK-NEXT:     (%[[R:[0-9]+]]) = "pd_op.relu" (%[[X]])
// CHECK-NEXT:     (%[[A:[0-9]+]]) = "pd_op.add" (%[[R]], %[[Y]])
// CHECK-NEXT:     (%[[N:[0-9]+]]) = "cinn_op.scale" (%[[A]]) {bias:0,bias_after_scale:true,scale:-1,stop_gradient:[true]}
// CHECK-NEXT:     (%[[E:[0-9]+]]) = "pd_op.exp" (%[[N]])
// CHECK-NEXT:     (%[[ONE:[0-9]+]]) = "pd_op.full" () {{.*}}shape:[4,8]{{.*}}value:1}
// CHECK-NEXT:     (%[[D:[0-9]+]]) = "pd_op.add" (%[[E]], %[[ONE]])
// CHECK-NEXT:     (%[[ONE2:[0-9]+]]) = "pd_op.full" () {{.*}}shape:[4,8]{{.*}}value:1}
// CHECK-NEXT:     (%[[S:[0-9]+]]) = "pd_op.divide" (%[[ONE2]], %[[D]])
// CHECK-NEXT:     () = "cf.yield" (%[[S]]) {} : (tensor<4x8xf32>) ->
// CHECK-NEXT: }
// CHECK-NEXT: (%{{[0-9]+}}) = "pd_op.fetch" (%[[G]])
// CHECK-NOT:  cinn_op.group
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,8],stop_gradient:[true]} : () -> tensor<4x8xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[4,8],stop_gradient:[true]} : () -> tensor<4x8xf32>
    (%2) = "pd_op.relu" (%0) {stop_gradient:[true]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    (%3) = "pd_op.add" (%2, %1) {stop_gradient:[true]} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    (%4) = "pd_op.sigmoid" (%3) {stop_gradient:[true]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"out",persistable:[true],stop_gradient:[true]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
}
