"""Architectures of bench/zoo_paddle.py beyond ``paddle.vision.models`` (issue 27: a broad model set).

Each is a ``paddle.nn.Layer`` built in static mode by bench/zoo_paddle.py (imported there, run under the
Paddle interpreter): a ViT, a GPT-style decoder (whole sequence, and one decode step against a KV cache),
Swin stages (shifted windows), a segmentation UNet, a diffusion UNet with a timestep embedding, a
mixture-of-experts transformer layer, a DLRM-style recommender, a Conformer speech encoder and an
FPN-style detection head.  Constants an exported model carries as buffers (relative-position indices,
the shifted-window region map) are ``paddle.to_tensor`` constants of the program.
"""

from __future__ import annotations

import math

import numpy as np
import paddle
import paddle.nn.functional as F
from paddle import nn


def _normal(std: float = 0.02) -> nn.initializer.Normal:
    return nn.initializer.Normal(std=std)


class Attention(nn.Layer):
    """Multi-head self-attention written out: one fused qkv projection, split into heads, scaled dot
    product, an optional additive mask / boolean causal mask, output projection."""

    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.heads, self.dh = heads, dim // heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, causal: bool = False):
        b, t, c = x.shape
        qkv = self.qkv(x).reshape([b, t, 3, self.heads, self.dh]).transpose([2, 0, 3, 1, 4])
        q, k, v = qkv[0], qkv[1], qkv[2]
        s = paddle.matmul(q, k, transpose_y=True) * (self.dh ** -0.5)
        if causal:  # masked fill of the strict upper triangle
            upper = paddle.triu(paddle.ones([t, t], dtype="float32"), diagonal=1)
            s = paddle.where(upper > 0, paddle.full_like(s, -1e9), s)
        o = paddle.matmul(F.softmax(s, axis=-1), v)
        return self.proj(o.transpose([0, 2, 1, 3]).reshape([b, t, c]))


class Mlp(nn.Sequential):
    def __init__(self, dim: int, hidden: int) -> None:
        super().__init__(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))


class PreNormBlock(nn.Layer):
    def __init__(self, dim: int, heads: int, hidden: int) -> None:
        super().__init__()
        self.n1, self.attn = nn.LayerNorm(dim), Attention(dim, heads)
        self.n2, self.mlp = nn.LayerNorm(dim), Mlp(dim, hidden)

    def forward(self, x, causal: bool = False):
        x = x + self.attn(self.n1(x), causal)
        return x + self.mlp(self.n2(x))


class ViT(nn.Layer):
    """ViT-Tiny/16: conv patch embedding, class token, learnt position embedding, 12 pre-norm blocks
    (192 wide, 3 heads, gelu MLP 768), final norm, linear head on the class token."""

    def __init__(self, image: int = 224, patch: int = 16, dim: int = 192, depth: int = 12, heads: int = 3,
                 classes: int = 1000) -> None:
        super().__init__()
        n = (image // patch) ** 2
        self.embed = nn.Conv2D(3, dim, patch, stride=patch)
        self.cls = self.create_parameter([1, 1, dim], default_initializer=_normal())
        self.pos = self.create_parameter([1, n + 1, dim], default_initializer=_normal())
        self.blocks = nn.LayerList([PreNormBlock(dim, heads, 4 * dim) for _ in range(depth)])
        self.norm, self.head = nn.LayerNorm(dim), nn.Linear(dim, classes)

    def forward(self, x):
        x = self.embed(x).flatten(2).transpose([0, 2, 1])
        x = paddle.concat([self.cls.expand([x.shape[0], 1, x.shape[2]]), x], axis=1) + self.pos
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x)[:, 0])


