// RUN: pirc-lower %s --target c | filecheck %s
// RUN: pirc-lower %s --target cuda | filecheck %s --check-prefix=CUDA
// RUN: pirc-lower %s -o %t.ast --host-out %t.host.pir && filecheck %s --check-prefix=HOST < %t.host.pir
// RUN: pirc-opt %t.host.pir | filecheck %s --check-prefix=HOST

// CINN's softmax example (64x128), unfused: pirc-lower runs the front end first, and the
// one group becomes one kernel: both reductions accumulate in one-element local buffers,
// subtract / exp / broadcast / divide are inlined, only x and the result are global.
// (edited by sched: the C target's compute-once decision is now the schedule's)

// CHECK:      Module module {
// CHECK:      function fn_reduce_max_broadcast_subtract_exp_reduce_sum_broadcast_divide_0 (_var_0, _var_8)
// CHECK-NEXT:   in _var_0: float32[64, 128]
// CHECK-NEXT:   out _var_8: float32[64, 128]
// CHECK-NEXT:   temp _var_2: local float32[1]
// CHECK-NEXT:   temp _var_6: local float32[1]
// CHECK:        attrs(group:"group_0", reduce_method:"serial", target:"c")
// CHECK:        parallel for (i, 0, 64)
// CHECK:          ScheduleBlock(var_2__reduce_init)
// CHECK:            var_2__reduce_init[0] = __int_as_float(0xff800000)
// CHECK:          serial for (reduce_k, 0, 128)
// CHECK:            var_2[0] = cinn_max(var_2[0], var_0[i0, i2])
// the C schedule computes exp once, into the output row, and reuses it (compute_once.py)
// CHECK:          serial for (k_once, 0, 128)
// CHECK:            var_8[i, k_i] = exp((var_0[i, k_i] - var_2[0]))
// CHECK:          var_6[0] = (var_6[0] + var_8[i, i2])
// CHECK:          serial for (k, 0, 128)
// CHECK:            var_8[i0, i1] = (var_8[i, i1] / var_6[0])
// CHECK-NOT:  function

// CUDA:       attrs(block_dim:[32, 8, 1], grid_dim:[8, 1, 1], group:"group_0", reduce_method:"warp_reduce", target:"cuda")
// CUDA:       thread_bind[blockIdx.x] for (i_0, 0, 8)
// CUDA-NEXT:  {
// CUDA-NEXT:    thread_bind[threadIdx.y] for (i_1, 0, 8)
// CUDA:           thread_bind[threadIdx.x] for (reduce_k_1, 0, 32)
// CUDA:             serial for (reduce_k_0, 0, 4)
// CUDA:                 var_2_rf[0] = cinn_max(var_2_rf[0], var_0[i0, i2])
// CUDA:               attrs(reduce_method:"warp_reduce", reduce_op:"max", reduce_thread:"threadIdx.x", reduce_threads:32)
// CUDA-NEXT:          var_2[0] = cinn_warp_reduce_max_fp32(var_2_rf[0])
// CUDA:               var_6[0] = cinn_warp_reduce_sum_fp32(var_6_rf[0])
// CUDA:           thread_bind[threadIdx.x] for (k_1, 0, 32)
// CUDA:               var_8[i0, i1] = (exp((var_0[i0, i1] - var_2[0])) / var_6[0])

// HOST:       (%[[X:[0-9]+]]) = "pd_op.data" ()
// HOST-NEXT:  (%[[K:[0-9]+]]) = "cinn_runtime.jit_kernel" (%[[X]]) {fn_name:"fn_reduce_max_broadcast_subtract_exp_reduce_sum_broadcast_divide_0",group:"group_0",kernel_ast:"function fn_reduce_max
// HOST:       }"} : (tensor<64x128xf32>) -> tensor<64x128xf32>
// HOST-NEXT:  "builtin.shadow_output" (%[[K]])
// HOST-NOT:   cinn_op.group
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[64,128],stop_gradient:[false]} : () -> tensor<64x128xf32>
    (%1) = "pd_op.softmax" (%0) {axis:-1,stop_gradient:[false]} : (tensor<64x128xf32>) -> tensor<64x128xf32>
    () = "builtin.shadow_output" (%1) {output_name:"output_0"} : (tensor<64x128xf32>) -> 
}
