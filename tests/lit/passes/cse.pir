// RUN: pirc-opt %s -p cse | filecheck %s
// RUN: pirc-opt %s -p 'builtin.module(cse)' | filecheck %s
// RUN: pirc-opt %s -p cse,dce | filecheck %s --check-prefix=DCE

// Two identical constants and two identical adds collapse; the differently
// attributed full survives, and nothing is merged across the if's regions
// in the wrong direction.

// CHECK:      (%[[X:[0-9]+]]) = "pd_op.data" ()
// CHECK-NEXT: (%[[C:[0-9]+]]) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2}
// CHECK-NEXT: (%[[A:[0-9]+]]) = "pd_op.add" (%[[X]], %[[C]])
// CHECK-NEXT: (%[[D:[0-9]+]]) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:3}
// CHECK-NEXT: (%[[M:[0-9]+]]) = "pd_op.multiply" (%[[A]], %[[A]])
// CHECK-NEXT: (%[[S:[0-9]+]]) = "pd_op.multiply" (%[[A]], %[[D]])
// CHECK:      "pd_op.if"
// CHECK-NEXT: (%{{[0-9]+}}) = "pd_op.relu" (%[[A]])
// CHECK-NEXT: "cf.yield"
// CHECK:      } else {
// CHECK-NEXT: "cf.yield" (%[[M]])
// CHECK:      "pd_op.fetch"

// DCE-NOT:    value:3
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%2) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%3) = "pd_op.add" (%0, %1) {stop_gradient:[true]} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
    (%4) = "pd_op.add" (%0, %2) {stop_gradient:[true]} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
    (%5) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:3} : () -> tensor<1xf32>
    (%6) = "pd_op.multiply" (%3, %4) {stop_gradient:[true]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    (%7) = "pd_op.multiply" (%4, %5) {stop_gradient:[true]} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
    (%8) = "pd_op.full" () {dtype:bool,place:Place(cpu),shape:[1],stop_gradient:[true],value:true} : () -> tensor<1xb>
    (%9) = "pd_op.if" (%8) {stop_gradient:[true]} -> tensor<4xf32> {
        (%10) = "pd_op.relu" (%3) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
        () = "cf.yield" (%10) {} : (tensor<4xf32>) -> 
    } else {
        (%11) = "pd_op.multiply" (%4, %3) {stop_gradient:[true]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        (%12) = "pd_op.multiply" (%3, %4) {stop_gradient:[true]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        () = "cf.yield" (%12) {} : (tensor<4xf32>) -> 
    }
    (%13) = "pd_op.fetch" (%9) {col:0,name:"out"} : (tensor<4xf32>) -> tensor<4xf32>
}
