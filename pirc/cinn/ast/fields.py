"""Field descriptors: what each dataclass field of a node means to generic code.

* ``Role.USUAL`` - an ordinary field: compared, hashed, visited, mutated.
* ``Role.DEF`` - a field that *binds* variables (a loop variable, schedule-block
  iter vars, a Let's variable, function arguments).  Structural equality maps
  the bound variables of the two sides onto each other (alpha-equivalence)
  instead of requiring the same object.
* ``Role.IGNORE`` - skipped by equality and hashing (the span, a Var's name).
* ``Role.DERIVED`` - computed by the constructor from other fields (an
  expression's dtype); skipped everywhere, rebuilt when a node is replaced.

``Shape`` says what the value is: an attribute (``ATTR``: str, int, enum,
tuple of them), a node (``NODE``), a node or ``None`` (``OPT_NODE``) or a tuple
of nodes (``NODES``).  The visitor, mutator, equality, hash and printer's
collectors all walk nodes through these tables only.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any, NamedTuple


class Role(Enum):
    USUAL = "usual"
    DEF = "def"
    IGNORE = "ignore"
    DERIVED = "derived"


class Shape(Enum):
    ATTR = "attr"
    NODE = "node"
    OPT_NODE = "opt_node"
    NODES = "nodes"


class FieldInfo(NamedTuple):
    name: str
    role: Role
    shape: Shape


def _f(role: Role, shape: Shape, default: Any = dataclasses.MISSING, kw_only: bool = False) -> Any:
    md = {"role": role, "shape": shape}
    if default is dataclasses.MISSING:
        return dataclasses.field(metadata=md, kw_only=kw_only) if kw_only else dataclasses.field(metadata=md)
    return dataclasses.field(default=default, metadata=md, kw_only=kw_only)


def child(default: Any = dataclasses.MISSING, *, kw_only: bool = False) -> Any:
    """A node-valued field."""
    return _f(Role.USUAL, Shape.NODE, default, kw_only)


def opt_child(default: Any = None, *, kw_only: bool = False) -> Any:
    """A field holding a node or ``None``."""
    return _f(Role.USUAL, Shape.OPT_NODE, default, kw_only)


def children(default: Any = dataclasses.MISSING, *, kw_only: bool = False) -> Any:
    """A tuple of nodes (lists are accepted and frozen by the constructor)."""
    return _f(Role.USUAL, Shape.NODES, default, kw_only)


def def_child() -> Any:
    """A field that binds one variable."""
    return _f(Role.DEF, Shape.NODE)


def def_children() -> Any:
    """A tuple of bound variables."""
    return _f(Role.DEF, Shape.NODES)


def attr(default: Any = dataclasses.MISSING, *, kw_only: bool = False) -> Any:
    """A plain value: str, int, float, bool, enum, or a tuple of those."""
    return _f(Role.USUAL, Shape.ATTR, default, kw_only)


def ignored_attr(default: Any = dataclasses.MISSING) -> Any:
    """A plain value that equality and hashing ignore (a Var's name hint)."""
    return _f(Role.IGNORE, Shape.ATTR, default)


def derived() -> Any:
    """Computed in ``__post_init__``; not a constructor argument."""
    return dataclasses.field(init=False, metadata={"role": Role.DERIVED, "shape": Shape.ATTR})
