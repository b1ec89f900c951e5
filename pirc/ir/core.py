"""The PIR program structure (seed 000): values with intrusive use lists,
operations, blocks and regions.

* A :class:`Value` has exactly one definition (an :class:`OpResult` or a
  :class:`BlockArgument`) and a doubly linked list of its uses.
* An :class:`OpOperand` is one use: its ``value`` (source), ``next_use`` /
  ``prev_use`` links (``prev_use is None`` means "I am the head", the role of
  the seed's ``back_addr``) and its ``owner`` operation.  Adding and removing a
  use are O(1); :meth:`Value.replace_all_uses_with` walks the list once.
* An :class:`Operation` has a name, an :class:`OpInfo`, a sorted interned
  :class:`AttrDict`, operands, results, regions and a parent block.
* A :class:`Block` keeps its operations in an intrusive doubly linked list
  (O(1) insert, erase and move) and has positional arguments.
* A :class:`Region` holds blocks; regions nest to any depth.  Inner regions may
  use values of enclosing blocks (capture); the reverse is a verifier error.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from pirc.diagnostics import Location
from pirc.ir.attributes import AttrDict, Attribute, to_attr
from pirc.ir.opinfo import OpInfo, get_op_info
from pirc.ir.types import Type


class Value:
    __slots__ = ("first_use", "type")

    def __init__(self, type: Type) -> None:
        self.type = type
        self.first_use: OpOperand | None = None

    # -- uses --------------------------------------------------------------
    def uses(self) -> Iterator[OpOperand]:
        u = self.first_use
        while u is not None:
            nxt = u.next_use  # allow the caller to unlink u
            yield u
            u = nxt

    def users(self) -> Iterator[Operation]:
        for u in self.uses():
            yield u.owner

    def has_uses(self) -> bool:
        return self.first_use is not None

    def has_one_use(self) -> bool:
        u = self.first_use
        return u is not None and u.next_use is None

    def use_count(self) -> int:
        """O(number of uses)."""
        n = 0
        u = self.first_use
        while u is not None:
            n += 1
            u = u.next_use
        return n

    def replace_all_uses_with(self, new: Value) -> None:
        if new is self:
            return
        u = self.first_use
        while u is not None:
            nxt = u.next_use
            u.set(new)
            u = nxt

    def replace_uses_if(self, new: Value, pred: Any) -> None:
        for u in list(self.uses()):
            if pred(u):
                u.set(new)

    @property
    def defining_op(self) -> Operation | None:
        return None

    @property
    def parent_block(self) -> Block | None:
        raise NotImplementedError


class OpResult(Value):
    __slots__ = ("index", "owner")

    def __init__(self, type: Type, owner: Operation, index: int) -> None:
        self.type = type
        self.first_use = None
        self.owner = owner
        self.index = index

    @property
    def defining_op(self) -> Operation:
        return self.owner

    @property
    def parent_block(self) -> Block | None:
        return self.owner.parent

    def __repr__(self) -> str:
        return f"<OpResult #{self.index} of {self.owner.name}: {self.type}>"


class BlockArgument(Value):
    __slots__ = ("attrs", "block", "index")

    def __init__(self, type: Type, block: Block, index: int, attrs: AttrDict = AttrDict.EMPTY) -> None:
        self.type = type
        self.first_use = None
        self.block = block
        self.index = index
        self.attrs = attrs

    @property
    def parent_block(self) -> Block:
        return self.block

    def __repr__(self) -> str:
        return f"<BlockArgument #{self.index}: {self.type}>"


class OpOperand:
    """One use of a value by an operation (a node of the value's use list)."""

    __slots__ = ("index", "next_use", "owner", "prev_use", "value")

    def __init__(self, value: Value | None, owner: Operation, index: int) -> None:
        self.owner = owner
        self.index = index
        self.value = value
        self.prev_use: OpOperand | None = None
        if value is not None:
            head = value.first_use
            self.next_use = head
            if head is not None:
                head.prev_use = self
            value.first_use = self
        else:
            self.next_use = None

    def _unlink(self) -> None:
        v = self.value
        if v is None:
            return
        nxt, prv = self.next_use, self.prev_use
        if prv is None:
            v.first_use = nxt
        else:
            prv.next_use = nxt
        if nxt is not None:
            nxt.prev_use = prv
        self.next_use = self.prev_use = None

    def set(self, value: Value | None) -> None:
        self._unlink()
        self.value = value
        if value is not None:
            head = value.first_use
            self.next_use = head
            if head is not None:
                head.prev_use = self
            value.first_use = self

    def __repr__(self) -> str:
        return f"<OpOperand #{self.index} of {self.owner.name}>"


class Operation:
    __slots__ = (
        "attrs",
        "info",
        "loc",
        "name",
        "next_op",
        "operands",
        "parent",
        "prev_op",
        "regions",
        "results",
    )

    def __init__(
        self,
        name: str,
        operands: Sequence[Value | None] = (),
        result_types: Sequence[Type] = (),
        attrs: AttrDict = AttrDict.EMPTY,
        num_regions: int = 0,
        loc: Location | None = None,
        info: OpInfo | None = None,
    ) -> None:
        self.name = name
        self.info = info or get_op_info(name)
        self.attrs = attrs
        self.operands = [OpOperand(v, self, i) for i, v in enumerate(operands)] if operands else []
        self.results = tuple([OpResult(t, self, i) for i, t in enumerate(result_types)]) if result_types else ()
        self.regions = tuple([Region(self) for _ in range(num_regions)]) if num_regions else ()
        self.parent: Block | None = None
        self.prev_op: Operation | None = None
        self.next_op: Operation | None = None
        self.loc = loc

    @classmethod
    def create(
        cls,
        name: str,
        operands: Sequence[Value | None] = (),
        result_types: Sequence[Type] = (),
        attrs: dict[str, Any] | AttrDict | None = None,
        num_regions: int = 0,
        loc: Location | None = None,
    ) -> Operation:
        """Convenience constructor taking attributes as Python values."""
        if attrs is None:
            ad = AttrDict.EMPTY
        elif isinstance(attrs, AttrDict):
            ad = attrs
        else:
            ad = AttrDict.get({k: to_attr(v) for k, v in attrs.items()})
        return cls(name, operands, result_types, ad, num_regions, loc)

    # -- accessors -----------------------------------------------------------
    @property
    def dialect(self) -> str:
        return self.name.split(".", 1)[0]

    def operand(self, i: int) -> Value | None:
        return self.operands[i].value

    def operand_values(self) -> list[Value | None]:
        return [o.value for o in self.operands]

    def result(self, i: int = 0) -> OpResult:
        return self.results[i]

    @property
    def num_operands(self) -> int:
        return len(self.operands)

    @property
    def num_results(self) -> int:
        return len(self.results)

    def attr(self, key: str, default: Any = None) -> Any:
        """The attribute's Python value, or ``default``."""
        a = self.attrs.get_attr(key)
        return default if a is None else a.value

    def set_attr(self, key: str, value: Any) -> None:
        self.attrs = self.attrs.with_attr(key, to_attr(value))

    def set_attr_raw(self, key: str, attr: Attribute) -> None:
        self.attrs = self.attrs.with_attr(key, attr)

    def has_trait(self, trait: str) -> bool:
        return trait in self.info.traits

    @property
    def parent_op(self) -> Operation | None:
        b = self.parent
        if b is None or b.parent is None:
            return None
        return b.parent.parent

    # -- mutation --------------------------------------------------------------
    def set_operands(self, values: Sequence[Value | None]) -> None:
        for o in self.operands:
            o._unlink()
        self.operands = [OpOperand(v, self, i) for i, v in enumerate(values)]

    def drop_all_uses_of_operands(self) -> None:
        for o in self.operands:
            o._unlink()
            o.value = None
        for r in self.regions:
            for b in r.blocks:
                for op in b.ops:
                    op.drop_all_uses_of_operands()

    def detach(self) -> Operation:
        if self.parent is not None:
            self.parent._unlink(self)
        return self

    def erase(self) -> None:
        """Remove from the block and drop its operand uses; results must be unused."""
        for r in self.results:
            if r.first_use is not None:
                raise ValueError(f"cannot erase {self.name}: result #{r.index} still has uses")
        self.detach()
        self.drop_all_uses_of_operands()

    # -- traversal -------------------------------------------------------------
    def walk(self) -> Iterator[Operation]:
        """Pre-order walk of this op and every op nested in its regions (iterative)."""
        stack: list[Operation] = [self]
        while stack:
            op = stack.pop()
            yield op
            nested: list[Operation] = []
            for r in op.regions:
                for b in r.blocks:
                    nested.extend(b.ops)
            stack.extend(reversed(nested))

    def is_ancestor_of(self, other: Operation) -> bool:
        o: Operation | None = other
        while o is not None:
            if o is self:
                return True
            o = o.parent_op
        return False

    def clone(self, mapping: dict[Value, Value] | None = None) -> Operation:
        """Deep copy; operands are remapped through ``mapping`` (updated with the new results)."""
        m = {} if mapping is None else mapping
        new = Operation(
            self.name, [m.get(v, v) if v is not None else None for v in self.operand_values()],
            [r.type for r in self.results], self.attrs, len(self.regions), self.loc, self.info,
        )
        for old_r, new_r in zip(self.results, new.results, strict=True):
            m[old_r] = new_r
        for old_reg, new_reg in zip(self.regions, new.regions, strict=True):
            for b in old_reg.blocks:
                nb = new_reg.add_block()
                for a in b.args:
                    m[a] = nb.add_arg(a.type, a.attrs)
                for op in b.ops:
                    nb.append(op.clone(m))
        return new

    def __repr__(self) -> str:
        return f"<Operation {self.name} at {self.loc}>" if self.loc else f"<Operation {self.name}>"


class Block:
    __slots__ = ("args", "first_op", "kwargs", "last_op", "parent")

    def __init__(self, parent: Region | None = None) -> None:
        self.args: list[BlockArgument] = []
        self.kwargs: dict[str, BlockArgument] = {}
        self.first_op: Operation | None = None
        self.last_op: Operation | None = None
        self.parent = parent

    def add_arg(self, type: Type, attrs: AttrDict = AttrDict.EMPTY) -> BlockArgument:
        a = BlockArgument(type, self, len(self.args), attrs)
        self.args.append(a)
        return a

    @property
    def ops(self) -> Iterator[Operation]:
        op = self.first_op
        while op is not None:
            nxt = op.next_op
            yield op
            op = nxt

    def ops_reversed(self) -> Iterator[Operation]:
        op = self.last_op
        while op is not None:
            prv = op.prev_op
            yield op
            op = prv

    def __len__(self) -> int:
        n = 0
        op = self.first_op
        while op is not None:
            n += 1
            op = op.next_op
        return n

    @property
    def is_empty(self) -> bool:
        return self.first_op is None

    @property
    def parent_op(self) -> Operation | None:
        return self.parent.parent if self.parent is not None else None

    def append(self, op: Operation) -> Operation:
        if op.parent is not None:
            op.detach()
        op.parent = self
        last = self.last_op
        op.prev_op = last
        op.next_op = None
        if last is None:
            self.first_op = op
        else:
            last.next_op = op
        self.last_op = op
        return op

    def extend(self, ops: Iterable[Operation]) -> None:
        for op in ops:
            self.append(op)

    def insert_before(self, op: Operation, anchor: Operation) -> Operation:
        """Move or insert ``op`` right before ``anchor``; inserting an op next to itself is a no-op
        (it would link the op to itself and make the block's list endless)."""
        assert anchor.parent is self, "anchor is not in this block"
        if op is anchor:
            return op
        if op.parent is not None:
            op.detach()
        op.parent = self
        prv = anchor.prev_op
        op.prev_op, op.next_op = prv, anchor
        anchor.prev_op = op
        if prv is None:
            self.first_op = op
        else:
            prv.next_op = op
        return op

    def insert_after(self, op: Operation, anchor: Operation) -> Operation:
        assert anchor.parent is self, "anchor is not in this block"
        if op is anchor:
            return op
        nxt = anchor.next_op
        if nxt is op:
            return op
        if nxt is None:
            return self.append(op)
        return self.insert_before(op, nxt)

    def _unlink(self, op: Operation) -> None:
        prv, nxt = op.prev_op, op.next_op
        if prv is None:
            self.first_op = nxt
        else:
            prv.next_op = nxt
        if nxt is None:
            self.last_op = prv
        else:
            nxt.prev_op = prv
        op.prev_op = op.next_op = None
        op.parent = None

    def walk(self) -> Iterator[Operation]:
        for op in self.ops:
            yield from op.walk()


class Region:
    __slots__ = ("blocks", "parent")

    def __init__(self, parent: Operation | None = None) -> None:
        self.blocks: list[Block] = []
        self.parent = parent

    def add_block(self) -> Block:
        b = Block(self)
        self.blocks.append(b)
        return b

    @property
    def block(self) -> Block:
        """The single block of the region (created on demand)."""
        if not self.blocks:
            return self.add_block()
        return self.blocks[0]

    def walk(self) -> Iterator[Operation]:
        for b in self.blocks:
            yield from b.walk()

