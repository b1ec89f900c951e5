"""OpInfo: the per-op-name definition every Operation points to.

As in Paddle's OpInfoImpl it carries traits, an interface map (interfaces looked
up by key, the concept-model idea) and a verify hook.  Ops of the pd_op dialect
also carry their :class:`~pirc.dialects.opdef.OpDef` (operands, attributes,
shape rule, kernel, pattern kind).  Unknown op names get an unregistered
OpInfo, so programs of dialects pirc does not model still read, verify
structurally and print back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from pirc.dialects.opdef import OP_DEFS, OpDef
from pirc.ir.effects import EFFECTS, make_interface

if TYPE_CHECKING:
    from pirc.ir.core import Operation

#: a verify hook returns a list of error messages (empty when the op is fine)
VerifyFn = Callable[["Operation"], list[str]]


class OpInfo:
    __slots__ = ("dialect", "interfaces", "name", "opdef", "printer", "registered", "traits", "verify")

    def __init__(
        self,
        name: str,
        traits: frozenset[str] = frozenset(),
        interfaces: Mapping[str, Any] | None = None,
        verify: VerifyFn | None = None,
        opdef: OpDef | None = None,
        registered: bool = True,
        printer: str | None = None,
    ) -> None:
        self.name = name
        self.dialect = name.split(".", 1)[0] if "." in name else ""
        self.traits = traits
        self.interfaces = dict(interfaces or {})
        self.verify = verify
        self.opdef = opdef
        self.registered = registered
        self.printer = printer  # None: generic form; "if" / "while" / "group": custom printers

    def has_trait(self, trait: str) -> bool:
        return trait in self.traits

    def interface(self, key: str) -> Any:
        return self.interfaces.get(key)

    def __repr__(self) -> str:
        return f"<OpInfo {self.name}{'' if self.registered else ' (unregistered)'}>"


OP_INFOS: dict[str, OpInfo] = {}


#: interface keys of the per-op facts (seed 000's interface map): the shape rule (an ``InferFn``), the
#: OpPatternKind, the memory effects (:mod:`pirc.ir.effects`)
INFER_META = "infer_meta"
PATTERN_KIND = "pattern_kind"


def _install_interfaces(info: OpInfo) -> None:
    """The interfaces every OpInfo has, derived from its definition (one source of truth): the
    memory-effects model (:mod:`pirc.ir.effects`), and for defined ops the shape rule and the
    pattern kind.  Consumers ask ``info.interface(KEY)`` instead of reading tables."""
    if EFFECTS not in info.interfaces:
        info.interfaces[EFFECTS] = make_interface(info.name, info.opdef, info.traits, info.registered, info.printer)
    d = info.opdef
    if d is not None:
        if d.infer_meta is not None:
            info.interfaces.setdefault(INFER_META, d.infer_meta)
        info.interfaces.setdefault(PATTERN_KIND, d.pattern)


def register_op(
    name: str,
    *,
    traits: frozenset[str] | set[str] = frozenset(),
    interfaces: Mapping[str, Any] | None = None,
    verify: VerifyFn | None = None,
    printer: str | None = None,
    opdef: OpDef | None = None,
) -> OpInfo:
    info = OpInfo(name, frozenset(traits), interfaces, verify, opdef or OP_DEFS.get(name), True, printer)
    if info.opdef is not None:
        info.traits = info.traits | info.opdef.traits
    _install_interfaces(info)
    OP_INFOS[name] = info
    return info


def get_op_info(name: str) -> OpInfo:
    info = OP_INFOS.get(name)
    if info is None:
        opdef = OP_DEFS.get(name)
        if opdef is not None:
            info = OpInfo(name, opdef.traits, None, None, opdef, True, None)
        else:
            info = OpInfo(name, frozenset(), None, None, None, False, None)
        _install_interfaces(info)
        OP_INFOS[name] = info
    return info
