"""C expressions from AST expressions: operators with the evaluator's semantics, casts, math and other calls."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pirc.cinn.ast.analysis import CROSS_THREAD_RE, const_int, speculation_safe
from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import (
    VOID_INTRINSICS,
    BinaryOp,
    Call,
    Cast,
    Expr,
    FloatImm,
    IntImm,
    Load,
    Minus,
    Node,
    Not,
    Select,
    StringImm,
    Tensor,
    Var,
    intrinsic_base,
)
from pirc.cinn.codegen.literals import _SFX, SMALL_INTS, LiteralMaker, ctype, int_literal
from pirc.cinn.codegen.prelude import Prelude
from pirc.diagnostics import PircError

_FLOAT_UNARY = frozenset(
    ["exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "cbrt", "tanh", "tan", "sin", "cos", "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh", "erf", "floor", "ceil", "trunc"]
)
_BIN_SYMBOL = {Kind.ADD: "+", Kind.SUB: "-", Kind.MUL: "*", Kind.EQ: "==", Kind.NE: "!=", Kind.LT: "<",
               Kind.LE: "<=", Kind.GT: ">", Kind.GE: ">=", Kind.AND: "&&", Kind.OR: "||"}
_ARITH = frozenset({Kind.ADD, Kind.SUB, Kind.MUL, Kind.DIV, Kind.MOD})


class ExprEmitter:
    """The expression half of :class:`~pirc.cinn.codegen.common.FuncEmitter` (which it is a base of:
    names, memory, the prelude and the target hooks come from there)."""

    if TYPE_CHECKING:  # what FuncEmitter provides
        target: str
        prelude: Prelude
        lits: LiteralMaker

        def error(self, message: str, node: Node | None = None) -> PircError: ...
        def lookup(self, v: Var) -> str: ...
        def load(self, t: Tensor, indices: Sequence[Expr], node: Node) -> str: ...
        def cross_thread_call(self, e: Call, m: re.Match) -> str: ...

    # -- expressions --------------------------------------------------------------------------------
    def expr(self, e: Expr) -> str:
        k = e.KIND
        if type(e) is IntImm:
            return int_literal(e.value, e.dtype)
        if type(e) is FloatImm:
            return self.lits.float_literal(e.value, e.dtype)
        if type(e) is Var:
            return self.lookup(e)
        if type(e) is Load:
            return self.load(e.tensor, e.indices, e)
        if type(e) is Cast:
            return self.cast(self.expr(e.value), e.value.dtype, e.dtype)
        if type(e) is Select:
            return self.select(e)
        if type(e) is Not:
            return f"(!{self.expr(e.a)})"
        if type(e) is Minus:
            s = f"(-{self.expr(e.a)})"
            return f"(({ctype(e.dtype)}){s})" if e.dtype in SMALL_INTS else s
        if type(e) is Call:
            return self.call(e)
        if type(e) is StringImm:
            raise self.error("a string cannot be used as a value here", e)
        if isinstance(e, BinaryOp) and (k in _BIN_SYMBOL or k in (Kind.DIV, Kind.MOD, Kind.MIN, Kind.MAX)):
            return self.binary(k, e.a.dtype, self.expr(e.a), self.expr(e.b), e.b)
        raise self.error(f"cannot generate code for {type(e).__name__}", e)

    def select(self, e: Any) -> str:
        c, t, f = self.expr(e.condition), self.expr(e.true_value), self.expr(e.false_value)
        if self.target == "c" and e.dtype.is_float and speculation_safe(e):
            # a bitwise blend: GCC cannot if-convert a float ?: whose sides it sank into branches
            # (trapping math), so such loops would not vectorise
            sfx = "f64" if e.dtype is DType.FLOAT64 else "f32"
            return f"{self.prelude.use(f'pirc_sel_{sfx}')}({c}, {t}, {f})"
        return f"({c} ? {t} : {f})"

    def binary(self, k: Kind, dt: DType, a: str, b: str, b_node: Expr | None = None) -> str:
        """``a op b`` for operands of type ``dt``, with the evaluator's semantics."""
        ct = ctype(dt)
        if k in (Kind.MIN, Kind.MAX):
            op = "min" if k is Kind.MIN else "max"
            return f"{self.prelude.use(f'pirc_{op}_{_SFX[dt]}')}({a}, {b})"
        if k is Kind.DIV or k is Kind.MOD:
            if dt.is_float:
                if k is Kind.DIV:
                    s = f"({a} / {b})"
                else:
                    s = f"fmod({a}, {b})" if dt is DType.FLOAT64 else f"fmodf({a}, {b})"
            else:
                c = const_int(b_node) if b_node is not None else None
                if c is not None and c not in (0, -1):
                    s = f"({a} {'/' if k is Kind.DIV else '%'} {b})"
                else:
                    op = "div" if k is Kind.DIV else "mod"
                    s = f"{self.prelude.use(f'pirc_{op}_{_SFX[dt]}')}({a}, {b})"
        else:
            s = f"({a} {_BIN_SYMBOL[k]} {b})"
            if k not in _ARITH:
                return s  # comparisons and logic give int 0 / 1
        if dt in SMALL_INTS:
            return f"(({ct}){s})"
        if dt is DType.FLOAT16:
            return f"{self.prelude.use('pirc_round_f16')}({s})"
        return s

    def cast(self, s: str, src: DType, dst: DType) -> str:
        if dst is src and dst not in (DType.FLOAT16, DType.BFLOAT16):
            return s
        if dst.is_bool:
            return f"({s} != 0)"
        if dst is DType.FLOAT16:
            return f"{self.prelude.use('pirc_round_f16')}((float)({s}))"
        if dst is DType.BFLOAT16:
            return f"{self.prelude.use('pirc_round_bf16')}((float)({s}))"
        return f"(({ctype(dst)})({s}))"

    # -- calls -----------------------------------------------------------------------------------------
    def call(self, e: Call) -> str:
        m = CROSS_THREAD_RE.match(e.name)
        if m:
            return self.cross_thread_call(e, m)
        if e.dtype is DType.VOID or e.name in VOID_INTRINSICS:
            raise self.error(f"the call '{e.name}' has no value", e)
        base = intrinsic_base(e.name)
        for a in e.args:
            if not isinstance(a, Expr) or a.dtype is DType.STRING:
                raise self.error(f"'{e.name}' cannot take a buffer or string argument", e)
        args: list[Expr] = list(e.args)
        if not args:
            raise self.error(f"unknown function '{e.name}'", e)
        dt = args[0].dtype
        out = self.math(base, dt, args, e)
        rdt = DType.BOOL if base in ("isnan", "isinf", "isfinite") else dt
        if e.dtype is not rdt:
            return self.cast(out, rdt, e.dtype)
        if e.dtype is DType.FLOAT16 and base not in ("abs", "fabs", "max", "min", "relu"):
            return f"{self.prelude.use('pirc_round_f16')}({out})"
        if e.dtype in SMALL_INTS:
            return f"(({ctype(e.dtype)})({out}))"
        return out

    def _nargs(self, e: Call, args: list, n: int) -> None:
        if len(args) != n:
            raise self.error(f"'{e.name}' takes {n} argument{'s' if n != 1 else ''}, got {len(args)}", e)
        for a in args[1:]:
            if a.dtype is not args[0].dtype:
                raise self.error(f"the arguments of '{e.name}' must have one type, got {args[0].dtype} and {a.dtype}", e)

    def math(self, base: str, dt: DType, args: list[Expr], e: Call) -> str:
        p = self.prelude
        sfx = _SFX[dt]
        isf = dt.is_float
        fs = "" if dt is DType.FLOAT64 else "f"
        if base in _FLOAT_UNARY:
            self._nargs(e, args, 1)
            x = self.expr(args[0])
            if isf and fs and self.target == "c" and base in ("exp", "tanh", "log", "erf"):
                return f"{p.use(f'pirc_{base}f')}({x})"  # vectorisable (see prelude)
            if isf:
                return f"{base}{fs}({x})"
            if base in ("floor", "ceil", "trunc"):
                return x
            return f"(({ctype(dt)}){base}((double)({x})))"
        if base in ("abs", "fabs"):
            self._nargs(e, args, 1)
            x = self.expr(args[0])
            if isf:
                return f"fabs{fs}({x})"
            return f"{p.use(f'pirc_abs_{sfx}')}({x})"
        if base == "round":
            self._nargs(e, args, 1)
            x = self.expr(args[0])
            return f"{p.use(f'pirc_round_{sfx}')}({x})" if isf else x
        if base in ("rsqrt", "sigmoid", "reciprocal"):
            self._nargs(e, args, 1)
            x = self.expr(args[0])
            one = "1.0" if dt is DType.FLOAT64 else "1.0f"
            if not isf:
                if base == "reciprocal":
                    return f"{p.use(f'pirc_div_{sfx}')}(({ctype(dt)})1, {x})"
                raise self.error(f"'{e.name}' needs a floating-point argument, got {dt}", e)
            if base == "rsqrt":
                return f"({one} / sqrt{fs}({x}))"
            if base == "sigmoid":
                ex = p.use("pirc_expf") if fs and self.target == "c" else f"exp{fs}"
                return f"({one} / ({one} + {ex}(-{x})))"
            return f"({one} / {x})"
        if base == "relu":
            self._nargs(e, args, 1)
            zero = self.lits.float_literal(0.0, dt) if isf else int_literal(0, dt)
            return f"{p.use(f'pirc_max_{sfx}')}({self.expr(args[0])}, {zero})"
        if base == "sign":
            self._nargs(e, args, 1)
            return f"{p.use(f'pirc_sign_{sfx}')}({self.expr(args[0])})"
        if base in ("isnan", "isinf", "isfinite"):
            self._nargs(e, args, 1)
            x = self.expr(args[0])
            if not isf:
                return "1" if base == "isfinite" else "0"
            return f"{p.use(f'pirc_{base}_{sfx}')}({x})"
        if base in ("max", "min"):
            self._nargs(e, args, 2)
            return f"{p.use(f'pirc_{base}_{sfx}')}({self.expr(args[0])}, {self.expr(args[1])})"
        if base in ("pow", "fmod", "atan2", "remainder"):
            self._nargs(e, args, 2)
            a, b = self.expr(args[0]), self.expr(args[1])
            if base == "remainder":
                return f"{p.use(f'pirc_rem_{sfx}')}({a}, {b})"
            if base == "fmod" and not isf:
                return f"{p.use(f'pirc_mod_{sfx}')}({a}, {b})"
            if not isf:
                return f"(({ctype(dt)}){base}((double)({a}), (double)({b})))"
            return f"{base}{fs}({a}, {b})"
        if base == "fma":
            self._nargs(e, args, 3)
            a, b, c = (self.expr(x) for x in args)
            return self.binary(Kind.ADD, dt, self.binary(Kind.MUL, dt, a, b), c)
        raise self.error(f"unknown function '{e.name}'", e)
