"""The ProgramTranslator: legacy ``ProgramDesc`` -> pirc PIR (Paddle's
``paddle/fluid/ir_adaptor/translator``), reproducing Paddle 3.x's output op
for op and attribute for attribute.

Steps (``ProgramTranslator.translate``), as in Paddle:

1. ``builtin.parameter`` for every persistable var of block 0 that an op of
   block 0 reads before any op writes it (in op order, input slots in name
   order; control-flow ops list what their sub-blocks read).
2. ``pd_op.data`` (inserted at the very front) for other external inputs of
   block 0 that have a VarDesc.
3. Each op of block 0 in order: ``conditional_block`` -> ``pd_op.if`` with a
   fake false branch, ``while`` -> ``pd_op.while`` with block arguments,
   anything else through its transcriber: a special handler when one is
   registered (:data:`SPECIAL_HANDLERS`), else the general
   :class:`OpTranscriber` driven by the signature table (optable.py).
4. ``builtin.set_parameter`` after ops that write a parameter.
5. ``stop_gradient`` / ``persistable`` result attributes from the VarDescs,
   for every value bound to a name in block 0's scope.

Names map to values through a :class:`TranslationContext` per block scope:
a stack of values per name (SSA renaming pushes), with a parent chain for
sub-blocks.

The pieces: context.py (errors, name scopes), attrs.py (types and attributes),
transcriber.py (the general transcriber), handlers/ (the special handlers and
their table); this module walks the blocks and builds if / while.
"""

from __future__ import annotations

from collections.abc import Sequence

import pirc.dialects.all  # noqa: F401  (register the ops: an Operation binds its OpInfo when made)
from pirc.ir.attributes import ArrayAttr, AttrDict, BoolAttr, StrAttr
from pirc.ir.core import Block, Operation, OpResult
from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType, OpaqueType, Type, VectorType

from . import desc as D
from .attrs import dtype_name, translate_var_type
from .builder import Builder, dtype_of, i32, stop_gradients
from .context import MultiTranslateError, TranslateError, TranslationContext, ValueInfo
from .desc import BlockDesc, OpDesc, ProgramDesc, VarDesc
from .handlers import GENERAL_HANDLER, SPECIAL_HANDLERS, is_supported
from .transcriber import EMPTY_VAR, OpTranscriber

NO_CAST_VAR_NAMES = frozenset({"feed", "fetch"})
UNSUPPORTED_OPS = frozenset({"while_grad", "conditional_block_grad"})


