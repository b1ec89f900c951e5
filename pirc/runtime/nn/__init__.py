"""pirc's NN kernel library in C (nnlib.h, the ABI): convolution, transposed convolution, pooling, fully
connected layers, batched matmul, attention, embedding lookup and interpolation.

:mod:`.desc` builds the calls' descriptors from an op's attributes and shapes (None: not covered);
:mod:`.lib` compiles the library through the kernel cache and binds it with ctypes.
"""
