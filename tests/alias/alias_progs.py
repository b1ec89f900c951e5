"""Random pd_op programs with in-place ops, views and if/while regions (issue 11's fuzzer).

Pure Python (no pirc, no Paddle): the same generator drives two emitters,

* :class:`TextEmitter` (here) -- builds a small op tree and prints it in the PIR text
  format Paddle 3.3.1 prints (``tests/corpus/*/program.pir``), for pirc's fuzzer;
* ``PaddleEmitter`` (``tests/corpus/generate_alias.py``) -- builds the same program with
  Paddle's ``_C_ops`` so that Paddle's executor is the oracle for the corpus sample.

The generator only calls emitter methods and tracks shapes itself.  ``paddle_safe``
keeps to what Paddle's executor runs deterministically (see the corpus README):
no yield of a captured value (Paddle does not order readers of an ``if`` result after
in-place writes to the value it aliases) and no loop-variable tricks in ``while``.

Semantics the programs are evaluated under (``alias_ref.py``): program order; an
in-place op writes its operand's storage; a view op's result is a copy; an ``if``
result shares the storage of the value its branch yields; a ``while`` binds block
arguments to the loop inputs / the previous yields and its results to the last
yields (no copy).  The generator never reads a ``while`` input after the loop (Paddle
moves it into the loop: reading it afterwards fails there), so that choice is never
observable through an input.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

Shape = tuple[int, ...]

#: unary math ops the fuzzer uses; every one has an in-place ``*_`` form in Paddle and pirc
UNARY = ("exp", "tanh", "sin", "cos", "abs", "relu", "sigmoid")
BINARY = ("add", "subtract", "multiply")
VIEWS = ("reshape", "transpose", "unsqueeze", "squeeze", "flatten", "slice")
#: views whose ``*_`` form is an in-place op that only changes the shape (shares the storage)
SHAPE_INPLACE = ("reshape", "flatten", "unsqueeze", "squeeze")
BASE: Shape = (2, 3)


# ----------------------------------------------------------------------------------------------
# the op tree the text emitter builds
# ----------------------------------------------------------------------------------------------


class TVal:
    """A value of the text program: an op result or a block argument."""

    __slots__ = ("dtype", "name", "shape")

    def __init__(self, shape: Shape, dtype: str = "f32") -> None:
        self.shape = tuple(shape)
        self.dtype = dtype
        self.name = ""  # assigned when printed

    def type_str(self) -> str:
        return "tensor<" + "".join(f"{d}x" for d in self.shape) + self.dtype + ">"


@dataclass
class TOp:
    name: str
    operands: list[TVal]
    results: list[TVal]
    attrs: str = "{stop_gradient:[true]}"
    regions: list[TBlock] = field(default_factory=list)
    operand_prefix: str = ""  # "cond=" style for pd_op.while


@dataclass
class TBlock:
    ops: list[TOp] = field(default_factory=list)
    args: list[TVal] = field(default_factory=list)


def _fmt_float(v: float) -> str:
    if float(v).is_integer():
        return str(int(v))
    return repr(float(v))


def _types(vals: Sequence[TVal]) -> str:
    return ", ".join(v.type_str() for v in vals)


class Printer:
    def __init__(self) -> None:
        self.n = 0
        self.na = 0
        self.lines: list[str] = []

    def name(self, v: TVal) -> str:
        if not v.name:
            v.name = f"%{self.n}"
            self.n += 1
        return v.name

    def block(self, b: TBlock, indent: int) -> None:
        pad = "    " * indent
        for op in b.ops:
            res = ", ".join(self.name(r) for r in op.results)
            if op.name == "pd_op.while":
                cond, ins = op.operands[0], op.operands[1:]
                head = (f'{pad}({res}) = "pd_op.while" (cond={cond.name}, inputs='
                        + ", ".join(v.name for v in ins) + ") { ")
                self.lines.append(head)
                body = op.regions[0]
                names = []
                for a in body.args:
                    a.name = f"%arg_{self.na}"
                    self.na += 1
                    names.append(f"{a.name} {{stop_gradient:true}}")
                self.lines.append(f"{pad}^" + ", ".join(names))
                self.block(body, indent + 1)
                self.lines.append(pad + "}")
                continue
            ops_str = ", ".join(v.name for v in op.operands)
            if op.name == "pd_op.if":
                self.lines.append(f'{pad}({res}) = "pd_op.if" ({ops_str}) {op.attrs} -> {_types(op.results)} {{')
                self.block(op.regions[0], indent + 1)
                self.lines.append(pad + "} else {")
                self.block(op.regions[1], indent + 1)
                self.lines.append(pad + "}")
                continue
            if op.name == "cf.yield":
                self.lines.append(f'{pad}() = "cf.yield" ({ops_str}) {{}} : ({_types(op.operands)}) -> ')
                continue
            self.lines.append(f'{pad}({res}) = "{op.name}" ({ops_str}) {op.attrs} : ({_types(op.operands)}) '
                              f"-> {_types(op.results)}")


# ----------------------------------------------------------------------------------------------
# emitters
# ----------------------------------------------------------------------------------------------


class Emitter(Protocol):
    def data(self, name: str, shape: Shape, dtype: str) -> Any: ...
    def full(self, shape: Shape, value: float, dtype: str) -> Any: ...
    def unary(self, op: str, x: Any, inplace: bool) -> Any: ...
    def binary(self, op: str, x: Any, y: Any, inplace: bool) -> Any: ...
    def scale(self, x: Any, s: float, bias: float, inplace: bool) -> Any: ...
    def increment_(self, x: Any, value: float) -> Any: ...
    def less_than(self, x: Any, y: Any) -> Any: ...
    def view(self, op: str, x: Any, shape: Shape, p: dict[str, Any], inplace: bool = False) -> Any: ...
    def if_(self, cond: Any, then_fn: Callable[[], list[Any]], else_fn: Callable[[], list[Any]]) -> list[Any]: ...
    def while_(self, limit: int, init: list[Any],
               body_fn: Callable[[list[Any]], list[Any]]) -> list[Any]: ...
    def fetch(self, values: list[Any]) -> None: ...


_DT = {"float32": "f32", "int64": "i64", "bool": "b"}


class TextEmitter:
    """Builds the op tree and prints it (PIR text as Paddle 3.3.1 prints it)."""

    def __init__(self) -> None:
        self.top = TBlock()
        self.stack = [self.top]

    # -- helpers ----------------------------------------------------------------------------
    def _op(self, name: str, operands: list[TVal], results: list[TVal], attrs: str = "{stop_gradient:[true]}",
            ) -> TOp:
        op = TOp(name, list(operands), list(results), attrs)
        self.stack[-1].ops.append(op)
        return op

    def _int_array(self, vals: Sequence[int]) -> TVal:
        r = TVal((len(vals),), "i64")
        self._op("pd_op.full_int_array", [], [r],
                 "{dtype:int64,place:Place(cpu),stop_gradient:[true],value:[" + ",".join(map(str, vals)) + "]}")
        return r

    # -- the interface ------------------------------------------------------------------------
    def data(self, name: str, shape: Shape, dtype: str = "float32") -> TVal:
        r = TVal(shape, _DT[dtype])
        self._op("pd_op.data", [], [r], f'{{dtype:{dtype},name:"{name}",place:Place(undefined:0),'
                 f'shape:[{",".join(map(str, shape))}],stop_gradient:[true]}}')
        return r

    def full(self, shape: Shape, value: float, dtype: str = "float32") -> TVal:
        r = TVal(shape, _DT[dtype])
        self._op("pd_op.full", [], [r], f'{{dtype:{dtype},place:Place(undefined:0),'
                 f'shape:[{",".join(map(str, shape))}],stop_gradient:[true],value:{_fmt_float(value)}}}')
        return r

    def unary(self, op: str, x: TVal, inplace: bool) -> TVal:
        r = TVal(x.shape, x.dtype)
        self._op(f"pd_op.{op}{'_' if inplace else ''}", [x], [r])
        return r

    def binary(self, op: str, x: TVal, y: TVal, inplace: bool) -> TVal:
        r = TVal(x.shape, x.dtype)
        self._op(f"pd_op.{op}{'_' if inplace else ''}", [x, y], [r])
        return r

    def scale(self, x: TVal, s: float, bias: float, inplace: bool) -> TVal:
        sv = TVal((1,), "f32")
        self._op("pd_op.full", [], [sv], "{dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],"
                 f"value:{_fmt_float(s)}}}")
        r = TVal(x.shape, x.dtype)
        self._op(f"pd_op.scale{'_' if inplace else ''}", [x, sv], [r],
                 f"{{bias:{_fmt_float(bias)},bias_after_scale:true,stop_gradient:[true]}}")
        return r

    def increment_(self, x: TVal, value: float) -> TVal:
        r = TVal(x.shape, x.dtype)
        self._op("pd_op.increment_", [x], [r], f"{{stop_gradient:[true],value:{_fmt_float(value)}}}")
        return r

    def less_than(self, x: TVal, y: TVal) -> TVal:
        r = TVal(x.shape if len(x.shape) >= len(y.shape) else y.shape, "b")
        self._op("pd_op.less_than", [x, y], [r])
        return r

    def view(self, op: str, x: TVal, shape: Shape, p: dict[str, Any], inplace: bool = False) -> TVal:
        r = TVal(shape, x.dtype)
        if inplace:
            assert op in SHAPE_INPLACE, op
            op_ = f"pd_op.{op}_"
            if op == "flatten":
                self._op(op_, [x], [r], f"{{start_axis:{p['start']},stop_axis:{p['stop']},stop_gradient:[true]}}")
            else:
                self._op(op_, [x, self._int_array(p["shape" if op == "reshape" else "axis"])], [r])
            return r
        if op == "reshape":
            self._op("pd_op.reshape", [x, self._int_array(p["shape"])], [r])
        elif op == "transpose":
            self._op("pd_op.transpose", [x], [r], f"{{perm:[{','.join(map(str, p['perm']))}],stop_gradient:[true]}}")
        elif op in ("unsqueeze", "squeeze"):
            self._op(f"pd_op.{op}", [x, self._int_array(p["axis"])], [r])
        elif op == "flatten":
            self._op("pd_op.flatten", [x], [r],
                     f"{{start_axis:{p['start']},stop_axis:{p['stop']},stop_gradient:[true]}}")
        elif op == "slice":
            st, en = self._int_array(p["starts"]), self._int_array(p["ends"])
            self._op("pd_op.slice", [x, st, en], [r],
                     f"{{axes:[{','.join(map(str, p['axes']))}],decrease_axis:[],"
                     f"infer_flags:[{','.join('1' for _ in p['axes'])}],stop_gradient:[true]}}")
        else:
            raise ValueError(op)
        return r

    def _region(self, fn: Callable[..., list[TVal]], *args: Any) -> tuple[TBlock, list[TVal]]:
        b = TBlock()
        self.stack.append(b)
        try:
            ys = fn(*args)
            self._op("cf.yield", list(ys), [], "{}")
        finally:
            self.stack.pop()
        return b, ys

    def if_(self, cond: TVal, then_fn: Callable[[], list[TVal]], else_fn: Callable[[], list[TVal]]) -> list[TVal]:
        tb, ty = self._region(then_fn)
        eb, ey = self._region(else_fn)
        assert [v.shape for v in ty] == [v.shape for v in ey], (ty, ey)
        res = [TVal(v.shape, v.dtype) for v in ty]
        op = self._op("pd_op.if", [cond], res, "{stop_gradient:[" + ",".join("true" for _ in res) + "]}")
        op.regions = [tb, eb]
        return res

    def while_(self, limit: int, init: list[TVal], body_fn: Callable[[list[TVal]], list[TVal]]) -> list[TVal]:
        i0 = self.full((1,), 0, "int64")
        n = self.full((1,), limit, "int64")
        c0 = self.less_than(i0, n)
        body = TBlock()
        body.args = [TVal(v.shape, v.dtype) for v in [i0, *init]]
        self.stack.append(body)
        try:
            i1 = self.increment_(body.args[0], 1)
            ys = body_fn(body.args[1:])
            c1 = self.less_than(i1, n)
            self._op("cf.yield", [c1, i1, *ys], [], "{}")
        finally:
            self.stack.pop()
        res = [TVal(v.shape, v.dtype) for v in [i0, *init]]
        op = self._op("pd_op.while", [c0, i0, *init], res)
        op.regions = [body]
        return res[1:]

    def fetch(self, values: list[TVal]) -> None:
        for k, v in enumerate(values):
            r = TVal(v.shape, v.dtype)
            self._op("pd_op.fetch", [v], [r],
                     f'{{col:{k},name:"fetch_name_{k}",persistable:[true],stop_gradient:[true]}}')

    def text(self) -> str:
        p = Printer()
        p.lines.append("{")
        p.block(self.top, 1)
        p.lines.append("}")
        return "\n".join(p.lines) + "\n"


# ----------------------------------------------------------------------------------------------
# the random generator
# ----------------------------------------------------------------------------------------------


def view_choices(shape: Shape) -> list[tuple[str, Shape, dict[str, Any]]]:
    """Every view op (with parameters) that applies to ``shape``, and its result shape."""
    out: list[tuple[str, Shape, dict[str, Any]]] = []
    n = 1
    for d in shape:
        n *= d
    if len(shape) == 2:
        out.append(("transpose", (shape[1], shape[0]), {"perm": [1, 0]}))
        out.append(("flatten", (n,), {"start": 0, "stop": 1}))
        out.append(("unsqueeze", (1, *shape), {"axis": [0]}))
        out.append(("unsqueeze", (*shape, 1), {"axis": [2]}))
        if shape[0] > 1:
            out.append(("slice", (shape[0] - 1, shape[1]), {"axes": [0], "starts": [1], "ends": [shape[0]]}))
        if shape[1] > 1:
            out.append(("slice", (shape[0], shape[1] - 1), {"axes": [1], "starts": [0], "ends": [shape[1] - 1]}))
    if len(shape) == 3:
        out.append(("transpose", (shape[2], shape[1], shape[0]), {"perm": [2, 1, 0]}))
        out.append(("flatten", (shape[0] * shape[1], shape[2]), {"start": 0, "stop": 1}))
        for ax, d in enumerate(shape):
            if d == 1:
                out.append(("squeeze", tuple(s for i, s in enumerate(shape) if i != ax), {"axis": [ax]}))
    if len(shape) == 1:
        out.append(("unsqueeze", (1, n), {"axis": [0]}))
        if n > 1:
            out.append(("slice", (n - 1,), {"axes": [0], "starts": [1], "ends": [n]}))
    if n == 6:
        for s in ((3, 2), (2, 3), (6,), (1, 6)):
            if s != shape:
                out.append(("reshape", s, {"shape": list(s)}))
    elif len(shape) in (1, 2):
        for s in ((n,), (1, n), tuple(reversed(shape))):
            if s != shape:
                out.append(("reshape", s, {"shape": list(s)}))
    return out


@dataclass
class Gen:
    """One random program: ``rng`` decides everything; ``e`` receives the ops."""

    rng: random.Random
    e: Any
    paddle_safe: bool = False
    max_ops: int = 10
    pool: list[tuple[Any, Shape]] = field(default_factory=list)
    # values a while loop took as inputs: never read again (see the module docstring)
    dead: dict[int, Any] = field(default_factory=dict)  # id -> the value (kept alive: ids stay unique)
    depth: int = 0
    base: Shape = BASE  # the shape of the feeds x and y
    flag: Any = None  # the bool feed p (an if condition)
    last: list[tuple[str, tuple[Any, ...]]] = field(default_factory=list)
    #: more ways for if results to alias (never with ``paddle_safe``): the (e, view(e)) pair also in
    #: the other order, and an if that yields a captured value in one branch and a view of it (of
    #: the same shape) in the other.  Off: the programs of the first generator (the regression seeds
    #: and the Paddle corpus' full_ cases were made with it); random_text turns it on.
    mixed: bool = False

    def live(self, shape: Shape | None = None) -> list[tuple[Any, Shape]]:
        return [(v, s) for v, s in self.pool if id(v) not in self.dead and (shape is None or s == shape)]

    def pick(self, shape: Shape | None = None) -> tuple[Any, Shape]:
        c = self.live(shape)
        return self.rng.choice(c)

    def add(self, v: Any, s: Shape) -> Any:
        self.pool.append((v, s))
        return v

    # -- one random op --------------------------------------------------------------------------
    def step(self) -> None:
        r = self.rng
        kinds = ["unary", "unary", "inplace", "inplace", "binary", "view", "view", "scale", "dup"]
        if self.depth < 2:
            kinds += ["if", "while"] if not self.paddle_safe or self.depth == 0 else ["if"]
        k = r.choice(kinds)
        if k == "dup" and self.last:
            self.replay(r.choice(self.last))
            return
        if k in ("unary", "dup"):
            x, s = self.pick()
            op = r.choice(UNARY)
            self.last.append(("unary", (op, x, s)))
            self.add(self.e.unary(op, x, False), s)
        elif k == "inplace":
            x, s = self.pick()
            which = r.random()
            if which < 0.12:  # reshape_ / flatten_ / unsqueeze_ / squeeze_: an alias with another shape
                ch = [c for c in view_choices(s) if c[0] in SHAPE_INPLACE]
                if ch:
                    op, ns, p = r.choice(ch)
                    self.add(self.e.view(op, x, ns, p, True), ns)
            elif which < 0.6:
                self.add(self.e.unary(r.choice(UNARY), x, True), s)
            elif which < 0.8:
                self.add(self.e.scale(x, r.choice((0.5, 2.0, -1.0)), r.choice((0.0, 1.0)), True), s)
            else:
                y, _ = self.pick(s)
                self.add(self.e.binary(r.choice(BINARY), x, y, True), s)
        elif k == "binary":
            x, s = self.pick()
            y, _ = self.pick(s)
            op = r.choice(BINARY)
            self.last.append(("binary", (op, x, y, s)))
            self.add(self.e.binary(op, x, y, False), s)
        elif k == "scale":
            x, s = self.pick()
            self.add(self.e.scale(x, r.choice((0.5, 2.0, -1.0)), r.choice((0.0, 1.0)), False), s)
        elif k == "view":
            x, s = self.pick()
            ch = view_choices(s)
            if ch:
                op, ns, p = r.choice(ch)
                self.add(self.e.view(op, x, ns, p), ns)
        elif k == "if":
            self.gen_if()
        elif k == "while":
            self.gen_while()

    def replay(self, rec: tuple[str, tuple[Any, ...]]) -> None:
        """Repeat an earlier out-of-place op on the same operands (a CSE candidate)."""
        kind, a = rec
        if kind == "unary":
            op, x, s = a
            if id(x) in self.dead:
                return
            self.add(self.e.unary(op, x, False), s)
        else:
            op, x, y, s = a
            if id(x) in self.dead or id(y) in self.dead:
                return
            self.add(self.e.binary(op, x, y, False), s)

    def region(self, n: int, yields: list[Shape] | None) -> list[Any]:
        """Ops of a region (captures the enclosing pool); returns the values to yield."""
        saved, saved_last = list(self.pool), list(self.last)
        self.depth += 1
        local_start = len(self.pool)
        try:
            for _ in range(n):
                self.step()
            local = self.pool[local_start:]
            out: list[Any] = []
            shapes = yields if yields is not None else []
            for s in shapes:
                loc = [(v, ls) for v, ls in local if ls == s and id(v) not in self.dead]
                if self.paddle_safe or (loc and self.rng.random() < 0.6):
                    if not loc:
                        x, _ = self.pick(s)
                        loc = [(self.e.unary(self.rng.choice(UNARY), x, False), s)]
                    out.append(self.rng.choice(loc)[0])
                else:
                    out.append(self.pick(s)[0])  # a captured / block-argument value, or a local one
            return out
        finally:
            self.pool, self.last = saved, saved_last
            self.depth -= 1

    def gen_if(self) -> None:
        r = self.rng
        cond = self.cond()
        x, s = self.pick()
        shapes = [s]
        pattern = r.random()
        mixed = self.mixed and not self.paddle_safe
        if pattern < 0.4:  # (e, view(e)) -- results that alias each other in a naive analysis
            ch = view_choices(s)
            if ch:
                op, ns, p = r.choice(ch)
                swap = mixed and pattern < 0.2  # (view(e), e): the result that is e comes second

                def mk() -> list[Any]:
                    base = x if (not self.paddle_safe and r.random() < 0.5) else self.e.unary(r.choice(UNARY), x, False)
                    if r.random() < 0.5:
                        self.e.unary(r.choice(UNARY), base, True)
                    v = self.e.view(op, base, ns, p)
                    return [v, base] if swap else [base, v]

                res = self.e.if_(cond, mk, mk)
                if swap:
                    res = res[::-1]
                self.add(res[0], s)
                self.add(res[1], ns)
                return
        if mixed and pattern < 0.5 and self.gen_if_mixed(cond, x, s):
            return
        if r.random() < 0.5:
            shapes.append(self.pick()[1])
        if not self.paddle_safe and r.random() < 0.3:
            shapes.append(shapes[0])  # a branch may yield one value twice
        res = self.e.if_(cond, lambda: self.region(r.randint(1, 4), shapes),
                         lambda: self.region(r.randint(0, 3), shapes))
        for v, sh in zip(res, shapes):
            self.add(v, sh)

    def gen_if_mixed(self, cond: Any, x: Any, s: Shape) -> bool:
        """``if`` yielding the captured ``x`` in one branch and a view of a view of it with ``x``'s
        shape (a copy) in the other: the result may be ``x``'s variable or a copy of it.  Nested in
        another region that yields it, the enclosing block only sees "``x``'s variable"."""
        r = self.rng
        two = [(op1, ns1, p1, op2, p2) for op1, ns1, p1 in view_choices(s)
               for op2, ns2, p2 in view_choices(ns1) if ns2 == s]
        if not two:
            return False
        op1, ns1, p1, op2, p2 = r.choice(two)
        first = r.random() < 0.5  # which branch yields x itself

        def same() -> list[Any]:
            return [x]

        def copy() -> list[Any]:
            return [self.e.view(op2, self.e.view(op1, x, ns1, p1), s, p2)]

        res = self.e.if_(cond, same, copy) if first else self.e.if_(cond, copy, same)
        self.add(res[0], s)
        return True

    def cond(self) -> Any:
        r = self.rng
        if r.random() < 0.5:
            return self.flag
        # a data-dependent condition: sum-free, elementwise on a [1] slice is enough
        a = self.e.full((1,), r.choice((0.0, 0.5)), "float32")
        b = self.e.full((1,), r.choice((0.0, 1.0)), "float32")
        return self.e.less_than(a, b)

    def gen_while(self) -> None:
        r = self.rng
        nvars = r.randint(1, 2)
        init = []
        shapes = []
        for _ in range(nvars):
            x, s = self.pick()
            # a fresh value per loop input: the loop owns it (never read after the loop)
            v = self.e.unary(r.choice(UNARY), x, False)
            self.dead[id(v)] = v
            init.append(v)
            shapes.append(s)
        limit = r.randint(1, 3)

        def body(args: list[Any]) -> list[Any]:
            saved, saved_last = list(self.pool), list(self.last)
            self.depth += 1
            try:
                for a, s in zip(args, shapes):
                    self.add(a, s)
                local_start = len(self.pool) - len(args)
                for _ in range(r.randint(1, 4)):
                    self.step()
                local = self.pool[local_start:]
                out = []
                for s in shapes:
                    loc = [v for v, ls in local if ls == s and id(v) not in self.dead]
                    out.append(r.choice(loc))
                if self.paddle_safe:
                    # Paddle drops a loop variable the body yields unchanged, and moves block
                    # arguments yielded to another position (a swap races): yield fresh values
                    out = [self.e.unary("tanh", v, False) if any(v is a for a in args) else v for v in out]
                return out
            finally:
                self.pool, self.last = saved, saved_last
                self.depth -= 1

        res = self.e.while_(limit, init, body)
        for v, s in zip(res, shapes):
            self.add(v, s)

    # -- a whole program --------------------------------------------------------------------------
    def program(self) -> list[Any]:
        r = self.rng
        x = self.e.data("x", self.base, "float32")
        y = self.e.data("y", self.base, "float32")
        self.flag = self.e.data("p", (1,), "bool")
        self.add(x, self.base)
        self.add(y, self.base)
        if r.random() < 0.3:  # two equal constants (class 2: CSE across an in-place write)
            c1 = self.e.full((1,), 1.0, "float32")
            c2 = self.e.full((1,), 1.0, "float32")
            self.add(c1, (1,))
            self.add(c2, (1,))
            if r.random() < 0.7:
                self.e.increment_(c1, 1.0)
        for _ in range(r.randint(2, self.max_ops)):
            self.step()
        live = self.live()
        k = min(len(live), r.randint(1, 4))
        outs = [live[-1][0]] + [v for v, _ in r.sample(live, k)]
        seen: list[Any] = []
        for v in outs:
            if all(v is not w for w in seen):
                seen.append(v)
        self.e.fetch(seen)
        return seen


def random_text(seed: int, *, max_ops: int = 10, base: Shape = BASE, mixed: bool = True) -> str:
    """The PIR text of the random program of ``seed`` (feeds x, y of shape ``base``); ``mixed=False``:
    the first generator's program (see :attr:`Gen.mixed`)."""
    em = TextEmitter()
    Gen(random.Random(seed), em, max_ops=max_ops, base=base, mixed=mixed).program()
    return em.text()


def text_from_rng(rng: random.Random, *, max_ops: int = 10) -> str:
    em = TextEmitter()
    Gen(rng, em, max_ops=max_ops, mixed=True).program()
    return em.text()


def feeds_for(seed: int, base: Shape = BASE) -> dict[str, Any]:
    """The feeds of a fuzzer program (numpy imported lazily: this module stays light)."""
    import numpy as np

    rs = np.random.RandomState(seed % (2**32))
    return {
        "x": rs.uniform(-1.0, 1.0, base).astype(np.float32),
        "y": rs.uniform(-1.0, 1.0, base).astype(np.float32),
        "p": np.array([bool(seed % 2)]),
    }