class GPTDecoder(nn.Layer):
    """A GPT-style causal decoder: token + position embeddings, pre-norm blocks with a causal mask
    (paddle.triu, masked fill), final norm, language-model head tied to the token embedding."""

    def __init__(self, vocab: int = 8192, dim: int = 384, depth: int = 6, heads: int = 6, max_len: int = 256) -> None:
        super().__init__()
        self.tok, self.pos = nn.Embedding(vocab, dim), nn.Embedding(max_len, dim)
        self.blocks = nn.LayerList([PreNormBlock(dim, heads, 4 * dim) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)

    def forward(self, ids, pos):
        x = self.tok(ids) + self.pos(pos)
        for blk in self.blocks:
            x = blk(x, causal=True)
        return paddle.matmul(self.norm(x), self.tok.weight, transpose_y=True)


class GPTDecodeStep(nn.Layer):
    """One decode step of a GPT-style decoder: the new token [1, 1] at position ``pos`` attends to every
    layer's KV cache (fed: [layers, 1, heads, T, dh]) with its own k, v concatenated; outputs the logits
    [1, 1, vocab] and the new caches [layers, 1, heads, T + 1, dh] (untied lm head)."""

    def __init__(self, vocab: int = 8192, dim: int = 384, depth: int = 6, heads: int = 6, max_len: int = 256) -> None:
        super().__init__()
        self.heads, self.dh = heads, dim // heads
        self.tok, self.pos = nn.Embedding(vocab, dim), nn.Embedding(max_len, dim)
        self.n1 = nn.LayerList([nn.LayerNorm(dim) for _ in range(depth)])
        self.qkv = nn.LayerList([nn.Linear(dim, 3 * dim) for _ in range(depth)])
        self.proj = nn.LayerList([nn.Linear(dim, dim) for _ in range(depth)])
        self.n2 = nn.LayerList([nn.LayerNorm(dim) for _ in range(depth)])
        self.mlp = nn.LayerList([Mlp(dim, 4 * dim) for _ in range(depth)])
        self.norm, self.head = nn.LayerNorm(dim), nn.Linear(dim, vocab, bias_attr=False)

    def forward(self, ids, pos, k_cache, v_cache):
        x = self.tok(ids) + self.pos(pos)  # [1, 1, dim]
        b, dim = x.shape[0], x.shape[2]
        ks, vs = [], []
        for i in range(len(self.qkv)):
            qkv = self.qkv[i](self.n1[i](x)).reshape([b, 1, 3, self.heads, self.dh]).transpose([2, 0, 3, 1, 4])
            k = paddle.concat([k_cache[i], qkv[1]], axis=2)  # [1, heads, T + 1, dh]
            v = paddle.concat([v_cache[i], qkv[2]], axis=2)
            ks.append(k)
            vs.append(v)
            s = F.softmax(paddle.matmul(qkv[0], k, transpose_y=True) * (self.dh ** -0.5), axis=-1)
            o = paddle.matmul(s, v).transpose([0, 2, 1, 3]).reshape([b, 1, dim])
            x = x + self.proj[i](o)
            x = x + self.mlp[i](self.n2[i](x))
        return self.head(self.norm(x)), paddle.stack(ks), paddle.stack(vs)


def _relative_index(w: int) -> np.ndarray:
    """Swin's relative_position_index of a w x w window, flattened: [w^4] int64 into a (2w-1)^2 table."""
    c = np.stack(np.meshgrid(np.arange(w), np.arange(w), indexing="ij")).reshape(2, -1)
    r = (c[:, :, None] - c[:, None, :]).transpose(1, 2, 0) + (w - 1)
    return (r[..., 0] * (2 * w - 1) + r[..., 1]).reshape(-1).astype(np.int64)


def _window_partition(x, w: int):
    b, h, wd, c = x.shape
    x = x.reshape([b, h // w, w, wd // w, w, c]).transpose([0, 1, 3, 2, 4, 5])
    return x.reshape([-1, w * w, c])


def _window_reverse(x, w: int, b: int, h: int, wd: int):
    c = x.shape[-1]
    x = x.reshape([b, h // w, wd // w, w, w, c]).transpose([0, 1, 3, 2, 4, 5])
    return x.reshape([b, h, wd, c])


class SwinBlock(nn.Layer):
    """A Swin transformer block: (shifted) 7x7 window attention with a relative position bias gathered
    by index, the shift's attention mask built from a region map, and a gelu MLP; pre-norm."""

    def __init__(self, dim: int, heads: int, res: int, window: int = 7, shift: int = 0) -> None:
        super().__init__()
        self.dim, self.heads, self.res, self.w, self.shift = dim, heads, res, window, shift
        self.n1, self.qkv, self.proj = nn.LayerNorm(dim), nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)
        self.table = self.create_parameter([(2 * window - 1) ** 2, heads], default_initializer=_normal())
        self.n2, self.mlp = nn.LayerNorm(dim), Mlp(dim, 4 * dim)

    def _mask(self):
        """[windows, 1, w*w, w*w]: -100 between tokens of different regions of the shifted image."""
        r, w, s = self.res, self.w, self.shift
        region = np.zeros([1, r, r, 1], np.float32)
        k = 0
        for hs in (slice(0, -w), slice(-w, -s), slice(-s, None)):
            for ws in (slice(0, -w), slice(-w, -s), slice(-s, None)):
                region[:, hs, ws, :] = k
                k += 1
        m = _window_partition(paddle.to_tensor(region), w).squeeze(-1)  # [windows, w*w]
        diff = m.unsqueeze(1) - m.unsqueeze(2)
        return paddle.where(diff != 0, paddle.full_like(diff, -100.0), paddle.zeros_like(diff)).unsqueeze(1)

    def forward(self, x):  # [b, res, res, dim]
        b, r, w, dh = x.shape[0], self.res, self.w, self.dim // self.heads
        h = self.n1(x)
        if self.shift:
            h = paddle.roll(h, shifts=(-self.shift, -self.shift), axis=(1, 2))
        win = _window_partition(h, w)  # [windows * b, w*w, dim]
        nw = win.shape[0]
        qkv = self.qkv(win).reshape([nw, w * w, 3, self.heads, dh]).transpose([2, 0, 3, 1, 4])
        s = paddle.matmul(qkv[0], qkv[1], transpose_y=True) * (dh ** -0.5)
        idx = paddle.to_tensor(_relative_index(w))
        bias = paddle.gather(self.table, idx).reshape([w * w, w * w, self.heads]).transpose([2, 0, 1])
        s = s + bias.unsqueeze(0)
        if self.shift:
            s = s + self._mask()
        o = paddle.matmul(F.softmax(s, axis=-1), qkv[2]).transpose([0, 2, 1, 3]).reshape([nw, w * w, self.dim])
        o = _window_reverse(self.proj(o), w, b, r, r)
        if self.shift:
            o = paddle.roll(o, shifts=(self.shift, self.shift), axis=(1, 2))
        x = x + o
        return x + self.mlp(self.n2(x))


class PatchMerging(nn.Layer):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.norm, self.reduce = nn.LayerNorm(4 * dim), nn.Linear(4 * dim, 2 * dim, bias_attr=False)

    def forward(self, x):
        x = paddle.concat([x[:, 0::2, 0::2, :], x[:, 1::2, 0::2, :], x[:, 0::2, 1::2, :], x[:, 1::2, 1::2, :]],
                          axis=-1)
        return self.reduce(self.norm(x))


class SwinSmall(nn.Layer):
    """Swin-T's first three stages at two blocks each (window, shifted window): a 4x4 patch embedding of
    a 224 image to 56x56x96, patch merging to 28x28x192 and 14x14x384, norm, mean pool, linear head."""

    def __init__(self, dim: int = 96, heads: tuple = (3, 6, 12), classes: int = 1000) -> None:
        super().__init__()
        self.embed, self.en = nn.Conv2D(3, dim, 4, stride=4), nn.LayerNorm(dim)
        stages, merges, res = [], [], 56
        for i, hd in enumerate(heads):
            d = dim * 2 ** i
            stages.append(nn.LayerList([SwinBlock(d, hd, res, shift=0), SwinBlock(d, hd, res, shift=3)]))
            if i + 1 < len(heads):
                merges.append(PatchMerging(d))
                res //= 2
        self.stages, self.merges = nn.LayerList(stages), nn.LayerList(merges)
        last = dim * 2 ** (len(heads) - 1)
        self.norm, self.head = nn.LayerNorm(last), nn.Linear(last, classes)

    def forward(self, x):
        x = self.en(self.embed(x).transpose([0, 2, 3, 1]))
        for i, stage in enumerate(self.stages):
            for blk in stage:
                x = blk(x)
            if i < len(self.merges):
                x = self.merges[i](x)
        return self.head(self.norm(x).mean(axis=[1, 2]))


def _conv_bn(cin: int, cout: int, k: int = 3, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(nn.Conv2D(cin, cout, k, stride=stride, padding=k // 2, bias_attr=False),
                         nn.BatchNorm2D(cout), nn.ReLU())


class UNet(nn.Layer):
    """A segmentation UNet on 1x3x128x128: three conv-BN-ReLU double blocks down with max pooling, a
    bottleneck, up through ``conv2d_transpose`` (twice) and bilinear ``F.interpolate`` + 1x1 conv
    (once), skip concatenations, a 1x1 head to 2 classes."""

    def __init__(self, base: int = 16, classes: int = 2) -> None:
        super().__init__()
        c1, c2, c3, c4 = base, 2 * base, 4 * base, 8 * base

        def block(cin, cout):
            return nn.Sequential(_conv_bn(cin, cout), _conv_bn(cout, cout))

        self.d1, self.d2, self.d3, self.mid = block(3, c1), block(c1, c2), block(c2, c3), block(c3, c4)
        self.pool = nn.MaxPool2D(2, 2)
        self.up3, self.u3 = nn.Conv2DTranspose(c4, c3, 2, stride=2), block(2 * c3, c3)
        self.up2, self.u2 = nn.Conv2D(c3, c2, 1), block(2 * c2, c2)
        self.up1, self.u1 = nn.Conv2DTranspose(c2, c1, 2, stride=2), block(2 * c1, c1)
        self.head = nn.Conv2D(c1, classes, 1)

    def forward(self, x):
        s1 = self.d1(x)
        s2 = self.d2(self.pool(s1))
        s3 = self.d3(self.pool(s2))
        m = self.mid(self.pool(s3))
        y = self.u3(paddle.concat([self.up3(m), s3], axis=1))
        y = self.up2(F.interpolate(y, size=[2 * y.shape[2], 2 * y.shape[3]], mode="bilinear", align_corners=False))
        y = self.u2(paddle.concat([y, s2], axis=1))
        y = self.u1(paddle.concat([self.up1(y), s1], axis=1))
        return self.head(y)


class ResBlockT(nn.Layer):
    """A diffusion residual block: GroupNorm, SiLU, conv, plus the projected timestep embedding, GroupNorm,
    SiLU, conv, and a 1x1 skip when the width changes."""

    def __init__(self, cin: int, cout: int, tdim: int) -> None:
        super().__init__()
        self.g1, self.c1 = nn.GroupNorm(8, cin), nn.Conv2D(cin, cout, 3, padding=1)
        self.t = nn.Linear(tdim, cout)
        self.g2, self.c2 = nn.GroupNorm(8, cout), nn.Conv2D(cout, cout, 3, padding=1)
        self.skip = nn.Conv2D(cin, cout, 1) if cin != cout else None

    def forward(self, x, temb):
        h = self.c1(F.silu(self.g1(x)))
        h = h + self.t(F.silu(temb)).unsqueeze([2, 3])
        h = self.c2(F.silu(self.g2(h)))
        return h + (self.skip(x) if self.skip is not None else x)


class SpatialAttention(nn.Layer):
    """Self-attention over the pixels of a feature map (GroupNorm, 1x1 qkv, one head, 1x1 out)."""

    def __init__(self, c: int) -> None:
        super().__init__()
        self.g, self.qkv, self.out = nn.GroupNorm(8, c), nn.Conv2D(c, 3 * c, 1), nn.Conv2D(c, c, 1)

    def forward(self, x):
        b, c, h, w = x.shape
        q, k, v = paddle.split(self.qkv(self.g(x)).reshape([b, 3 * c, h * w]), 3, axis=1)
        a = F.softmax(paddle.matmul(q, k, transpose_x=True) * (c ** -0.5), axis=-1)  # [b, hw, hw]
        return x + self.out(paddle.matmul(v, a, transpose_y=True).reshape([b, c, h, w]))


class DiffusionUNet(nn.Layer):
    """A small latent-diffusion UNet on 1x4x32x32: sinusoidal embedding of the fed timestep and an MLP,
    residual blocks (GroupNorm + SiLU) with the embedding added, strided-conv down, nearest up, skip
    concatenations, self-attention at 8x8."""

    def __init__(self, ch: int = 64, tdim: int = 256) -> None:
        super().__init__()
        self.half = ch
        self.temb = nn.Sequential(nn.Linear(2 * ch, tdim), nn.Silu(), nn.Linear(tdim, tdim))
        self.cin = nn.Conv2D(4, ch, 3, padding=1)
        self.r1, self.down1 = ResBlockT(ch, ch, tdim), nn.Conv2D(ch, ch, 3, stride=2, padding=1)
        self.r2, self.down2 = ResBlockT(ch, 2 * ch, tdim), nn.Conv2D(2 * ch, 2 * ch, 3, stride=2, padding=1)
        self.m1, self.attn, self.m2 = ResBlockT(2 * ch, 2 * ch, tdim), SpatialAttention(2 * ch), \
            ResBlockT(2 * ch, 2 * ch, tdim)
        self.upc2, self.u2 = nn.Conv2D(2 * ch, 2 * ch, 3, padding=1), ResBlockT(4 * ch, 2 * ch, tdim)
        self.upc1, self.u1 = nn.Conv2D(2 * ch, 2 * ch, 3, padding=1), ResBlockT(3 * ch, ch, tdim)
        self.gout, self.cout = nn.GroupNorm(8, ch), nn.Conv2D(ch, 4, 3, padding=1)

    def forward(self, x, t):
        # the frequencies as a constant: computed in the graph (exp of an arange), a 1-ulp difference of
        # exp between two libraries, times t = 500, moves the output by 1e-4 (3e-5 of its largest value)
        freqs = paddle.to_tensor(np.exp(np.arange(self.half) * (-math.log(10000.0) / self.half)).astype(np.float32))
        args = t.unsqueeze(1) * freqs.unsqueeze(0)  # [b, half]
        temb = self.temb(paddle.concat([paddle.sin(args), paddle.cos(args)], axis=1))
        h1 = self.r1(self.cin(x), temb)  # 32x32
        h2 = self.r2(self.down1(h1), temb)  # 16x16
        m = self.m2(self.attn(self.m1(self.down2(h2), temb)), temb)  # 8x8
        y = self.upc2(F.interpolate(m, size=[2 * m.shape[2], 2 * m.shape[3]], mode="nearest"))
        y = self.u2(paddle.concat([y, h2], axis=1), temb)
        y = self.upc1(F.interpolate(y, size=[2 * y.shape[2], 2 * y.shape[3]], mode="nearest"))
        y = self.u1(paddle.concat([y, h1], axis=1), temb)
        return self.cout(F.silu(self.gout(y)))


class MoELayer(nn.Layer):
    """A pre-norm transformer layer whose FFN is a mixture of ``experts`` gelu MLPs with top-k gating:
    softmax gate, ``paddle.topk``, the top-k weights renormalised and scattered back through one-hot,
    every expert run on every token (batched matmul) and weighted (dense dispatch)."""

    def __init__(self, dim: int = 256, heads: int = 4, experts: int = 8, hidden: int = 1024, k: int = 2) -> None:
        super().__init__()
        self.e, self.k = experts, k
        self.n1, self.attn = nn.LayerNorm(dim), nn.MultiHeadAttention(dim, heads)
        self.n2, self.gate = nn.LayerNorm(dim), nn.Linear(dim, experts, bias_attr=False)
        self.w1 = self.create_parameter([experts, dim, hidden], default_initializer=_normal())
        self.b1 = self.create_parameter([experts, 1, hidden], is_bias=True)
        self.w2 = self.create_parameter([experts, hidden, dim], default_initializer=_normal())
        self.b2 = self.create_parameter([experts, 1, dim], is_bias=True)

    def forward(self, x):  # [1, tokens, dim]
        h = self.n1(x)
        x = x + self.attn(h, h, h)
        t = self.n2(x).squeeze(0)  # [tokens, dim]
        top, idx = paddle.topk(F.softmax(self.gate(t), axis=-1), self.k, axis=-1)  # [tokens, k]
        top = top / top.sum(axis=-1, keepdim=True)
        weights = (F.one_hot(idx, self.e) * top.unsqueeze(-1)).sum(axis=1)  # [tokens, experts]
        y = F.gelu(paddle.matmul(t.unsqueeze(0).expand([self.e] + t.shape), self.w1) + self.b1)
        y = paddle.matmul(y, self.w2) + self.b2  # [experts, tokens, dim]
        moe = (y * weights.transpose([1, 0]).unsqueeze(-1)).sum(axis=0)
        return x + moe.unsqueeze(0)


#: DLRM tables: rows of each embedding table (the fed ids of table i are drawn below its size)
DLRM_TABLES = [1000, 5000, 20000, 100, 50000, 300, 10000, 2000]


class DLRM(nn.Layer):
    """A DLRM-style recommender: a bottom MLP on 13 dense features, 8 embedding tables of different sizes
    (32 wide) on int64 ids, pairwise dot-product interaction (the strict lower triangle of T T^T by
    ``paddle.tril_indices``), a top MLP, sigmoid."""

    def __init__(self, dense: int = 13, dim: int = 32, tables: list[int] = DLRM_TABLES) -> None:
        super().__init__()
        self.bottom = nn.Sequential(nn.Linear(dense, 256), nn.ReLU(), nn.Linear(256, 64), nn.ReLU(),
                                    nn.Linear(64, dim), nn.ReLU())
        self.emb = nn.LayerList([nn.Embedding(n, dim) for n in tables])
        f = len(tables) + 1
        self.f = f
        self.top = nn.Sequential(nn.Linear(dim + f * (f - 1) // 2, 256), nn.ReLU(), nn.Linear(256, 128), nn.ReLU(),
                                 nn.Linear(128, 1))

    def forward(self, dense, *ids):
        d = self.bottom(dense)  # [b, dim]
        t = paddle.stack([d] + [e(i) for e, i in zip(self.emb, ids)], axis=1)  # [b, f, dim]
        z = paddle.matmul(t, t, transpose_y=True).reshape([t.shape[0], self.f * self.f])
        tri = paddle.tril_indices(self.f, self.f, -1)  # [2, f(f-1)/2]
        z = paddle.index_select(z, tri[0] * self.f + tri[1], axis=1)
        return F.sigmoid(self.top(paddle.concat([d, z], axis=1)))


class ConformerBlock(nn.Layer):
    """A Conformer block: half-step FFN (swish), multi-head self-attention, the convolution module
    (pointwise conv, GLU, depthwise Conv1D, batch norm, swish, pointwise conv), half-step FFN, norm."""

    def __init__(self, dim: int = 144, heads: int = 4, kernel: int = 15) -> None:
        super().__init__()

        def ffn():
            return nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 4 * dim), nn.Swish(), nn.Linear(4 * dim, dim))

        self.ff1, self.ff2 = ffn(), ffn()
        self.na, self.attn = nn.LayerNorm(dim), nn.MultiHeadAttention(dim, heads)
        self.nc = nn.LayerNorm(dim)
        self.pw1 = nn.Conv1D(dim, 2 * dim, 1)
        self.dw = nn.Conv1D(dim, dim, kernel, padding=kernel // 2, groups=dim)
        self.bn, self.pw2 = nn.BatchNorm1D(dim), nn.Conv1D(dim, dim, 1)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):  # [b, t, dim]
        x = x + 0.5 * self.ff1(x)
        h = self.na(x)
        x = x + self.attn(h, h, h)
        c = F.glu(self.pw1(self.nc(x).transpose([0, 2, 1])), axis=1)
        c = self.pw2(F.swish(self.bn(self.dw(c))))
        x = x + c.transpose([0, 2, 1])
        return self.norm(x + 0.5 * self.ff2(x))


class Conformer(nn.Layer):
    """A small Conformer speech encoder on 1x200x80 fbank features: a 2-layer stride-2 conv subsampling
    front (to 49 frames), a linear projection to 144, four Conformer blocks."""

    def __init__(self, feats: int = 80, dim: int = 144, blocks: int = 4) -> None:
        super().__init__()
        self.sub = nn.Sequential(nn.Conv2D(1, dim, 3, stride=2), nn.ReLU(), nn.Conv2D(dim, dim, 3, stride=2), nn.ReLU())
        f = ((feats - 1) // 2 - 1) // 2
        self.proj = nn.Linear(dim * f, dim)
        self.blocks = nn.LayerList([ConformerBlock(dim) for _ in range(blocks)])

    def forward(self, x):  # [b, frames, feats]
        x = self.sub(x.unsqueeze(1))  # [b, dim, t', f']
        b, c, t, f = x.shape
        x = self.proj(x.transpose([0, 2, 1, 3]).reshape([b, t, c * f]))
        for blk in self.blocks:
            x = blk(x)
        return x


class DetectionHead(nn.Layer):
    """An FPN-style detector on 1x3x256x256: a strided conv backbone (C3..C5 at 32, 16, 8), 1x1 laterals,
    nearest upsampling + add top-down, 3x3 smoothing, shared per-level classification (3 anchors x 20
    classes, sigmoid) and box (3 x 4) conv heads, flattened and concatenated: [1, anchors, 24]."""

    def __init__(self, width: int = 96, anchors: int = 3, classes: int = 20) -> None:
        super().__init__()
        self.a, self.c = anchors, classes
        self.stem = nn.Sequential(_conv_bn(3, 32, 3, 2), _conv_bn(32, 64, 3, 2))  # 64x64
        self.c3, self.c4, self.c5 = _conv_bn(64, 128, 3, 2), _conv_bn(128, 256, 3, 2), _conv_bn(256, 256, 3, 2)
        self.l3, self.l4, self.l5 = nn.Conv2D(128, width, 1), nn.Conv2D(256, width, 1), nn.Conv2D(256, width, 1)
        self.s3, self.s4, self.s5 = (nn.Conv2D(width, width, 3, padding=1) for _ in range(3))
        self.cls = nn.Sequential(nn.Conv2D(width, width, 3, padding=1), nn.ReLU(),
                                 nn.Conv2D(width, anchors * classes, 3, padding=1))
        self.box = nn.Sequential(nn.Conv2D(width, width, 3, padding=1), nn.ReLU(),
                                 nn.Conv2D(width, anchors * 4, 3, padding=1))

    def forward(self, x):
        c3 = self.c3(self.stem(x))
        c4 = self.c4(c3)
        c5 = self.c5(c4)
        p5 = self.l5(c5)
        p4 = self.l4(c4) + F.interpolate(p5, size=c4.shape[2:], mode="nearest")
        p3 = self.l3(c3) + F.interpolate(p4, size=c3.shape[2:], mode="nearest")
        cls, box = [], []
        for p in (self.s3(p3), self.s4(p4), self.s5(p5)):
            b = p.shape[0]
            cls.append(self.cls(p).transpose([0, 2, 3, 1]).reshape([b, -1, self.c]))
            box.append(self.box(p).transpose([0, 2, 3, 1]).reshape([b, -1, 4]))
        return paddle.concat([paddle.concat(box, axis=1), F.sigmoid(paddle.concat(cls, axis=1))], axis=-1)
