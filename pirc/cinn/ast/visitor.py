"""Generic traversal of the AST, driven by the field descriptors.

* :class:`Visitor` - walks children in field order.  Override ``visit_<Class>``
  (``visit_For``, ``visit_Load``; a base-class name such as ``visit_BinaryOp``
  or ``visit_Expr`` catches its subclasses) and call ``self.generic_visit(node)``
  to continue below.  Variables in binding positions go through
  ``visit_def(var, owner)`` (default: ``visit``).
* :class:`Mutator` - copy-on-write rewriting: ``visit`` returns a node; a node
  whose children all come back unchanged (``is``) is returned as is, otherwise
  it is rebuilt with :meth:`Node.replace` (the constructor re-checks types).
  Tensors and Buffers are rewritten once per mutator (memoised by identity),
  so every Load of one tensor keeps sharing one Tensor node.
* Helpers: :func:`walk`, :func:`count_nodes`, :func:`collect`,
  :func:`substitute`, :func:`free_vars`, :func:`uses_var`.

Traversal treats the DAG as a tree: a shared node is visited once per parent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from pirc.cinn.ast.fields import Role, Shape
from pirc.cinn.ast.kinds import Kind, is_a
from pirc.cinn.ast.nodes import Node, Var


def _resolve(owner: type, node_cls: type, fallback: Callable) -> Callable:
    for klass in node_cls.__mro__:
        fn = getattr(owner, "visit_" + klass.__name__, None)
        if fn is not None:
            return fn
    return fallback


class Visitor:
    """Read-only pre-order traversal.  ``visit`` returns whatever the handler returns."""

    _dispatch: dict[type, Callable] = {}

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._dispatch = {}

    def visit(self, node: Node) -> Any:
        cls = type(node)
        fn = self._dispatch.get(cls)
        if fn is None:
            fn = self._dispatch[cls] = _resolve(type(self), cls, type(self).generic_visit)
        return fn(self, node)

    def visit_def(self, var: Node, owner: Node) -> None:
        """A variable in a binding position of ``owner`` (loop var, iter var, Let var, argument)."""
        self.visit(var)

    def generic_visit(self, node: Node) -> None:
        for f in node._CHILD_FIELDS:
            v = getattr(node, f.name)
            if f.shape is Shape.NODES:
                if f.role is Role.DEF:
                    for x in v:
                        self.visit_def(x, node)
                else:
                    for x in v:
                        self.visit(x)
            elif v is not None:
                if f.role is Role.DEF:
                    self.visit_def(v, node)
                else:
                    self.visit(v)


_MEMO_MASK = (1 << Kind.TENSOR) | (1 << Kind.BUFFER)


class Mutator:
    """Copy-on-write rewriting; see the module docstring."""

    _dispatch: dict[type, Callable] = {}

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._dispatch = {}

    def __init__(self) -> None:
        self._memo: dict[int, tuple[Node, Node]] = {}

    def visit(self, node: Node) -> Any:
        cls = type(node)
        fn = self._dispatch.get(cls)
        if fn is None:
            fn = self._dispatch[cls] = _resolve(type(self), cls, type(self).generic_mutate)
        if node._MASK & _MEMO_MASK:
            memo = getattr(self, "_memo", None)
            if memo is None:
                memo = self._memo = {}
            hit = memo.get(id(node))
            if hit is not None:
                return hit[1]
            res = fn(self, node)
            memo[id(node)] = (node, res)
            return res
        return fn(self, node)

    def visit_def(self, var: Node, owner: Node) -> Any:
        return self.visit(var)

    def generic_mutate(self, node: Node) -> Any:
        changes: dict[str, Any] = {}
        for f in node._CHILD_FIELDS:
            v = getattr(node, f.name)
            is_def = f.role is Role.DEF
            if f.shape is Shape.NODES:
                new = tuple(self.visit_def(x, node) if is_def else self.visit(x) for x in v)
                for a, b in zip(new, v):
                    if a is not b:
                        changes[f.name] = new
                        break
            elif v is not None:
                nv = self.visit_def(v, node) if is_def else self.visit(v)
                if nv is not v:
                    changes[f.name] = nv
        if not changes:
            return node
        return node.replace(**changes)


def children(node: Node) -> list[Node]:
    """The direct child nodes of ``node``, fields in declaration order."""
    out: list[Node] = []
    for f in node._CHILD_FIELDS:
        v = getattr(node, f.name)
        if f.shape is Shape.NODES:
            out.extend(v)
        elif v is not None:
            out.append(v)
    return out


def walk(node: Node) -> Iterator[Node]:
    """Every node below ``node`` (included), pre-order, fields in declaration order."""
    stack = [node]
    pop, push = stack.pop, stack.append
    while stack:
        n = pop()
        yield n
        for k in reversed(children(n)):
            push(k)


def count_nodes(node: Node, kind: Kind | type | None = None) -> int:
    """How many nodes (of ``kind``, if given) the tree has, counting shared ones once per use."""
    if kind is None:
        return sum(1 for _ in walk(node))
    return sum(1 for n in walk(node) if is_a(n, kind))


def collect(node: Node, kind: Kind | type) -> list[Node]:
    """Nodes of ``kind`` in pre-order (with repeats for shared nodes)."""
    return [n for n in walk(node) if is_a(n, kind)]


class _Substitute(Mutator):
    def __init__(self, mapping: Mapping[Var, Any]) -> None:
        super().__init__()
        self.mapping = mapping

    def visit_Var(self, v: Var) -> Any:
        return self.mapping.get(v, v)

    def visit_def(self, var: Node, owner: Node) -> Any:
        new = self.visit(var)
        if new is not var and not isinstance(new, Var):
            raise ValueError(f"cannot substitute bound variable {getattr(var, 'name', var)} by an expression")
        return new


def substitute(node: Node, mapping: Mapping[Var, Any]) -> Any:
    """``node`` with every use of a Var in ``mapping`` replaced (bindings may only be renamed Var -> Var)."""
    if not mapping:
        return node
    return _Substitute({k: v for k, v in mapping.items()}).visit(node)


class _ReplaceNodes(Mutator):
    def __init__(self, mapping: Mapping[int, Any]) -> None:
        super().__init__()
        self.mapping = mapping

    def visit(self, node: Any) -> Any:
        hit = self.mapping.get(id(node))
        return hit if hit is not None else super().visit(node)


def replace_nodes(node: Node, pairs: Iterable[tuple[Node, Any]]) -> Any:
    """``node`` with each ``old`` node object (by identity, wherever it occurs) replaced by ``new``."""
    mapping = {id(old): new for old, new in pairs}
    return _ReplaceNodes(mapping).visit(node) if mapping else node


class _FreeVars(Visitor):
    def __init__(self) -> None:
        self.bound: dict[Var, int] = {}
        self.trail: list[Var] = []
        self.found: dict[Var, None] = {}

    def visit(self, node: Node) -> Any:
        if node._SCOPE:
            mark = len(self.trail)
            for v in node.prebound_vars():
                self.visit_def(v, node)
            Visitor.visit(self, node)
            while len(self.trail) > mark:
                v = self.trail.pop()
                n = self.bound[v] - 1
                if n:
                    self.bound[v] = n
                else:
                    del self.bound[v]
            return None
        return Visitor.visit(self, node)

    def visit_def(self, var: Node, owner: Node) -> None:
        if isinstance(var, Var):
            self.bound[var] = self.bound.get(var, 0) + 1
            self.trail.append(var)
        else:
            self.visit(var)

    def visit_Var(self, v: Var) -> None:
        if v not in self.bound:
            self.found[v] = None


def free_vars(node: Node) -> list[Var]:
    """Vars used in ``node`` but not bound inside it, in first-use order."""
    fv = _FreeVars()
    fv.visit(node)
    return list(fv.found)


def uses_var(node: Node, var: Var) -> bool:
    """Whether ``var`` (by identity) occurs anywhere in ``node``."""
    for n in walk(node):
        if n is var:
            return True
    return False


def uses_any(node: Node, vars: set[int]) -> bool:
    """Whether a Var whose ``id`` is in ``vars`` occurs in ``node``."""
    for n in walk(node):
        if id(n) in vars and isinstance(n, Var):
            return True
    return False


__all__ = [
    "Mutator", "Visitor", "children", "collect", "replace_nodes", "count_nodes", "free_vars", "substitute", "uses_any", "uses_var", "walk",
]