class ProgramTranslator:
    def __init__(self, legacy: ProgramDesc, program: Program | None = None) -> None:
        if not legacy.blocks:
            raise TranslateError("the ProgramDesc has no blocks")
        self.legacy = legacy
        self.program = program if program is not None else Program()
        self.param_map = TranslationContext()
        self.parameter_name_mappings: dict[str, VarDesc] = {}
        self.parameter_visited: set[str] = set()
        self.current_op: OpDesc | None = None
        self.active_blocks: set[int] = set()

    # -- helpers used by the transcribers -------------------------------------------
    def undefined(self, name: str, op: OpDesc, what: str = "") -> TranslateError:
        return TranslateError(f"variable '{name}' is used by op '{op.type}' ({op.where()}) before it is defined", op)

    def output_var(self, op: OpDesc, name: str) -> VarDesc:
        var = op.block.find_var_recursive(name)
        if var is None:
            raise TranslateError(f"output variable '{name}' of op '{op.type}' has no VarDesc", op)
        return var

    def insert_slice(self, ctx: TranslationContext, block: Block, info: ValueInfo, name: str) -> Operation:
        vt = info.value.type
        assert isinstance(vt, VectorType)
        op = Operation("builtin.slice", [info.value], [vt.elements[info.idx]],
                       AttrDict.get({"index": i32(info.idx)}))
        block.append(op)
        ctx.push(name, ValueInfo(op.results[0]))
        return op

    def combine(self, ctx: TranslationContext, block: Block, names: Sequence[str], op: OpDesc,
                builder: bool = False) -> OpResult:
        values = []
        for n in names:
            info = ctx.get(n)
            if info is None:
                raise self.undefined(n, op)
            values.append(info.value)
        t = VectorType.get(tuple(v.type for v in values))
        attrs = AttrDict.get({"stop_gradient": stop_gradients(1)}) if builder else AttrDict.EMPTY
        c = Operation("builtin.combine", values, [t], attrs)
        block.append(c)
        return c.results[0]

    # -- top level ----------------------------------------------------------------------
    def translate(self) -> Program:
        self.check_ops()
        block0 = self.legacy.blocks[0]
        self.get_parameter_for_single_block(block0)
        self.insert_data_op_for_single_block(block0)
        self.translate_block(block0, self.param_map, self.program.block)
        self.set_parameter_from_single_block(block0)
        for b in self.legacy.blocks:
            self.set_result_attribute(b, "stop_gradient")
        for b in self.legacy.blocks:
            self.set_result_attribute(b, "persistable")
        return self.program

    def check_ops(self) -> None:
        bad: list[TranslateError] = []
        for b in self.legacy.blocks:
            for op in b.ops:
                if op.type in UNSUPPORTED_OPS:
                    bad.append(TranslateError(
                        f"legacy op '{op.type}' ({op.where()}) cannot be translated (Paddle does not support it either)", op))
                elif not is_supported(op.type):
                    bad.append(TranslateError(f"unknown legacy op '{op.type}' ({op.where()})", op))
        if bad:
            raise MultiTranslateError(bad)

    def translate_block(self, src: BlockDesc, ctx: TranslationContext, dst: Block) -> None:
        self.active_blocks.add(src.idx)
        try:
            self._translate_ops(src, ctx, dst)
        finally:
            self.active_blocks.discard(src.idx)

    def _translate_ops(self, src: BlockDesc, ctx: TranslationContext, dst: Block) -> None:
        for op in src.ops:
            self.current_op = op
            t = op.type
            if t == "conditional_block":
                self.translate_if(op, ctx, dst)
            elif t == "while":
                self.translate_while(op, ctx, dst)
            else:
                if t == "shadow_output":
                    xs = op.input("x")
                    if not xs or not ctx.count(xs[0]):
                        continue
                handler = SPECIAL_HANDLERS.get(t, GENERAL_HANDLER)
                handler(self, ctx, op, dst)

    def sub_block(self, op: OpDesc) -> BlockDesc | None:
        idx = op.attr("sub_block", -1)
        if idx is None or idx == -1:
            return None
        blocks = self.legacy.blocks
        if not isinstance(idx, int) or not 0 <= idx < len(blocks):
            raise TranslateError(f"op '{op.type}' refers to sub_block {idx}, but the program has {len(blocks)} blocks", op)
        b: BlockDesc | None = op.block
        for _ in range(len(blocks)):  # the sub-block must not be the op's block or one of its ancestors
            if b is None:
                break
            if b.idx == idx:
                raise TranslateError(f"op '{op.type}' uses block {idx}, which encloses it, as its sub_block", op)
            b = b.parent
        if idx in self.active_blocks:
            raise TranslateError(f"sub_block {idx} of op '{op.type}' is already being translated (a cycle)", op)
        return blocks[idx]

    def translate_if(self, op: OpDesc, ctx: TranslationContext, dst: Block) -> Operation:
        conds = op.input("Cond")
        if len(conds) != 1:
            raise TranslateError("conditional_block needs exactly one Cond variable", op)
        for name in op.input("Input"):
            self.get_value_or_create_in_top(name, ctx, op)
        outs = [n for n in op.output("Out") if n != EMPTY_VAR]
        out_vars = [self.output_var(op, n) for n in outs]
        cond_info = ctx.get(conds[0])
        if cond_info is None:
            raise self.undefined(conds[0], op)
        types = [translate_var_type(v, op) for v in out_vars]
        if_op = Operation("pd_op.if", [cond_info.value], types, AttrDict.EMPTY, num_regions=2)
        dst.append(if_op)
        sub = self.sub_block(op)
        if sub is not None:
            true_block = if_op.regions[0].add_block()
            tctx = ctx.child()
            self.translate_block(sub, tctx, true_block)
            true_yields = []
            for n in outs:
                info = tctx.get(n)
                if info is None:
                    raise TranslateError(
                        f"output '{n}' of conditional_block ({op.where()}) is not defined by its sub-block "
                        f"{sub.idx}", op)
                true_yields.append(info.value)
            true_block.append(Operation("cf.yield", true_yields, [], AttrDict.EMPTY))
            false_block = if_op.regions[1].add_block()
            fctx = ctx.child()
            false_yields = []
            for i, n in enumerate(outs):
                if fctx.count(n) == 0:
                    t = true_yields[i].type
                    b = Builder(false_block, at_front=True)
                    if isinstance(t, DenseTensorType):
                        init = b.full([abs(d) for d in t.dims], 0.0, dtype_of(t))
                    elif isinstance(t, OpaqueType) and t.text.startswith("pd_op.tensor_array<"):
                        init = b.create_array(D_PIR_TO_DTYPE.get(t.text[19:-1], "float32"))
                    else:
                        raise TranslateError(
                            f"cannot make a default value of type {t} for the false branch of conditional_block", op)
                    fctx.push(n, init)
                info = fctx.get(n)
                assert info is not None  # defined, or given a default just above
                false_yields.append(info.value)
            false_block.append(Operation("cf.yield", false_yields, [], AttrDict.EMPTY))
            if_op.set_attr_raw("fake_false_branch", BoolAttr.TRUE)
        for i, v in enumerate(out_vars):
            ctx.push(v.name, ValueInfo(if_op.results[i]))
        return if_op

    def translate_while(self, op: OpDesc, ctx: TranslationContext, dst: Block) -> Operation:
        sub = self.sub_block(op)
        if sub is None:
            raise TranslateError("while op has no sub_block", op)
        conds = op.input("Condition")
        if len(conds) != 1:
            raise TranslateError("while needs exactly one Condition variable", op)
        cond_var = conds[0]
        loop_vars = [n for n in op.output("Out") if n != cond_var]
        operands = [self.get_value_or_create_in_top(cond_var, ctx, op).value]
        types: list[Type] = []
        body_ctx = ctx.child()
        body = Block()
        for name in loop_vars:
            info = self.get_value_or_create_in_top(name, ctx, op)
            operands.append(info.value)
            types.append(info.value.type)
            body_ctx.push(name, body.add_arg(info.value.type))
        while_op = Operation("pd_op.while", operands, types, AttrDict.EMPTY, num_regions=1)
        region = while_op.regions[0]
        region.blocks.append(body)
        body.parent = region
        dst.append(while_op)
        self.translate_block(sub, body_ctx, body)
        yields = []
        for name in [cond_var, *loop_vars]:
            vinfo = body_ctx.get(name)
            assert vinfo is not None  # the loop's condition and variables are defined around the body
            yields.append(vinfo.value)
        body.append(Operation("cf.yield", yields, [], AttrDict.EMPTY))
        for i, name in enumerate(loop_vars):
            ctx.push(name, ValueInfo(while_op.results[i]))
        return while_op

    def get_value_or_create_in_top(self, name: str, ctx: TranslationContext, op: OpDesc) -> ValueInfo:
        info = ctx.get(name)
        if info is not None:
            return info
        return self.create_undefined_variable(name, self.legacy.blocks[0], op)

    def create_undefined_variable(self, name: str, block: BlockDesc, op: OpDesc | None = None) -> ValueInfo:
        var = block.find_var_recursive(name)
        if var is None:
            if op is not None:
                raise self.undefined(name, op)
            raise TranslateError(f"variable '{name}' has no VarDesc")
        b = Builder(self.program.block, at_front=True)
        dt = dtype_name(var.dtype)
        if var.type == D.DENSE_TENSOR_ARRAY:
            v = b.create_array(dt)
        else:
            v = b.data(name, list(var.dims), dt)
        info = ValueInfo(v)
        self.param_map.push(name, info)
        return info

    # -- parameters and data ops --------------------------------------------------------
    def get_parameter_for_single_block(self, block: BlockDesc) -> None:
        for var in block.vars.values():
            if not var.persistable or var.name in NO_CAST_VAR_NAMES or self.param_map.count(var.name):
                continue
            self.parameter_name_mappings[var.name] = var
        inner: set[str] = set()
        for op in block.ops:
            for args in op.inputs.values():
                for name in args:
                    if name in NO_CAST_VAR_NAMES:
                        continue
                    if name in self.parameter_name_mappings and name not in self.parameter_visited \
                            and name not in inner:
                        var = block.find_var_recursive(name) or self.parameter_name_mappings[name]
                        t = translate_var_type(var, op)
                        p = Operation("builtin.parameter", [], [t],
                                      AttrDict.get({"parameter_name": StrAttr.get(name)}))
                        self.program.block.append(p)
                        self.param_map.push(name, ValueInfo(p.results[0]))
                        self.program.set_parameter(name, t)
                        self.parameter_visited.add(name)
                        inner.add(name)
            for args in op.outputs.values():
                inner.update(args)

    def insert_data_op_for_single_block(self, block: BlockDesc) -> None:
        inner: set[str] = set()
        external: list[tuple[str, OpDesc]] = []
        for op in block.ops:
            for args in op.inputs.values():
                for name in args:
                    if name not in inner:
                        external.append((name, op))
            for args in op.outputs.values():
                inner.update(args)
        for name, op in external:
            if name not in block.vars or self.param_map.count(name) or name in NO_CAST_VAR_NAMES:
                continue
            self.create_undefined_variable(name, block, op)

    def set_parameter_from_single_block(self, block: BlockDesc) -> None:
        for op in reversed(block.ops):
            if op.type in ("data", "feed"):
                continue
            ins = set(op.input_arg_names())
            for args in op.outputs.values():
                for name in args:
                    if name not in self.parameter_name_mappings or name in self.parameter_visited:
                        continue
                    if not self.param_map.count(name) or name in ins:
                        continue
                    info = self.param_map.get(name)
                    assert info is not None  # count(name) above
                    if not isinstance(info.value, OpResult):
                        continue
                    if info.by_vector:
                        self.insert_slice(self.param_map, self.program.block, info, name)
                        info = self.param_map.get(name)
                        assert info is not None  # insert_slice pushed the slice under this name
                    value = info.value
                    assert isinstance(value, OpResult)  # checked above; a slice is an op result
                    owner = value.owner
                    if owner.parent is not self.program.block:
                        raise TranslateError(f"parameter '{name}' must be defined in block 0", op)
                    sp = Operation("builtin.set_parameter", [value], [],
                                   AttrDict.get({"parameter_name": StrAttr.get(name)}))
                    self.program.block.insert_after(sp, owner)
                    self.program.set_parameter(name)
                    self.parameter_visited.add(name)

    def set_result_attribute(self, block: BlockDesc, key: str) -> None:
        for name, infos in self.param_map.map.items():
            if name in NO_CAST_VAR_NAMES:
                continue
            var = block.find_var_recursive(name)
            if var is None:
                continue
            flag = BoolAttr.get(bool(var.stop_gradient if key == "stop_gradient" else var.persistable))
            for info in infos:
                v = info.value
                if not isinstance(v, OpResult):
                    continue
                owner = v.owner
                cur = owner.attrs.get_attr(key)
                if isinstance(cur, ArrayAttr) and len(cur) == owner.num_results:
                    elems = list(cur.elements)
                else:
                    elems = [BoolAttr.FALSE] * owner.num_results
                elems[v.index] = flag
                owner.set_attr_raw(key, ArrayAttr.get(elems))


D_PIR_TO_DTYPE = {v: k for k, v in D.DTYPE_TO_PIR.items()}


def translate_program(legacy: ProgramDesc) -> Program:
    """Translate a legacy ProgramDesc (raises TranslateError / MultiTranslateError).

    A malformed op (an attribute of the wrong kind, a slot with the wrong
    number of variables ...) that trips a Python error in a transcriber is
    reported as a TranslateError located at that op."""
    tr = ProgramTranslator(legacy)
    try:
        return tr.translate()
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, AssertionError) as e:
        op = tr.current_op
        what = f"op '{op.type}'" if op is not None else "the program"
        raise TranslateError(f"cannot translate {what}: malformed input ({type(e).__name__}: {e})", op) from e


__all__ = [
    "ProgramTranslator", "TranslationContext", "TranslateError", "MultiTranslateError", "translate_program",
    "SPECIAL_HANDLERS", "OpTranscriber", "is_supported",
]
