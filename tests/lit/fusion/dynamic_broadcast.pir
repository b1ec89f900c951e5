// RUN: pirc-opt %s -p pd_to_cinn,add_broadcast_to_elementwise | filecheck %s
// RUN: pirc-opt %s --build-cinn | filecheck %s --check-prefix=FUSED

// A Linear's bias add on a dynamic batch: the bias is broadcast to [-1,16]; its -1
// is taken from the other operand (the shape-only second operand of
// cinn_op.broadcast).  A keepdim reduction result broadcasts back on its own
// (its -1 is its own dim).  A scalar full broadcast to a static shape is re-made
// with that shape, as CINN does.

// CHECK:      (%[[X:[0-9]+]]) = "pd_op.data" ()
// CHECK-NEXT: (%[[B:[0-9]+]]) = "pd_op.data" ()
// CHECK-NEXT: (%[[BB:[0-9]+]]) = "cinn_op.broadcast" (%[[B]], %[[X]]) {broadcast_axes:[1],out_shape:[-1,16],stop_gradient:[true]} : (tensor<16xf32>, tensor<-1x16xf32>) -> tensor<-1x16xf32>
// CHECK-NEXT: (%[[A:[0-9]+]]) = "pd_op.add" (%[[X]], %[[BB]]) {{.*}} : (tensor<-1x16xf32>, tensor<-1x16xf32>) -> tensor<-1x16xf32>
// CHECK-NEXT: (%[[S:[0-9]+]]) = "cinn_op.reduce_sum" (%[[A]]) {axis:[1],dtype:float32,keepdim:true,stop_gradient:[true]} : (tensor<-1x16xf32>) -> tensor<-1x1xf32>
// CHECK-NEXT: (%[[SB:[0-9]+]]) = "cinn_op.broadcast" (%[[S]]) {broadcast_axes:[0,1],out_shape:[-1,16],stop_gradient:[true]} : (tensor<-1x1xf32>) -> tensor<-1x16xf32>
// CHECK-NEXT: "pd_op.subtract" (%[[A]], %[[SB]])
// CHECK:      (%[[Y:[0-9]+]]) = "pd_op.data" () {{.*}}name:"y"
// CHECK-NEXT: (%[[F:[0-9]+]]) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[2,3],stop_gradient:[true],value:2}
// CHECK-NEXT: "pd_op.multiply" (%[[Y]], %[[F]])

// FUSED:      "cinn_op.group" () -> tensor<-1x16xf32> {
// FUSED-NEXT:     "cinn_op.broadcast"
// FUSED-NEXT:     "pd_op.add"
// FUSED-NEXT:     "cinn_op.reduce_sum"
// FUSED-NEXT:     "cinn_op.broadcast"
// FUSED-NEXT:     "pd_op.subtract"
// FUSED-NEXT:     "cf.yield"
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,16],stop_gradient:[true]} : () -> tensor<-1x16xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"b",place:Place(undefined:0),shape:[16],stop_gradient:[true]} : () -> tensor<16xf32>
    (%2) = "pd_op.add" (%0, %1) {stop_gradient:[true]} : (tensor<-1x16xf32>, tensor<16xf32>) -> tensor<-1x16xf32>
    (%3) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
    (%4) = "pd_op.sum" (%2, %3) {dtype:Undefined,keepdim:true,stop_gradient:[true]} : (tensor<-1x16xf32>, tensor<1xi64>) -> tensor<-1x1xf32>
    (%5) = "pd_op.subtract" (%2, %4) {stop_gradient:[true]} : (tensor<-1x16xf32>, tensor<-1x1xf32>) -> tensor<-1x16xf32>
    (%6) = "pd_op.fetch" (%5) {col:0,name:"out",persistable:[true],stop_gradient:[true]} : (tensor<-1x16xf32>) -> tensor<-1x16xf32>
    (%7) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%8) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[],stop_gradient:[true],value:2} : () -> tensor<f32>
    (%9) = "pd_op.multiply" (%7, %8) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    (%10) = "pd_op.fetch" (%9) {col:1,name:"out2",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
