// RUN: pirc-opt %s -p inplace | filecheck %s

// Paddle's InplacePass: an op becomes its in-place variant when its input's storage is dead
// afterwards, also along a chain of in-place results (tanh_ then cos_).  Never for a feed, a view (or a value a view reads), a fetched value, a value used
// after the op, or a value that crosses into a region.

// CHECK:      %[[X:[0-9]+]]) = "pd_op.data"
// CHECK-NEXT: %[[A:[0-9]+]]) = "pd_op.exp" (%[[X]])
// CHECK-NEXT: %[[B:[0-9]+]]) = "pd_op.tanh_" (%[[A]])
// CHECK-NEXT: %[[C:[0-9]+]]) = "pd_op.sin" (%[[B]])
// CHECK-NEXT: "pd_op.cos_" (%[[B]])
// CHECK-NEXT: %[[T:[0-9]+]]) = "pd_op.transpose" (%[[C]])
// CHECK-NEXT: "pd_op.relu" (%[[T]])
// CHECK-NEXT: "pd_op.abs" (%[[C]])
// CHECK:      "pd_op.exp" (%[[X]])
// CHECK:      "pd_op.fetch"
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%2) = "pd_op.tanh" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%3) = "pd_op.sin" (%2) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.cos" (%2) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%5) = "pd_op.transpose" (%3) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    (%6) = "pd_op.relu" (%5) {stop_gradient:[true]} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%7) = "pd_op.abs" (%3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%8) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%9) = "pd_op.fetch" (%4) {col:0,name:"a"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%10) = "pd_op.fetch" (%6) {col:1,name:"b"} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    (%11) = "pd_op.fetch" (%7) {col:2,name:"c"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%12) = "pd_op.fetch" (%8) {col:3,name:"d"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
