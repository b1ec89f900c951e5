"""Random small programs for the AOT tests: chains of elementwise ops, row reductions, broadcasts
and transposes over a [B, C] float32 feed, written as PIR text (the sizes drawn; B dynamic or not).
Transposes and reductions after them split the fused groups, so the compiled programs have several
kernels passing intermediates through the arena."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

UNARY = ("exp", "relu", "abs", "tanh", "square")
BINARY = ("add", "multiply", "maximum", "subtract")
REDUCE = ("amax", "amin", "sum")

Shape = tuple[str, str]  # each dim "B", "C" or "1"


@st.composite
def chain_programs(draw: st.DrawFn) -> tuple[str, int, int, bool]:
    """(PIR text, B, C, dynamic batch) of a random chain; every value no later op reads is fetched."""
    b = draw(st.integers(1, 5))
    c = draw(st.integers(2, 9))
    dyn = draw(st.booleans())
    size = {"B": "-1" if dyn else str(b), "C": str(c), "1": "1"}

    def ty(s: Shape) -> str:
        return f"tensor<{size[s[0]]}x{size[s[1]]}xf32>"

    shapes: dict[int, Shape] = {0: ("B", "C")}
    lines = [f'    (%0) = "pd_op.data" () {{dtype:float32,name:"x",place:Place(undefined:0),shape:[{size["B"]},{c}],'
             f'stop_gradient:[true]}} : () -> {ty(shapes[0])}']
    used: set[int] = set()
    n = 1
    for _ in range(draw(st.integers(1, 9))):
        vals = sorted(shapes)
        a = draw(st.sampled_from(vals))
        sa = shapes[a]
        rows = [v for v in vals if shapes[v] == (sa[0], "1") and sa[1] != "1"]
        same = [v for v in vals if shapes[v] == sa]
        choices = ["unary", "binary", "transpose"] + (["reduce"] if sa[1] != "1" else []) + (["bcast"] if rows else [])
        what = draw(st.sampled_from(choices))
        used.add(a)
        if what == "unary":
            op = draw(st.sampled_from(UNARY))
            lines.append(f'    (%{n}) = "pd_op.{op}" (%{a}) {{stop_gradient:[true]}} : ({ty(sa)}) -> {ty(sa)}')
            shapes[n] = sa
        elif what == "binary":
            b2 = draw(st.sampled_from(same))
            used.add(b2)
            op = draw(st.sampled_from(BINARY))
            lines.append(f'    (%{n}) = "pd_op.{op}" (%{a}, %{b2}) {{stop_gradient:[true]}} : ({ty(sa)}, {ty(sa)}) -> {ty(sa)}')
            shapes[n] = sa
        elif what == "bcast":
            r = draw(st.sampled_from(rows))
            used.add(r)
            op = draw(st.sampled_from(BINARY))
            lines.append(f'    (%{n}) = "pd_op.{op}" (%{a}, %{r}) {{stop_gradient:[true]}} : ({ty(sa)}, {ty(shapes[r])}) '
                         f'-> {ty(sa)}')
            shapes[n] = sa
        elif what == "transpose":
            st_ = (sa[1], sa[0])
            lines.append(f'    (%{n}) = "pd_op.transpose" (%{a}) {{perm:[1,0],stop_gradient:[true]}} : ({ty(sa)}) -> {ty(st_)}')
            shapes[n] = st_
        else:
            op = draw(st.sampled_from(REDUCE))
            sr = (sa[0], "1")
            if op == "sum":
                lines.append(f'    (%{n}) = "pd_op.full_int_array" () {{dtype:int64,place:Place(cpu),stop_gradient:[true],'
                             f'value:[1]}} : () -> tensor<1xi64>')
                n += 1
                lines.append(f'    (%{n}) = "pd_op.sum" (%{a}, %{n - 1}) {{dtype:float32,keepdim:true,stop_gradient:[true]}} '
                             f': ({ty(sa)}, tensor<1xi64>) -> {ty(sr)}')
            else:
                lines.append(f'    (%{n}) = "pd_op.{op}" (%{a}) {{axis:[1],keepdim:true,stop_gradient:[true]}} '
                             f': ({ty(sa)}) -> {ty(sr)}')
            shapes[n] = sr
        n += 1
    col = 0
    for v in sorted(shapes):
        if v not in used and v != 0:
            t = ty(shapes[v])
            lines.append(f'    (%{n}) = "pd_op.fetch" (%{v}) {{col:{col},name:"out{col}",persistable:[true],'
                         f'stop_gradient:[true]}} : ({t}) -> {t}')
            n += 1
            col += 1
    return "{\n" + "\n".join(lines) + "\n}\n", b, c, dyn


@st.composite
def cnn_programs(draw: st.DrawFn) -> tuple[str, dict[str, np.ndarray], tuple[int, ...], bool]:
    """(PIR text, parameters, feed shape, dynamic batch) of a random small CNN in Paddle's
    pre-inference form: conv2d / depthwise_conv2d (+ bias add, + relu), max / avg pooling,
    elementwise activations, and optionally a classifier head (global pooling, flatten, matmul + bias)
    that the inference passes turn into fused convolutions and fc."""
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    n, c = draw(st.integers(1, 2)), draw(st.integers(1, 6))
    h, w = draw(st.integers(3, 12)), draw(st.integers(3, 12))
    dyn = draw(st.booleans())
    nt = "-1" if dyn else str(n)
    lines = [f'    (%0) = "pd_op.data" () {{dtype:float32,name:"x",place:Place(undefined:0),shape:[{nt},{c},{h},{w}],'
             f'stop_gradient:[true]}} : () -> tensor<{nt}x{c}x{h}x{w}xf32>']
    params: dict[str, np.ndarray] = {}
    pre: list[str] = []
    cur, k = 0, 1
    shape = [c, h, w]

    def ty(s: list[int]) -> str:
        return f"tensor<{nt}x{s[0]}x{s[1]}x{s[2]}xf32>"

    def param(shape_: tuple[int, ...]) -> int:
        nonlocal k
        name = f"p{len(params)}"
        params[name] = rng.uniform(-1, 1, shape_).astype(np.float32)
        t = "x".join(str(d) for d in shape_)
        pre.append(f'    (%P{len(params)}) = "builtin.parameter" () {{is_distributed:[false],is_parameter:[true],'
                   f'need_clip:[true],parameter_name:"{name}",persistable:[true],stop_gradient:[false],'
                   f'trainable:[true]}} : () -> tensor<{t}xf32>')
        return len(params)

    for _ in range(draw(st.integers(1, 5))):
        what = draw(st.sampled_from(["conv", "conv", "pool", "act"]))
        ci, hi, wi = shape
        if what == "conv":
            ks = draw(st.sampled_from([1, 3]))
            s = draw(st.sampled_from([1, 2]))
            p = draw(st.sampled_from([0, 1]))
            depthwise = ci > 1 and draw(st.booleans())
            o = ci if depthwise else draw(st.integers(1, 8))
            oh, ow = (hi + 2 * p - ks) // s + 1, (wi + 2 * p - ks) // s + 1
            if oh < 1 or ow < 1:
                continue
            wp = param((o, 1 if depthwise else ci, ks, ks))
            opn = "depthwise_conv2d" if depthwise else "conv2d"
            out = [o, oh, ow]
            lines.append(f'    (%{k}) = "pd_op.{opn}" (%{cur}, %P{wp}) {{data_format:"NCHW",dilations:[1,1],'
                         f'groups:{ci if depthwise else 1},padding_algorithm:"EXPLICIT",paddings:[{p},{p}],'
                         f'stop_gradient:[false],strides:[{s},{s}]}} : ({ty(shape)}, tensor<{o}x{1 if depthwise else ci}x'
                         f'{ks}x{ks}xf32>) -> {ty(out)}')
            cur, k, shape = k, k + 1, out
            if draw(st.booleans()):
                bp = param((1, o, 1, 1))
                lines.append(f'    (%{k}) = "pd_op.add" (%{cur}, %P{bp}) {{stop_gradient:[false]}} : ({ty(shape)}, '
                             f'tensor<1x{o}x1x1xf32>) -> {ty(shape)}')
                cur, k = k, k + 1
            if draw(st.booleans()):
                lines.append(f'    (%{k}) = "pd_op.relu" (%{cur}) {{stop_gradient:[false]}} : ({ty(shape)}) -> {ty(shape)}')
                cur, k = k, k + 1
        elif what == "pool":
            if hi < 2 or wi < 2:
                continue
            kind = draw(st.sampled_from(["max", "avg"]))
            out = [ci, hi // 2, wi // 2]
            lines.append(f'    (%{k}) = "pd_op.full_int_array" () {{dtype:int64,place:Place(cpu),stop_gradient:[true],'
                         f'value:[2,2]}} : () -> tensor<2xi64>')
            lines.append(f'    (%{k + 1}) = "pd_op.pool2d" (%{cur}, %{k}) {{adaptive:false,ceil_mode:false,'
                         f'data_format:"NCHW",exclusive:true,global_pooling:false,padding_algorithm:"EXPLICIT",'
                         f'paddings:[0,0],pooling_type:"{kind}",stop_gradient:[false],strides:[2,2]}} : '
                         f'({ty(shape)}, tensor<2xi64>) -> {ty(out)}')
            cur, k, shape = k + 1, k + 2, out
        else:
            op = draw(st.sampled_from(["tanh", "abs", "exp", "relu"]))
            lines.append(f'    (%{k}) = "pd_op.{op}" (%{cur}) {{stop_gradient:[false]}} : ({ty(shape)}) -> {ty(shape)}')
            cur, k = k, k + 1
    if draw(st.booleans()):  # classifier head
        ci = shape[0]
        classes = draw(st.integers(1, 7))
        lines.append(f'    (%{k}) = "pd_op.full_int_array" () {{dtype:int64,place:Place(cpu),stop_gradient:[true],'
                     f'value:[1,1]}} : () -> tensor<2xi64>')
        lines.append(f'    (%{k + 1}) = "pd_op.pool2d" (%{cur}, %{k}) {{adaptive:true,ceil_mode:false,data_format:"NCHW",'
                     f'exclusive:true,global_pooling:false,padding_algorithm:"EXPLICIT",paddings:[0,0],'
                     f'pooling_type:"avg",stop_gradient:[false],strides:[1,1]}} : ({ty(shape)}, tensor<2xi64>) -> '
                     f'{ty([ci, 1, 1])}')
        lines.append(f'    (%{k + 2}) = "pd_op.flatten" (%{k + 1}) {{start_axis:1,stop_axis:3,stop_gradient:[false]}} : '
                     f'({ty([ci, 1, 1])}) -> tensor<{nt}x{ci}xf32>')
        wp, bp = param((ci, classes)), param((classes,))
        lines.append(f'    (%{k + 3}) = "pd_op.matmul" (%{k + 2}, %P{wp}) {{stop_gradient:[false],transpose_x:false,'
                     f'transpose_y:false}} : (tensor<{nt}x{ci}xf32>, tensor<{ci}x{classes}xf32>) -> tensor<{nt}x{classes}xf32>')
        lines.append(f'    (%{k + 4}) = "pd_op.add" (%{k + 3}, %P{bp}) {{stop_gradient:[false]}} : '
                     f'(tensor<{nt}x{classes}xf32>, tensor<{classes}xf32>) -> tensor<{nt}x{classes}xf32>')
        cur, k = k + 4, k + 5
        t = f"tensor<{nt}x{classes}xf32>"
    else:
        t = ty(shape)
    lines.append(f'    (%{k}) = "pd_op.fetch" (%{cur}) {{col:0,name:"y",persistable:[true],stop_gradient:[true]}} : ({t}) '
                 f'-> {t}')
    text = "{\n" + "\n".join(pre + lines) + "\n}\n"
    for i in range(len(params), 0, -1):  # parameters get value numbers after the body's
        text = text.replace(f"%P{i})", f"%{k + i})").replace(f"%P{i},", f"%{k + i},").replace(f"(%P{i}", f"(%{k + i}")
    return text, params, (n, c, h, w), dyn
