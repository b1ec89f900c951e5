"""pirc's NN kernel library: convolution, pooling and fully connected layers in C (nnlib.h, the ABI).

:mod:`.desc` builds the calls' descriptors from an op's attributes and shapes (None: not covered);
:mod:`.lib` compiles the library through the kernel cache and binds it with ctypes.
"""
