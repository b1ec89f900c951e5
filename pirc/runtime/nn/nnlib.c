/* pirc's NN kernel library: convolution, pooling, fully connected layers, matmul,
   transposed convolution, interpolation (see nnlib.h, the ABI).

   Built once per toolchain through pirc's kernel cache (pirc/runtime/nn/lib.py) with the C
   backend's flags (-O3, -ffp-contract=off, -fopenmp, -march=x86-64-v4 on AVX-512 machines...).

   The library is one translation unit made of the parts below, in this order (static helpers of a
   part are used by the parts after it); pirc/runtime/nn/lib.py inlines them for the kernel cache,
   and a C compiler given -I of this folder builds this file as it stands. */
#include "core.c"
#include "gemm.c"
#include "gemv.c"
#include "depthwise.c"
#include "conv_direct.c"
#include "conv.c"
#include "fc.c"
#include "matmul.c"
#include "conv_transpose.c"
#include "interp.c"
#include "scan.c"
#include "pool.c"
#include "attention.c"
