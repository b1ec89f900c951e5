// RUN: pirc-fuse %s --fusion-report --dot %t.dot -o %t.pir 2>&1 | filecheck %s --check-prefix=REPORT
// RUN: filecheck %s --check-prefix=DOT < %t.dot
// RUN: pirc-opt %s --build-cinn --fusion-report -o /dev/null 2>&1 | filecheck %s --check-prefix=REPORT
// RUN: pirc-opt %t.pir --fusion-report -o /dev/null 2>&1 | filecheck %s --check-prefix=REPORT

// The report: one row per group (kind, ops, inputs, outputs, bytes saved).  Bytes
// saved = each intermediate's size x (1 write + its reads): in the softmax group
// reduce_max 32x2 + broadcast 512x2 + subtract 512x2 + exp 512x3 + reduce_sum 32x2
// + broadcast 512x2 = 4736; tanh -> relu: 512x2 = 1024.
// REPORT:      build_cinn fusion report
// REPORT:      group {{.*}} kind {{.*}} ops {{.*}} bytes saved
// REPORT:      0 {{.*}} top {{.*}} REDUCTION {{.*}} 7 {{.*}} reduce_max, broadcastx2, subtract, exp,
// REPORT-SAME: tensor<8x16xf32> {{.*}} 4,736
// REPORT:      1 {{.*}} top {{.*}} ELEMENTWISE {{.*}} 2 {{.*}} tanh, relu {{.*}} 1,024
// REPORT:      9 {{.*}} 2 groups; 3 ops outside groups {{.*}} 5,760

// DOT:      digraph
// DOT:      subgraph cluster_{{[0-9]+}} {
// DOT-NEXT:   label="group 0: REDUCTION (7 ops)"; style="filled,rounded"; fillcolor="#ffd8cc";
// DOT:      label="group 1: ELEMENTWISE (2 ops)"; style="filled,rounded"; fillcolor="#cfe2ff";
// DOT:      n{{[0-9]+}} -> n{{[0-9]+}};
// DOT:      }
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[8,16],stop_gradient:[true]} : () -> tensor<8x16xf32>
    (%1) = "pd_op.softmax" (%0) {axis:-1,stop_gradient:[true]} : (tensor<8x16xf32>) -> tensor<8x16xf32>
    (%2) = "pd_op.tanh" (%0) {stop_gradient:[true]} : (tensor<8x16xf32>) -> tensor<8x16xf32>
    (%3) = "pd_op.relu" (%2) {stop_gradient:[true]} : (tensor<8x16xf32>) -> tensor<8x16xf32>
    (%4) = "pd_op.fetch" (%1) {col:0,name:"out",persistable:[true],stop_gradient:[true]} : (tensor<8x16xf32>) -> tensor<8x16xf32>
    (%5) = "pd_op.fetch" (%3) {col:1,name:"out1",persistable:[true],stop_gradient:[true]} : (tensor<8x16xf32>) -> tensor<8x16xf32>
}
