"""Parse ``.ast`` text (grammar/ast.lark) into AST nodes.

``parse(text)`` returns the Module or LoweredFunc the text holds;
``parse_module`` / ``parse_function`` insist on one; ``parse_stmt`` /
``parse_expr`` read a fragment whose free names are given by ``scope``.

Errors are :class:`~pirc.diagnostics.PircError` diagnostics located in the text
(``file:line:col: error: ...`` with the line and a caret): syntax errors, names
that are not declared, and the type errors the node constructors find (each
node gets the location of its first token as its span).

Tree -> expressions: :mod:`pirc.cinn.ast.parser_exprs`; statements, functions and the entry points: here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.nodes import (
    ArgIO,
    Argument,
    Block,
    Buffer,
    Call,
    Evaluate,
    Expr,
    For,
    ForKind,
    IfThenElse,
    IterType,
    Let,
    LoweredFunc,
    MemoryScope,
    Module,
    Node,
    Range,
    ScheduleBlock,
    ScheduleBlockRealize,
    Stmt,
    Store,
    Tensor,
    TensorRegion,
    Var,
)
from pirc.cinn.ast.parser_exprs import ExprBuilder, _unescape
from pirc.diagnostics import Diagnostic, Location, PircError, SourceFile
from pirc.grammars import load_lark, syntax_error

# ---------------------------------------------------------------------------------------
# the Lark parser
# ---------------------------------------------------------------------------------------


@cache
def lark_parser() -> Lark:
    """The LALR parser for grammar/ast.lark, built on first use (tables cached on disk)."""
    return load_lark(
        "ast.lark",
        parser="lalr",
        lexer="contextual",
        start=["unit", "stmt_only", "expr_only"],
        propagate_positions=True,
        maybe_placeholders=True,
    )


_FOR_RE = re.compile(r"(serial|parallel|unroll|default)|vectorize\[(\d+)\]|thread_bind\[(blockIdx|threadIdx)\.([xyz])\]"
                     r"|parallel\[(\d+)\]")

_TOKEN_WORDS = {
    "NAME": "a name", "INT_LIT": "an integer", "FLOAT_LIT": "a float", "STRING": "a string",
    "DTYPE": "a type name", "SCOPE": "a memory scope", "IO": "in/out/inout", "FOR_KIND": "a loop kind",
    "LBRACE": "'{'", "RBRACE": "'}'", "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'",
    "COMMA": "','", "COLON": "':'", "EQUAL": "'='", "ARROW": "'->'", "MINUS": "'-'", "NOT": "'!'",
    "PREFIXED_LIT": "a typed literal", "SPECIAL_FLOAT": "a float bit pattern", "BUFFER_REF": "a buffer",
    "TYPED_CALL": "a typed call", "$END": "end of input",
}


def _expected(names: Iterable[str]) -> str:
    words = set()
    for n in names:
        w = _TOKEN_WORDS.get(n)
        if w is None:
            try:
                term = lark_parser().get_terminal(n)
                w = f"'{term.pattern.value}'" if term.pattern.type == "str" else n
            except Exception:  # noqa: BLE001
                w = n
        words.add(w)
    out = sorted(words)
    if len(out) > 8:
        out = out[:8] + ["..."]
    return ", ".join(out)


# ---------------------------------------------------------------------------------------
# tree -> statements, functions, modules
# ---------------------------------------------------------------------------------------


class _Builder(ExprBuilder):
    """Tree -> statements, functions and modules (expressions: :class:`ExprBuilder`)."""

    # -- statements --------------------------------------------------------------------------
    def stmt(self, t: Tree) -> Stmt:
        fn = getattr(self, "s_" + str(t.data), None)
        if fn is None:
            raise self.fail(f"unexpected {t.data} where a statement was expected", t)
        return fn(t)

    def s_block(self, t: Tree) -> Block:
        mark = len(self.trail)
        stmts = tuple(self.stmt(c) for c in t.children)
        self.unwind(mark)
        return Block(stmts, span=self.loc(t))

    def s_for_stmt(self, t: Tree) -> For:
        kind_tok, name_tok, mn_t, ext_t, body_t = t.children
        m = _FOR_RE.fullmatch(kind_tok.value)
        assert m is not None
        kw: dict[str, Any] = {}
        if m.group(1):
            kind = ForKind(m.group(1))
        elif m.group(2):
            kind, kw["factor"] = ForKind.VECTORIZED, self.int_text(m.group(2), kind_tok)
        elif m.group(5):
            kind, kw["factor"] = ForKind.PARALLEL, self.int_text(m.group(5), kind_tok)
        else:
            kind = ForKind.GPU_BLOCK if m.group(3) == "blockIdx" else ForKind.GPU_THREAD
            kw["axis"] = "xyz".index(m.group(4))
        mn, ext = self.expr(mn_t), self.expr(ext_t)
        dt = ext.dtype if ext.dtype.is_int else mn.dtype
        if not dt.is_int:
            raise self.fail(f"loop bounds must be integers, got {mn.dtype} and {ext.dtype}", mn_t)
        v = Var(name_tok.value, dt, span=self.loc(name_tok))
        mark = len(self.trail)
        self.define(name_tok.value, v)
        body = self.s_block(body_t)
        self.unwind(mark)
        return For(v, mn, ext, body, kind=kind, span=self.loc(t), **kw)

    def s_if_stmt(self, t: Tree) -> IfThenElse:
        cond_t, then_t, _else_tok, else_t = t.children
        cond = self.expr(cond_t)
        then = self.s_block(then_t)
        other = None if else_t is None else self.s_block(else_t)
        return IfThenElse(cond, then, other, span=self.loc(t))

    def s_realize(self, t: Tree) -> ScheduleBlockRealize:
        name_tok, bind_t, *items = t.children
        span = self.loc(t)
        names: list[Token] = []
        values: list[Expr] = []
        if bind_t is not None:
            names = [c for c in bind_t.children if isinstance(c, Token)]
            values = self.exprs(c for c in bind_t.children if isinstance(c, Tree))
            if len(names) != len(values):
                raise self.fail(f"{len(names)} iter vars but {len(values)} values in axis.bind", bind_t)
        mark = len(self.trail)
        ivs: list[Var] = []
        for tok, val in zip(names, values):
            if any(tok.value == n.value for n in names[: len(ivs)]):
                raise self.fail(f"iter var '{tok.value}' is bound twice", tok)
            v = Var(tok.value, val.dtype, span=self.loc(tok))
            ivs.append(v)
            self.define(tok.value, v)
        reduce_ids: set[int] = set()
        reads: list[TensorRegion] = []
        writes: list[TensorRegion] = []
        attrs: tuple = ()
        body: list[Stmt] = []
        for it in items:
            kind = str(it.data)
            if kind == "reduce_axes":
                for tok in it.children:
                    v = self.vars.get(tok.value)
                    if v is None or not any(v is iv for iv in ivs):
                        raise self.fail(f"'{tok.value}' is not an iter var of schedule block {name_tok.value}", tok)
                    reduce_ids.add(id(v))
            elif kind in ("read_buffers", "write_buffers"):
                regions = [self.region(r) for r in it.children if r is not None]
                (reads if kind == "read_buffers" else writes).extend(regions)
            elif kind == "sb_attrs":
                attrs = self.attr_entries(it.children)
            else:
                body.append(self.stmt(it))
        self.unwind(mark)
        if len(body) == 1:
            inner: Stmt = body[0]
        else:
            inner = Block(tuple(body), span=span)
        types = tuple(IterType.REDUCE if id(v) in reduce_ids else IterType.SPATIAL for v in ivs)
        sb = ScheduleBlock(name_tok.value, tuple(ivs), inner, iter_types=types, reads=tuple(reads),
                           writes=tuple(writes), attrs=attrs, span=span)
        return ScheduleBlockRealize(tuple(values), sb, span=span)

    def region(self, t: Tree) -> TensorRegion:
        tensor = self.lookup_tensor(t.children[0])
        ranges = []
        for d in t.children[1:]:
            if d is None:
                continue
            b, e = d.children
            ranges.append(Range(self.expr(b), None if e is None else self.expr(e), span=self.loc(d)))
        return TensorRegion(tensor, tuple(ranges), span=self.loc(t))

    def s_store(self, t: Tree) -> Store:
        name_tok, idx_t, val_t = t.children
        tensor = self.lookup_tensor(name_tok)
        idx = self.exprs(idx_t.children)
        return Store(tensor, tuple(idx), self.value(val_t, tensor.dtype), span=self.loc(t))

    def s_let_stmt(self, t: Tree) -> Let:
        dt_tok, name_tok, val_t = t.children
        dt = DType(dt_tok.value)
        value = None if val_t is None else self.value(val_t, dt)
        v = Var(name_tok.value, dt, span=self.loc(name_tok))
        self.define(name_tok.value, v)
        return Let(v, value, span=self.loc(t))

    def s_evaluate(self, t: Tree) -> Evaluate:
        call = self.expr(t.children[0])
        if not isinstance(call, Call):
            raise self.fail("an expression statement must be a call", t)
        return Evaluate(call, span=self.loc(t))

    # -- attributes --------------------------------------------------------------------------
    def attr_value(self, t: Tree) -> Any:
        k = str(t.data)
        c = t.children
        if k == "attr_int":
            return self.int_text(c[0].value.rstrip("lu"), c[0])
        if k == "attr_neg_int":
            return -self.int_text(c[1].value.rstrip("lu"), c[1])
        if k == "attr_float":
            return float(c[0].value.rstrip("f"))
        if k == "attr_neg_float":
            return -float(c[1].value.rstrip("f"))
        if k == "attr_str":
            return _unescape(c[0].value)
        if k == "attr_true":
            return True
        if k == "attr_false":
            return False
        return tuple(self.attr_value(x) for x in c if x is not None)

    def attr_entries(self, entries: Iterable[Any]) -> tuple:
        out: dict[str, Any] = {}
        for e in entries:
            if e is None:
                continue
            key = e.children[0]
            if key.value in out:
                raise self.fail(f"attribute '{key.value}' is given twice", key)
            out[key.value] = self.attr_value(e.children[1])
        return tuple(out.items())

    # -- functions ---------------------------------------------------------------------------
    def type_spec(self, t: Tree) -> tuple[MemoryScope | None, DType, list[Expr] | None]:
        scope_tok, dt_tok, shape_t = t.children
        scope = None if scope_tok is None else MemoryScope(scope_tok.value)
        shape = None if shape_t is None else self.exprs(shape_t.children)
        return scope, DType(dt_tok.value), shape

    def function(self, t: Tree) -> LoweredFunc:
        children = t.children
        name_tok = children[0]
        k = 1
        header: list[Token] = []
        while k < len(children) and (children[k] is None or isinstance(children[k], Token)):
            if children[k] is not None:
                header.append(children[k])
            k += 1
        decls = children[k:-1]
        body_t = children[-1]
        self.tensors, self.buffers = {}, {}
        mark = len(self.trail)
        declared: dict[str, Any] = {}

        def claim(tok: Token, what: str) -> None:
            prev = declared.get(tok.value)
            if prev is not None:
                raise self.fail(f"{what} '{tok.value}' is declared twice", tok, [("previous declaration here", prev)])
            declared[tok.value] = tok

        # scalar arguments and free variables first: buffer shapes may use them
        arg_decls: dict[str, tuple[Token, Tree]] = {}
        scalar_args: dict[str, Var] = {}
        for d in decls:
            kind = str(d.data)
            if kind == "arg_decl":
                io_tok, n_tok, spec_t = d.children
                claim(n_tok, "argument")
                arg_decls[n_tok.value] = (io_tok, d)
                scope_tok, dt_tok, shape_t = spec_t.children
                if shape_t is None:
                    if scope_tok is not None:
                        raise self.fail(f"scalar argument '{n_tok.value}' cannot have a memory scope", scope_tok)
                    v = Var(n_tok.value, DType(dt_tok.value), span=self.loc(n_tok))
                    scalar_args[n_tok.value] = v
                    self.define(n_tok.value, v)
            elif kind == "var_decl":
                n_tok, dt_tok = d.children
                claim(n_tok, "variable")
                self.define(n_tok.value, Var(n_tok.value, DType(dt_tok.value), span=self.loc(n_tok)))
        temps: list[Buffer] = []
        attrs: tuple = ()
        for d in decls:
            kind = str(d.data)
            if kind in ("arg_decl", "temp_decl", "buffer_decl"):
                n_tok, spec_t = d.children[-2:]
                if kind != "arg_decl":
                    claim(n_tok, "buffer")
                if n_tok.value in scalar_args:
                    continue
                scope, dt, shape = self.type_spec(spec_t)
                if shape is None:
                    raise self.fail(f"buffer '{n_tok.value}' needs a shape: '{dt}[...]'", spec_t)
                b = Buffer(n_tok.value, tuple(shape), dt, scope or MemoryScope.GLOBAL, span=self.loc(n_tok))
                self.buffers[n_tok.value] = b
                if kind == "temp_decl":
                    temps.append(b)
            elif kind == "attrs_decl":
                attrs = self.attr_entries(d.children)
        for d in decls:
            if str(d.data) != "tensor_decl":
                continue
            n_tok, spec_t, _arrow, buf_tok = d.children
            if n_tok.value in self.tensors:
                raise self.fail(f"tensor '{n_tok.value}' is declared twice", n_tok)
            buf = None if buf_tok is None else self.lookup_buffer(buf_tok.value, buf_tok)
            span = self.loc(n_tok)
            if spec_t is None:
                if buf is None:
                    raise self.fail(f"tensor '{n_tok.value}' needs a type or a buffer", n_tok)
                t_ = Tensor(n_tok.value, buf.shape, buf.dtype, buf, span=span)
            else:
                scope, dt, shape = self.type_spec(spec_t)
                if shape is None:
                    raise self.fail(f"tensor '{n_tok.value}' needs a shape: '{dt}[...]'", spec_t)
                t_ = Tensor(n_tok.value, tuple(shape), dt, buf, scope, span=span)
            self.tensors[n_tok.value] = t_
        args = []
        in_header = set()
        for tok in header:
            if tok.value in in_header:
                raise self.fail(f"argument '{tok.value}' appears twice in the header", tok)
            in_header.add(tok.value)
            decl = arg_decls.get(tok.value)
            if decl is None:
                raise self.fail(
                    f"argument '{tok.value}' is not declared (add a line such as 'in {tok.value}: float32[...]')", tok
                )
            io_tok, d = decl
            scalar = scalar_args.get(tok.value)
            target = scalar if scalar is not None else self.buffers[tok.value]
            args.append(Argument(target, ArgIO(io_tok.value), span=self.loc(d)))
        for n, (io_tok, d) in arg_decls.items():
            if n not in in_header:
                raise self.fail(f"'{n}' is declared as an argument but is not in the function header", d)
        body = self.s_block(body_t)
        self.unwind(mark)
        return LoweredFunc(name_tok.value, tuple(args), body, temp_bufs=tuple(temps), attrs=attrs,
                           span=self.loc(t))

    def module(self, t: Tree) -> Module:
        name_tok, *fns = t.children
        return Module(name_tok.value, tuple(self.function(f) for f in fns), span=self.loc(t))


# ---------------------------------------------------------------------------------------
# entry points
# ---------------------------------------------------------------------------------------


def _syntax_error(e: UnexpectedInput, src: SourceFile, text: str) -> PircError:
    msg, line, col = syntax_error(e, text, _expected, whole_words=True)
    return PircError(Diagnostic("error", msg, Location(src, line, col)))


def _parse_tree(text: str, start: str, src: SourceFile) -> Tree:
    if not text.strip():
        raise PircError(Diagnostic("error", "the input is empty", Location(src, 1, 1)))
    try:
        return lark_parser().parse(text, start=start)
    except UnexpectedInput as e:
        raise _syntax_error(e, src, text) from None


def _scope_builder(src: SourceFile, scope: Mapping[str, Node] | Iterable[Node] | None) -> _Builder:
    b = _Builder(src)
    if scope is None:
        return b
    items = scope.items() if isinstance(scope, Mapping) else ((getattr(n, "name", None), n) for n in scope)
    for name, node in items:
        if isinstance(node, Var):
            b.vars[name] = node
        elif isinstance(node, Tensor):
            b.tensors[name] = node
            if node.buffer is not None:
                b.buffers.setdefault(node.buffer.name, node.buffer)
        elif isinstance(node, Buffer):
            b.buffers[name] = node
        else:
            raise TypeError(f"scope entries are Var, Tensor or Buffer nodes, got {type(node).__name__}")
    return b


def parse(text: str, filename: str = "<string>") -> Module | LoweredFunc:
    """The Module or the single LoweredFunc that ``text`` holds."""
    src = SourceFile(filename, text)
    tree = _parse_tree(text, "unit", src)
    inner = tree.children[0]
    b = _Builder(src)
    return b.module(inner) if str(inner.data) == "module" else b.function(inner)


def parse_module(text: str, filename: str = "<string>", name: str = "module") -> Module:
    """A Module; text holding one bare function gives a module ``name`` with it."""
    node = parse(text, filename)
    if isinstance(node, LoweredFunc):
        return Module(name, (node,), span=node.span)
    return node


def parse_function(text: str, filename: str = "<string>") -> LoweredFunc:
    """The one function in ``text`` (bare, or alone in a Module)."""
    node = parse(text, filename)
    if isinstance(node, Module):
        if len(node.functions) != 1:
            raise PircError(Diagnostic("error", f"expected one function, module {node.name} has "
                                                f"{len(node.functions)}", node.span))
        return node.functions[0]
    return node


def parse_stmt(text: str, scope: Mapping[str, Node] | Iterable[Node] | None = None,
               filename: str = "<string>") -> Stmt:
    """One statement; its free variables, tensors and buffers come from ``scope``
    (nodes, or a name -> node mapping)."""
    src = SourceFile(filename, text)
    tree = _parse_tree(text, "stmt_only", src)
    return _scope_builder(src, scope).stmt(tree.children[0])


def parse_expr(text: str, scope: Mapping[str, Node] | Iterable[Node] | None = None,
               filename: str = "<string>") -> Expr:
    """One expression; names resolve through ``scope`` as for :func:`parse_stmt`."""
    src = SourceFile(filename, text)
    tree = _parse_tree(text, "expr_only", src)
    return _scope_builder(src, scope).expr(tree.children[0])


def parse_file(path: str) -> Module | LoweredFunc:
    with open(path, encoding="utf-8") as f:
        return parse(f.read(), path)


__all__ = ["lark_parser", "parse", "parse_expr", "parse_file", "parse_function", "parse_module", "parse_stmt"]
