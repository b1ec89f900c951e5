"""Passes, the pass registry, the textual pipeline and the pass manager.

A pass is a small class with a ``name`` and options declared as dataclass
fields; on the command line it is written ``name{opt=1 other=true}`` inside a
comma-separated pipeline, optionally wrapped in MLIR's root anchor:
``builtin.module(dce,cse)``.  A *pipeline name* (``build_cinn``) expands to
several passes.

The manager runs the passes in order and calls instrumentation hooks around
each one: IR printing before/after (MLIR's ``// -----// IR Dump After X (x)
//----- //`` headers), verification after each pass, and timing.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pirc.diagnostics import Diagnostic, PircError
from pirc.ir.program import Program


class Pass:
    """Base class: subclasses are dataclasses whose fields are the pass options."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    #: the values a string option may take (checked as the pipeline is parsed: a command-line error)
    choices: ClassVar[dict[str, tuple[str, ...]]] = {}

    def run(self, program: Program) -> None:
        raise NotImplementedError

    @property
    def title(self) -> str:
        return type(self).__name__

    def spec(self) -> str:
        opts = [
            f"{f.name.replace('_', '-')}={_fmt_opt(getattr(self, f.name))}"
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != f.default
        ] if dataclasses.is_dataclass(self) else []
        return self.name + ("{" + " ".join(opts) + "}" if opts else "")


def _fmt_opt(v: Any) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


PASSES: dict[str, type[Pass]] = {}
PIPELINES: dict[str, tuple[str, str]] = {}  # name -> (pipeline text, summary)


def register_pass(cls: type[Pass]) -> type[Pass]:
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name")
    PASSES[cls.name] = cls
    return cls


def register_pipeline(name: str, text: str, summary: str) -> None:
    PIPELINES[name] = (text, summary)


class PipelineError(ValueError):
    """A malformed --pass-pipeline (a command-line error, exit status 2)."""


def _split_top(text: str, sep: str = ",") -> list[str]:
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "({":
            depth += 1
        elif ch in ")}":
            depth -= 1
            if depth < 0:
                raise PipelineError(f"unbalanced '{ch}' in pass pipeline '{text}'")
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if depth != 0:
        raise PipelineError(f"unbalanced brackets in pass pipeline '{text}'")
    parts.append("".join(cur))
    return [p.strip() for p in parts if p.strip()]


def _coerce(raw: str, f: dataclasses.Field[Any], pass_name: str) -> Any:
    typ = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
    try:
        if "bool" in typ:
            if raw.lower() in ("1", "true", "yes", "on", ""):
                return True
            if raw.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(raw)
        if "int" in typ:
            return int(raw)
        if "float" in typ:
            return float(raw)
    except ValueError:
        raise PipelineError(f"option '{f.name}' of pass '{pass_name}' expects a {typ}, got '{raw}'") from None
    return raw


