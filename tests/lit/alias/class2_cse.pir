// RUN: pirc-opt %s -p cse | filecheck %s
// RUN: pirc-opt %s -p cse,dce | pirc-run - | filecheck %s --check-prefix=OUT

// Issue 11, class 2: CSE never merges a value that is later written in place (two equal fulls,
// one incremented), nor two reads with an in-place write of their operand in between
// (exp(x); exp_(x); exp(x)).  Equal values that nobody writes still merge.

// CHECK:      %[[F1:[0-9]+]]) = "pd_op.full" () {{.*}}value:2}
// CHECK-NEXT: %[[F2:[0-9]+]]) = "pd_op.full" () {{.*}}value:2}
// CHECK-NEXT: "pd_op.increment_" (%[[F1]])
// CHECK-NEXT: "pd_op.add" (%{{[0-9]+}}, %[[F2]])
// CHECK-NEXT: %[[E1:[0-9]+]]) = "pd_op.exp" (%[[X:[0-9]+]])
// CHECK-NEXT: "pd_op.exp_" (%[[X]])
// CHECK-NEXT: %[[E2:[0-9]+]]) = "pd_op.exp" (%[[X]])
// CHECK-NEXT: %[[A:[0-9]+]]) = "pd_op.abs" (%[[E2]])
// CHECK-NEXT: "pd_op.multiply" (%[[A]], %[[A]])

// OUT: y {{.*}} [3.]
// OUT: inc {{.*}} [3.]
// OUT: e1 {{.*}} [2.718282]
// OUT: e2 {{.*}} [15.1542
{
    (%0) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%1) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%2) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%3) = "pd_op.increment_" (%1) {stop_gradient:[true],value:1} : (tensor<1xf32>) -> tensor<1xf32>
    (%4) = "pd_op.add" (%0, %2) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    (%5) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%6) = "pd_op.exp_" (%0) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%7) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%8) = "pd_op.abs" (%7) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%9) = "pd_op.abs" (%7) {stop_gradient:[true]} : (tensor<1xf32>) -> tensor<1xf32>
    (%10) = "pd_op.multiply" (%8, %9) {stop_gradient:[true]} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    (%11) = "pd_op.fetch" (%4) {col:0,name:"y"} : (tensor<1xf32>) -> tensor<1xf32>
    (%12) = "pd_op.fetch" (%3) {col:1,name:"inc"} : (tensor<1xf32>) -> tensor<1xf32>
    (%13) = "pd_op.fetch" (%5) {col:2,name:"e1"} : (tensor<1xf32>) -> tensor<1xf32>
    (%14) = "pd_op.fetch" (%7) {col:3,name:"e2"} : (tensor<1xf32>) -> tensor<1xf32>
    (%15) = "pd_op.fetch" (%10) {col:4,name:"sq"} : (tensor<1xf32>) -> tensor<1xf32>
}
