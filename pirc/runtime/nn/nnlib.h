/* pirc's NN kernel library: the ABI (float32, NCHW, contiguous row-major arrays).

   Every function returns 0 on success and nonzero when its descriptor is not supported (nothing
   is written then), or -2 when scratch memory could not be allocated.  `nt` is the number of
   threads the call may use: the call opens its own OpenMP parallel region of at most nt threads
   when nt > 1 and the work is big enough; it must not be called with nt > 1 from inside another
   OpenMP parallel region that already uses the cores.  Results never depend on nt: every output
   element is computed by one thread, summing its products in a fixed order.

   Scratch memory (packed GEMM panels, padded planes) belongs to the library: per-thread buffers
   grown on demand and kept for the next call.  Callers pass none.

   Activation codes (`act`), applied last, elementwise:
     0 identity
     1 relu        x > 0 ? x : 0                      (NaN -> 0)
     2 relu6       min(max(x, 0), 6)                  (NaN stays NaN)
     3 hardswish   x * min(max(x + 3, 0), 6) / 6      (Paddle's threshold 6, scale 6, offset 3)
     4 silu        x / (1 + expf(-x))                 (pd_op.silu's formula; swish, x * sigmoid(x),
                                                       rounds differently and has no code)
     5 hardsigmoid max(0, min(1, x * 0.1666667f + 0.5f))  (pd_op.hardsigmoid with its default slope
                                                       and offset; NaN stays NaN)
   Any other code is unsupported (nonzero return). */
#ifndef PIRC_NNLIB_H
#define PIRC_NNLIB_H

#include <stdint.h>

#define PIRC_NN_ABI_VERSION 2

#define PIRC_NN_ACT_IDENTITY 0
#define PIRC_NN_ACT_RELU 1
#define PIRC_NN_ACT_RELU6 2
#define PIRC_NN_ACT_HARDSWISH 3
#define PIRC_NN_ACT_SILU 4
#define PIRC_NN_ACT_HARDSIGMOID 5

/* The ABI version this library implements (PIRC_NN_ABI_VERSION). */
int pirc_nn_abi_version(void);

/* 2-D convolution with Paddle's fused epilogue.
   d = {N, C, H, W, O, KH, KW, OH, OW, stride_h, stride_w, pad_top, pad_left, dil_h, dil_w, groups, act}
   (17 values; pad_bottom / pad_right are implied by OH / OW: windows reaching past the input read 0).
   x: [N, C, H, W]; w: [O, C/groups, KH, KW]; b: [O] or NULL; r: residual [N, O, OH, OW] or NULL;
   y: [N, O, OH, OW] (must not alias x, w, b; may not alias r either).
   y = act((conv(x, w) + b) + r), in Paddle's order (conv, add bias, add residual, activation).
   Each output's sum runs in an order fixed by the descriptor alone (never by nt): over (c, i, j)
   in order with fused multiply-adds in the GEMM paths (and the direct path of a small-K stem, the
   same operations), separate multiply and add in the depthwise
   path (groups == C), and for a 1x1 input plane with a 1x1 filter (an SE block's GEMV) 64 lanes of
   partial sums combined in a fixed tree.
   Unsupported: any size < 1 (except N, OH, OW which may be 0: nothing to do), C or O not
   divisible by groups, an unknown act. */
int pirc_nn_conv2d_f32(const int64_t* d, const float* x, const float* w, const float* b, const float* r,
                       float* y, int nt);
#define PIRC_NN_CONV_DESC_LEN 17

/* 2-D pooling.
   d = {N, C, H, W, OH, OW, KH, KW, stride_h, stride_w, pad_top, pad_left, kind, exclusive}
   (14 values).  Window (oh, ow): rows [oh*stride_h - pad_top, + KH), columns likewise, clipped to
   the input.  kind 0: max (initial value -FLT_MAX, update m = m > v ? m : v: Paddle's MaxPool);
   kind 1: average, the window sum (row-major order, in double) divided by the in-bounds count when exclusive
   is 1, else by Paddle's inclusive count (min(start + K, size + pad_before) - start per axis,
   start not clipped), rounded to float once (global pooling: the plane summed in double as 8
   interleaved partial sums added in a fixed tree).  Global / adaptive-to-1x1 pooling: KH = H, KW = W, OH = OW = 1, pads 0.
   x: [N, C, H, W]; y: [N, C, OH, OW]. */
int pirc_nn_pool2d_f32(const int64_t* d, const float* x, float* y, int nt);
#define PIRC_NN_POOL_DESC_LEN 14

/* Fully connected layer / matmul with epilogue.
   d = {M, K, N, act} (4 values); x: [M, K]; w: [K, N] (Paddle's fc weight layout); b: [N] or NULL;
   y: [M, N] = act(x @ w + b), the sum over k in order (fused multiply-adds).  act: as for conv. */
int pirc_nn_fc_f32(const int64_t* d, const float* x, const float* w, const float* b, float* y, int nt);
#define PIRC_NN_FC_DESC_LEN 4

/* Batched matrix product (pd_op.matmul, pd_op.bmm): out[p] = op(x[p]) @ op(y[p]) for the P = ob0*ob1*ob2*ob3
   problems of the output's batch, op() a transpose where tx / ty is 1.
   d = {M, K, N, tx, ty, XB, ob[4], xs[4], ys[4]} (18 values): x holds XB matrices of [M, K] ([K, M] when tx),
   y matrices of [K, N] ([N, K] when ty), out [P, M, N]; problem p's batch index (i0, i1, i2, i3) over ob reads
   x's matrix i0*xs0 + i1*xs1 + ... and y's likewise (strides in matrices, 0 where that operand broadcasts).
   Each output sums over k in order (fused multiply-adds), except with ty and M <= 4: 16 lanes of partial sums
   over k (in order per lane) added in a fixed tree; never depending on nt.  Returns -2 without memory for x^T. */
