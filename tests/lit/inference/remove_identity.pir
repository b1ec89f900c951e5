// RUN: pirc-opt %s -p remove_identity,dce | filecheck %s
// RUN: pirc-opt %s -p inference | filecheck %s --check-prefix=PIPE

// Inference-time identities go (Paddle's delete_dropout_op_pass, identity_op_clean_pass):
// dropout in upscale_in_train mode is the identity; in downgrade_in_infer mode it is a
// multiplication by 1 - p (pd_op.scale by 0.75 here); a scale by 1 plus 0 is the identity.
// A dropout whose mask is read stays.

// CHECK:      (%[[X:[0-9]+]]) = "pd_op.data" ()
// CHECK-NOT:  "pd_op.dropout"
// CHECK:      (%[[F:[0-9]+]]) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.75}
// CHECK-NEXT: (%[[S:[0-9]+]]) = "pd_op.scale" (%[[X]], %[[F]]) {bias:0,bias_after_scale:true,stop_gradient:[false]}
// CHECK-NEXT: "pd_op.fetch" (%[[S]])
// CHECK:      (%[[K:[0-9]+]], %[[M:[0-9]+]]) = "pd_op.dropout" (%[[X]], <<NULL VALUE>>,
// CHECK:      "pd_op.fetch" (%[[M]])
// PIPE:       "pd_op.dropout"
// PIPE-NOT:   "pd_op.dropout"
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,8],stop_gradient:[true]} : () -> tensor<2x8xf32>
    (%1) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.25} : () -> tensor<1xf32>
    (%2, %3) = "pd_op.dropout" (%0, <<NULL VALUE>>, %1) {fix_seed:false,is_test:true,mode:"upscale_in_train",seed:0,stop_gradient:[false,false]} : (tensor<2x8xf32>, <<NULL TYPE>>, tensor<1xf32>) -> tensor<2x8xf32>, tensor<2x8xu8>
    (%4, %5) = "pd_op.dropout" (%2, <<NULL VALUE>>, %1) {fix_seed:false,is_test:true,mode:"downgrade_in_infer",seed:0,stop_gradient:[false,false]} : (tensor<2x8xf32>, <<NULL TYPE>>, tensor<1xf32>) -> tensor<2x8xf32>, tensor<2x8xu8>
    (%6) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
    (%7) = "pd_op.scale" (%4, %6) {bias:0,bias_after_scale:true,stop_gradient:[false]} : (tensor<2x8xf32>, tensor<1xf32>) -> tensor<2x8xf32>
    (%8) = "pd_op.fetch" (%7) {col:0,name:"out",persistable:[true],stop_gradient:[false]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    (%9, %10) = "pd_op.dropout" (%0, <<NULL VALUE>>, %1) {fix_seed:false,is_test:true,mode:"upscale_in_train",seed:0,stop_gradient:[false,false]} : (tensor<2x8xf32>, <<NULL TYPE>>, tensor<1xf32>) -> tensor<2x8xf32>, tensor<2x8xu8>
    (%11) = "pd_op.fetch" (%10) {col:1,name:"mask",persistable:[true],stop_gradient:[false]} : (tensor<2x8xu8>) -> tensor<2x8xu8>
}
