"""Property tests (Hypothesis) for the PIR text format: on generated programs with hostile
names and attribute values, the fast line reader and the Lark grammar build the same IR (or
report the same error), and printed text reads back to the same IR -- plain and legacy style,
verified or not."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from fuzz_targets import check_pir_text, mutate, run_one, seeds
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from pirc.ir.attributes import FloatAttr
from pirc.text.parser import parse_attr_dict, parse_program
from pirc.text.printer import print_program

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_name_chars = st.characters(codec="utf-8", exclude_characters="\x00\n")
_names = st.one_of(
    st.sampled_from(["pd_op.relu", "pd_op.add", "pd_op.if", "pd_op.while", "cinn_op.group", "builtin.parameter"]),
    st.text(_name_chars, min_size=1, max_size=12).map(lambda s: "pd_op." + s),
    st.text(st.sampled_from('ab"\\.% {}()'), min_size=1, max_size=8),
)


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


_ints = st.one_of(st.integers(-(2**63), 2**63 - 1), st.integers(-(2**70), 2**70), st.sampled_from([0, -1, 1]))
_floats = st.floats(allow_nan=True, allow_infinity=True, width=64)
_scalars = st.one_of(
    _ints.map(str),
    _floats.map(lambda f: "%g" % f if math.isfinite(f) else ("nan" if math.isnan(f) else ("inf" if f > 0 else "-inf"))),
    _floats.map(repr),
    st.sampled_from(["-0", "-0.0", "true", "false", "float32", "NCHW", "Place(cpu)", "Undefined(AnyLayout)",
                     "<#AttrNotImplemented>", "1e999", "-nan", "Undefined", "tensor<2xf32>"]),
    st.text(_name_chars, max_size=10).map(_quote),
)
_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4).map(lambda xs: "[" + ",".join(xs) + "]"),
                       max_leaves=6)
_keys = st.one_of(st.sampled_from(["value", "axis", "name", "stop_gradient", "a.b", "_x"]),
                  st.from_regex(r"[a-z_][a-z0-9_.]{0,4}", fullmatch=True), st.sampled_from(["9a", ".x", 'a"b']))
_attr_dicts = st.dictionaries(_keys, _values, max_size=4).map(
    lambda d: "{" + ",".join(f"{k}:{v}" for k, v in d.items()) + "}")
_dims = st.lists(st.one_of(*[st.integers(-1, 8)] * 6, st.sampled_from([2**62, 2**63 - 1, 2**63, 0])), max_size=3)
_types = st.tuples(_dims, st.sampled_from(["f32", "f32", "i64", "b", "f16", "xyz"])).map(
    lambda t: "tensor<" + "".join(f"{d}x" for d in t[0]) + t[1] + ">")


@st.composite
def programs(draw: st.DrawFn) -> str:
    lines = ["{"]
    defined: list[str] = []
    for i in range(draw(st.integers(1, 5))):
        n_in = draw(st.integers(0, min(2, len(defined))))
        ins = [draw(st.sampled_from(defined)) for _ in range(n_in)] if defined else []
        in_types = [draw(_types) for _ in ins]
        out_t = draw(_types)
        attrs = draw(_attr_dicts)
        name = _quote(draw(_names))
        lines.append(f"    (%{i}) = {name} ({', '.join(ins)}) {attrs} : ({', '.join(in_types)}) -> {out_t}")
        defined.append(f"%{i}")
    if draw(st.booleans()):  # a loop with a body argument, or an if with two regions
        c = draw(st.sampled_from(defined))
        t = draw(_types)
        if draw(st.booleans()):
            lines += [f'    (%w) = "pd_op.while" (cond={c}, inputs={c}) {{ ',
                      f"    ^%arg_0 {draw(_attr_dicts)}",
                      f'        () = "cf.yield" ({c}, %arg_0) {{}} : ({t}, {t}) -> ',
                      "    }"]
        else:
            lines += [f'    (%f) = "pd_op.if" ({c}) {draw(_attr_dicts)} -> {t} {{',
                      f'        () = "cf.yield" ({c}) {{}} : ({t}) -> ',
                      "    } else {",
                      f'        () = "cf.yield" ({c}) {{}} : ({t}) -> ',
                      "    }"]
    lines.append("}")
    return "\n".join(lines) + "\n"


@SETTINGS
@given(programs())
def test_readers_agree_and_printing_round_trips(text: str) -> None:
    assert check_pir_text(text) in ("ok", "diagnostic")


@SETTINGS
@given(st.text(st.sampled_from('{}()[]%^",:=-> \n\tx0.\\<>'), max_size=60))
def test_readers_agree_on_arbitrary_text(text: str) -> None:
    assert check_pir_text("{\n" + text + "\n}\n") in ("ok", "diagnostic")


@SETTINGS
@given(_floats)
def test_float_attributes_keep_their_sign_and_kind(x: float) -> None:
    a = FloatAttr.get(x)
    back = parse_attr_dict("{v:" + a.text + "}")["v"]
    assert back.text == a.text
    if x == 0.0 or (math.isfinite(x) and "." not in a.text and "e" not in a.text):
        # integral floats print as Paddle prints them ("5", "-0"); -0.0 must stay a float -0.0
        if x == 0.0 and math.copysign(1.0, x) < 0:
            assert isinstance(back, FloatAttr) and math.copysign(1.0, back.value) < 0


def test_negative_zero_float_round_trips_through_a_program() -> None:
    text = ('{\n    (%0) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],value:-0} '
            ": () -> tensor<1xf32>\n}\n")
    for fast in (True, False):
        p = parse_program(text, fast=fast)
        v = p.block.first_op.attrs["value"]
        assert isinstance(v, FloatAttr) and math.copysign(1.0, v.value) < 0
        assert print_program(p) == text


# -- every target: Hypothesis drives the corpus mutator (so a failure shrinks to few choices) --------

_POOLS: dict[str, list[bytes]] = {}


@pytest.mark.parametrize("target", ["pir", "ast", "model", "feeds"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rnd=st.randoms(use_true_random=False), depth=st.integers(1, 6))
def test_mutated_corpus_inputs(target: str, rnd: random.Random, depth: int) -> None:
    pool = _POOLS.setdefault(target, seeds(target))
    data = rnd.choice(pool)
    for _ in range(depth):
        data = mutate(data, rnd, pool, target)
    cls, detail = run_one(target, data)
    assert cls in ("ok", "diagnostic"), detail


@settings(max_examples=60, deadline=None)
@given(arrays=st.dictionaries(
    st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True),
    hnp.arrays(st.sampled_from(["float32", "float64", "int64", "int32", "bool", "uint8", "float16", ">f4"]),
               hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4)),
    max_size=3))
def test_feed_files_read_back_exactly(arrays: dict) -> None:
    import io

    from pirc.runtime.feeds import read_feed_file

    b = io.BytesIO()
    np.savez(b, **arrays)
    got = read_feed_file(io.BytesIO(b.getvalue()))
    assert sorted(got) == sorted(arrays)
    for k, a in arrays.items():
        assert got[k].dtype == a.dtype and got[k].shape == a.shape
        np.testing.assert_array_equal(got[k], a)
