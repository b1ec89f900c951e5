"""pirc: PaddlePaddle 3.x's PIR, CINN and PirInterpreter, re-created in Python."""

__version__ = "0.1.0"
