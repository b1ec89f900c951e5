"""Program: a ``builtin.module`` op and a ParameterMap (seed 000).

Weights live outside the graph: ``builtin.parameter {parameter_name:"w"}``
reads one from the map and ``builtin.set_parameter`` writes one back.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pirc.diagnostics import SourceFile
from pirc.ir.core import Block, Operation
from pirc.ir.types import Type


@dataclass(slots=True)
class Parameter:
    name: str
    type: Type | None = None
    value: Any = None  # numpy array once loaded


class Program:
    __slots__ = ("module", "parameters", "source")

    def __init__(self, source: SourceFile | None = None) -> None:
        self.module = Operation("builtin.module", num_regions=1)
        self.module.regions[0].add_block()
        self.parameters: dict[str, Parameter] = {}
        self.source = source

    @property
    def block(self) -> Block:
        return self.module.regions[0].blocks[0]

    def walk(self) -> Iterator[Operation]:
        """Every op of the program, nested ones included, in pre-order."""
        return self.block.walk()

    def num_ops(self) -> int:
        return sum(1 for _ in self.walk())

    def set_parameter(self, name: str, type: Type | None = None, value: Any = None) -> Parameter:
        p = self.parameters.get(name)
        if p is None:
            p = self.parameters[name] = Parameter(name, type, value)
        else:
            if type is not None:
                p.type = type
            if value is not None:
                p.value = value
        return p

    def add_parameter_op(self, op: Operation) -> None:
        """Record a ``builtin.parameter`` op's parameter in the ParameterMap."""
        name = op.attr("parameter_name")
        if isinstance(name, str) and op.results:
            self.set_parameter(name, op.results[0].type)

    def collect_parameters(self) -> None:
        """Rebuild the ParameterMap from the program's builtin.parameter ops."""
        for op in self.walk():
            if op.name == "builtin.parameter":
                self.add_parameter_op(op)