def _make_pass(element: str) -> list[Pass]:
    name, _, rest = element.partition("{")
    name = name.strip()
    opts: dict[str, str] = {}
    if rest:
        if not rest.endswith("}"):
            raise PipelineError(f"expected '}}' at the end of the options of '{name}'")
        for item in rest[:-1].replace(",", " ").split():
            k, _, v = item.partition("=")
            opts[k.strip()] = v.strip()
    if name in PIPELINES and name not in PASSES:
        passes = parse_pipeline(PIPELINES[name][0])
        if opts:
            _apply_pipeline_options(name, passes, opts)
        return passes
    cls = PASSES.get(name)
    if cls is None:
        known = ", ".join(sorted(set(PASSES) | set(PIPELINES)))
        guess = did_you_mean(name)
        raise PipelineError(f"unknown pass or pipeline '{name}'{guess} (known: {known})")
    fields = {f.name: f for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else {}
    kwargs: dict[str, Any] = {}
    for k, v in opts.items():
        key = k.replace("-", "_")
        if key not in fields:
            allowed = ", ".join(f.replace("_", "-") for f in fields) or "none"
            raise PipelineError(f"pass '{name}' has no option '{k}' (options: {allowed})")
        kwargs[key] = _check_choice(cls, key, _coerce(v, fields[key], name))
    return [cls(**kwargs)]


def did_you_mean(name: str) -> str:
    """``; did you mean 'cse'?`` for a near miss of a pass or pipeline name, else ``""``."""
    import difflib

    close = difflib.get_close_matches(name, sorted(set(PASSES) | set(PIPELINES)), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def pass_options(cls: type[Pass]) -> list[str]:
    """``name=default`` of each option of a pass (``target=cuda|c`` where the values are fixed)."""
    if not dataclasses.is_dataclass(cls):
        return []
    out = []
    for f in dataclasses.fields(cls):
        if f.name.startswith("_") or not f.init:
            continue
        default = f.default if f.default is not dataclasses.MISSING else None
        allowed = cls.choices.get(f.name)
        shown = "|".join(allowed) if allowed else _fmt_opt(default) if default is not None else ""
        out.append(f"{f.name.replace('_', '-')}={shown}")
    return out


def _check_choice(cls: type[Pass], key: str, value: Any) -> Any:
    allowed = cls.choices.get(key)
    if allowed is not None and value not in allowed:
        raise PipelineError(f"option '{key.replace('_', '-')}' of pass '{cls.name}' must be "
                            f"{' or '.join(allowed)}, got '{value}'")
    return value


def _apply_pipeline_options(name: str, passes: list[Pass], opts: dict[str, str]) -> None:
    """``pipeline{opt=v}``: set the option on every pass of the pipeline that has it."""
    for k, v in opts.items():
        key = k.replace("-", "_")
        hit = False
        for p in passes:
            fields = {f.name: f for f in dataclasses.fields(p)} if dataclasses.is_dataclass(p) else {}
            if key in fields:
                setattr(p, key, _check_choice(type(p), key, _coerce(v, fields[key], p.name)))
                hit = True
        if not hit:
            raise PipelineError(f"no pass of pipeline '{name}' has an option '{k}'")


def parse_pipeline(text: str) -> list[Pass]:
    """``dce,cse``, ``builtin.module(dce,cse{opt=1})`` -> pass instances."""
    text = text.strip()
    out: list[Pass] = []
    for element in _split_top(text):
        head, paren, body = element.partition("(")
        if paren and "{" not in head:
            if not body.endswith(")"):
                raise PipelineError(f"expected ')' to close '{head}('")
            anchor = head.strip()
            if anchor not in ("builtin.module", "any"):
                raise PipelineError(f"passes can only be anchored on 'builtin.module', not '{anchor}'")
            out.extend(parse_pipeline(body[:-1]))
        else:
            out.extend(_make_pass(element))
    return out


@dataclass(slots=True)
class PassStatistic:
    """The ops of each kind before and after one pass (``--pass-statistics``)."""

    spec: str
    before: dict[str, int]
    after: dict[str, int]

    def changes(self) -> str:
        """``-3 pd_op.add, +1 cinn_op.group``: the kinds whose count changed, fewest first."""
        delta = {k: self.after.get(k, 0) - self.before.get(k, 0) for k in set(self.before) | set(self.after)}
        parts = [f"{d:+d} {k}" for k, d in sorted(delta.items(), key=lambda kv: (kv[1], kv[0])) if d]
        return ", ".join(parts)


def _op_counts(program: Program) -> dict[str, int]:
    counts: dict[str, int] = {}
    for op in program.walk():
        counts[op.name] = counts.get(op.name, 0) + 1
    return counts


def _print(program: Program) -> str:
    from pirc.text.printer import print_program

    return print_program(program)


@dataclass(slots=True)
class PassTiming:
    name: str
    seconds: float


@dataclass
class Instrumentation:
    """What the manager does around each pass."""

    print_before: set[str] = field(default_factory=set)
    print_after: set[str] = field(default_factory=set)
    print_before_all: bool = False
    print_after_all: bool = False
    verify_each: bool = True
    dump: Callable[[str, Program], None] | None = None  # (header, program)
    verify: Callable[[Program], list[Diagnostic]] | None = None
    print_after_change: bool = False  # print after a pass only when it changed the IR (mlir-opt's)
    statistics: bool = False  # count the ops each pass erased and created (PassManager.statistics)


class PassManager:
    def __init__(self, passes: list[Pass], instrumentation: Instrumentation | None = None) -> None:
        self.passes = passes
        self.inst = instrumentation or Instrumentation()
        self.timings: list[PassTiming] = []
        self.statistics: list[PassStatistic] = []

    def run(self, program: Program) -> None:
        from pirc.progress import progress

        with progress("running passes", len(self.passes), min_total=2) as advance:
            for p in self.passes:
                self._run_one(p, program)
                advance(1)

    def _run_one(self, p: Pass, program: Program) -> None:
        inst = self.inst
        label = f"{p.title} ({p.name})"
        if inst.dump and (inst.print_before_all or p.name in inst.print_before):
            inst.dump(f"// -----// IR Dump Before {label} //----- //", program)
        before = _print(program) if inst.print_after_change and inst.dump else None
        counts = _op_counts(program) if inst.statistics else None
        t0 = time.perf_counter()
        p.run(program)
        self.timings.append(PassTiming(p.name, time.perf_counter() - t0))
        if counts is not None:
            self.statistics.append(PassStatistic(p.spec(), counts, _op_counts(program)))
        if inst.verify_each and inst.verify is not None:
            t0 = time.perf_counter()
            diags = inst.verify(program)
            self.timings.append(PassTiming(f"verify after {p.name}", time.perf_counter() - t0))
            if diags:
                first = diags[0]
                first.note(f"the program no longer verifies after pass '{p.name}'")
                raise PircError(diags)
        if inst.dump and (inst.print_after_all or p.name in inst.print_after):
            inst.dump(f"// -----// IR Dump After {label} //----- //", program)
        elif before is not None and inst.dump is not None and _print(program) != before:
            inst.dump(f"// -----// IR Dump After {label} //----- //", program)