int pirc_nn_matmul_f32(const int64_t* d, const float* x, const float* y, float* out, int nt);
#define PIRC_NN_MATMUL_MAXB 4
#define PIRC_NN_MATMUL_DESC_LEN 18

/* Transposed 2-D convolution (pd_op.conv2d_transpose, depthwise_conv2d_transpose; NCHW, no bias).
   d = {N, C, H, W, O, KH, KW, OH, OW, stride_h, stride_w, pad_top, pad_left, dil_h, dil_w, groups} (16 values;
   OH / OW: the output size, output_padding and output_size included; contributions falling outside are dropped).
   x: [N, C, H, W]; w: [C, O/groups, KH, KW]; y: [N, O, OH, OW].  Per image and group cols = W_g^T @ X_g (each sum
   over the group's input channels in order, fused multiply-adds), then each output adds its taps' columns in
   (i, j) order starting from 0.  Unsupported: a size < 1 (N, OH, OW, pads may be 0), C or O not divisible by
   groups.  Returns -2 without memory for the columns. */
int pirc_nn_conv2d_transpose_f32(const int64_t* d, const float* x, const float* w, float* y, int nt);
#define PIRC_NN_CONVT_DESC_LEN 16

/* 2-D interpolation of P planes (pd_op.nearest_interp / bilinear_interp, NCHW: P = N * C).
   d = {P, H, W, OH, OW, method, tables...}: method 0 (nearest): then OH source rows, OW source columns;
   method 1 (bilinear): OH first rows, OH second rows, OH first-row weights, OH second-row weights (float32 bit
   patterns), then the same four tables of OW for the columns.  x: [P, H, W]; y: [P, OH, OW].  Bilinear:
   y = (x00 * wy0) * wx0 + (x10 * wy1) * wx0 + (x01 * wy0) * wx1 + (x11 * wy1) * wx1 in that order (pirc's reference
   kernel, Paddle's order).  Unsupported: a size < 1 (P may be 0), a source index outside the input. */
int pirc_nn_interp2d_f32(const int64_t* d, const float* x, float* y, int nt);
#define PIRC_NN_INTERP_HEAD 6

/* Index of the largest (is_max 1) or smallest (0) element along one axis (pd_op.argmax / argmin): x seen as
   [outer, n, inner]; d = {outer, n, inner, is_max, out_int32} (5 values); y: [outer, inner] of int64, or int32
   when out_int32 is 1.  NaN and values at or past -FLT_MAX (argmax) / FLT_MAX (argmin) count as that extreme;
   the first of equal elements wins; n == 0 gives 0. */
int pirc_nn_argext_f32(const int64_t* d, const float* x, void* y, int nt);
#define PIRC_NN_ARGEXT_DESC_LEN 5

/* Cumulative sum along one axis (pd_op.cumsum): x, y seen as [outer, n, inner]; d = {outer, n, inner,
   exclusive, reverse} (5 values).  numpy's float32 add.accumulate: the first element as it is, then one add
   per step (from the end when reverse); exclusive: 0, then the inclusive sums but the last. */
int pirc_nn_cumsum_f32(const int64_t* d, const float* x, float* y, int nt);
/* The same for int64 (wrapping on overflow, as numpy). */
int pirc_nn_cumsum_i64(const int64_t* d, const int64_t* x, int64_t* y, int nt);
#define PIRC_NN_CUMSUM_DESC_LEN 5

/* Multi-head attention core (pd_op.fused_dot_product_attention), the unfused program's order:
   s = (q * alpha) . k^T (+ bias); s = max(s - rowmax(s), -64); p = exp(s) / sum(exp(s)); y = p . v.
   d = {B, Sq, Sk, H, D, Dv, bias_stride_b, bias_stride_h, bias_stride_q, bias_stride_k, alpha_bits}
   (11 values; alpha_bits: the float32 bit pattern of alpha, in [0, 2^32)).  q: [B, Sq, H, D],
   k: [B, Sk, H, D], v: [B, Sk, H, Dv], y: [B, Sq, H, Dv] ([B, S, H*D] is the same memory); bias: NULL,
   or an additive mask read at b*stride_b + h*stride_h + i*stride_q + j*stride_k (stride 0: broadcast).
   Each score sums its products over D in order; each output sums over Sk in order (separate
   multiply and add).  exp is the code generator's vectorised pirc_expf (vexp.h, within 1.02 ulp),
   and a row's sum of exps runs in a fixed vector order (the same for every nt).  A NaN score makes
   its row NaN, as in numpy.
   Unsupported: Sk, H, D or Dv < 1. */
int pirc_nn_attention_f32(const int64_t* d, const float* q, const float* k, const float* v, const float* bias,
                          float* y, int nt);
#define PIRC_NN_ATTENTION_DESC_LEN 11

/* Embedding lookup (pd_op.embedding): d = {n, V, Dm, padding_idx} (4 values; padding_idx -1: none,
   else in [0, V): those rows are zeros).  ids: [n] int64; table: [V, Dm]; y: [n, Dm].
   Returns 2 when an id is outside [0, V) (y is then unspecified). */
int pirc_nn_embedding_f32(const int64_t* d, const int64_t* ids, const float* table, float* y, int nt);
#define PIRC_NN_EMBEDDING_DESC_LEN 4

#endif
