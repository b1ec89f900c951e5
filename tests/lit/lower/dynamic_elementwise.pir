// RUN: pirc-lower %s --target c | filecheck %s
// RUN: pirc-lower %s --target cuda | filecheck %s --check-prefix=CUDA
// RUN: pirc-lower %s --target c -o %t.ast --host-out %t.host.pir && filecheck %s --check-prefix=HOST < %t.host.pir
// RUN: pirc-opt %t.host.pir -o %t.again.pir && diff %t.host.pir %t.again.pir
// RUN: not pirc-lower %s --target tpu 2>&1 | filecheck %s --check-prefix=USAGE

// An already fused group over a dynamic batch: relu(x + bias) with the bias broadcast.
// The -1 becomes the int64 argument S0 (read from operand 1, axis 0: symbol_args [3, 1, 0]).

// CHECK:      function fn_broadcast_add_relu_0 (_var_0, _var_1, _var_5, S0)
// CHECK-NEXT:   in _var_0: float32[32ll]
// CHECK-NEXT:   in _var_1: float32[S0, 32ll]
// CHECK-NEXT:   out _var_5: float32[S0, 32ll]
// CHECK-NEXT:   in S0: int64
// CHECK:        parallel for (i, 0ll, S0)
// CHECK-NEXT:   {
// CHECK-NEXT:     serial for (j, 0ll, 32ll)
// CHECK:              var_5[i0, i1] = select(((var_1[i0, i1] + var_0[i1]) > 0.00000000f), (var_1[i0, i1] + var_0[i1]), 0.00000000f)

// CUDA:       thread_bind[blockIdx.x] for (i_j_fused_0, 0ll, (((32ll * S0) + 255ll) / 256ll))
// CUDA-NEXT:  {
// CUDA-NEXT:    thread_bind[threadIdx.x] for (i_j_fused_1, 0ll, 256ll)
// CUDA:           if ((((i_j_fused_0 * 256ll) + i_j_fused_1) < (32ll * S0))) {
// CUDA:               i0, i1 = axis.bind((((i_j_fused_0 * 256ll) + i_j_fused_1) / 32ll), (((i_j_fused_0 * 256ll) + i_j_fused_1) % 32ll))

// HOST:       = "cinn_runtime.jit_kernel" (%0, %1) {fn_name:"fn_broadcast_add_relu_0",group:"group_0",kernel_ast:"function fn_broadcast_add_relu_0 (_var_0, _var_1, _var_5, S0)
// HOST:       }",symbol_args:[3,1,0]} : (tensor<32xf32>, tensor<-1x32xf32>) -> tensor<-1x32xf32>

// USAGE:      Invalid value for '--target'
{
    (%0) = "pd_op.data" () {dtype:float32,name:"bias",place:Place(undefined:0),shape:[32],stop_gradient:[true]} : () -> tensor<32xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,32],stop_gradient:[true]} : () -> tensor<-1x32xf32>
    (%2) = "cinn_op.group" () -> tensor<-1x32xf32> {
        (%3) = "cinn_op.broadcast" (%0, %1) {broadcast_axes:[1],out_shape:[-1,32],stop_gradient:[true]} : (tensor<32xf32>, tensor<-1x32xf32>) -> tensor<-1x32xf32>
        (%4) = "pd_op.add" (%1, %3) {stop_gradient:[true]} : (tensor<-1x32xf32>, tensor<-1x32xf32>) -> tensor<-1x32xf32>
        (%5) = "pd_op.relu" (%4) {stop_gradient:[true]} : (tensor<-1x32xf32>) -> tensor<-1x32xf32>
        () = "cf.yield" (%5) {} : (tensor<-1x32xf32>) -> 
    }
    () = "builtin.shadow_output" (%2) {output_name:"out"} : (tensor<-1x32xf32>) -> 
}
