// RUN: pirc-opt %s --build-cinn | filecheck %s

// exp -> cumsum (kNonFusible) -> multiply, and exp -> multiply directly: exp and
// multiply in one group would need cumsum both after and before the group, so
// they stay apart; the non-fusible op stands alone; relu joins multiply.

// CHECK:      (%[[X:[0-9]+]]) = "pd_op.data" ()
// CHECK-NEXT: (%[[G1:[0-9]+]]) = "cinn_op.group" () -> tensor<4x8xf32> {
// CHECK-NEXT:     (%[[E:[0-9]+]]) = "pd_op.exp" (%[[X]])
// CHECK-NEXT:     () = "cf.yield" (%[[E]])
// CHECK-NEXT: }
// CHECK-NEXT: (%[[AX:[0-9]+]]) = "pd_op.full" ()
// CHECK-NEXT: (%[[C:[0-9]+]]) = "pd_op.cumsum" (%[[G1]], %[[AX]])
// CHECK-NEXT: (%[[G2:[0-9]+]]) = "cinn_op.group" () -> tensor<4x8xf32> {
// CHECK-NEXT:     (%[[M:[0-9]+]]) = "pd_op.multiply" (%[[G1]], %[[C]])
// CHECK-NEXT:     (%[[R:[0-9]+]]) = "pd_op.relu" (%[[M]])
// CHECK-NEXT:     () = "cf.yield" (%[[R]])
// CHECK-NEXT: }
// CHECK-NEXT: "pd_op.fetch" (%[[G2]])
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,8],stop_gradient:[true]} : () -> tensor<4x8xf32>
    (%1) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    (%2) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xi32>
    (%3) = "pd_op.cumsum" (%1, %2) {exclusive:false,flatten:false,reverse:false,stop_gradient:[true]} : (tensor<4x8xf32>, tensor<1xi32>) -> tensor<4x8xf32>
    (%4) = "pd_op.multiply" (%1, %3) {stop_gradient:[true]} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    (%5) = "pd_op.relu" (%4) {stop_gradient:[true]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    (%6) = "pd_op.fetch" (%5) {col:0,name:"out",persistable:[true],stop_gradient:[true]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
}
