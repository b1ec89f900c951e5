"""Random small programs for the AOT tests: chains of elementwise ops, row reductions, broadcasts
and transposes over a [B, C] float32 feed, written as PIR text (the sizes drawn; B dynamic or not).
Transposes and reductions after them split the fused groups, so the compiled programs have several
kernels passing intermediates through the arena."""

from __future__ import annotations

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
