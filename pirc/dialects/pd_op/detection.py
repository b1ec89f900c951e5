"""Detection ops: pd_op.yolo_box, pd_op.multiclass_nms3 and pd_op.roi_align.

Both follow PaddlePaddle 3.3.1's CPU kernels (phi ``yolo_box_kernel.cc`` and
``multiclass_nms3_kernel.cc``), checked on tests/corpus/ppyolo_yolobox and ppyoloe_det.
Neither is a CINN op: both are NON_FUSIBLE, so fusion leaves them outside every group and
``--backend cinn`` runs these kernels between the compiled groups.

yolo_box (x ``[N, A*(5+C), H, W]``, img_size int ``[N, 2]`` = (height, width))
  -> boxes ``[N, A*H*W, 4]``, scores ``[N, A*H*W, C]``; row ``a*H*W + k*W + l``.
  Per cell: conf = sigmoid(obj) (with iou_aware: conf^(1-f) * sigmoid(iou)^f); cells with
  conf < conf_thresh keep zero boxes and scores.  Otherwise, with s = scale_x_y and
  bias = -0.5 (s - 1): cx = (l + sigmoid(tx) s + bias) * img_w / W,
  cy = (k + sigmoid(ty) s + bias) * img_h / H, w = exp(tw) anchor_w img_w / (ratio W),
  h = exp(th) anchor_h img_h / (ratio H); the box is (cx - w/2, cy - h/2, cx + w/2,
  cy + h/2), clipped to [0, img_w - 1] x [0, img_h - 1] with clip_bbox; score_c =
  conf * sigmoid(class_c).  With iou_aware the first A channels are the IoU predictions.

multiclass_nms3 (bboxes ``[N, M, 4]``, scores ``[N, C, M]``, rois_num?)
  -> out ``[K, 6]`` rows (label, score, x1, y1, x2, y2), index ``[K, 1]`` int32 (n*M + box),
  nms_rois_num ``[N]`` int32 (rows per image).  Per image and class (but background_label):
  boxes with score > score_threshold, stable-sorted by score (descending), the first
  nms_top_k; greedy NMS keeps a box when its IoU with every kept box is <= the threshold
  (which is multiplied by nms_eta after each kept box while nms_eta < 1 and it is > 0.5).
  IoU: boxes that do not touch give 0; without ``normalized`` widths and heights are
  ``x2 - x1 + 1``.  When more than keep_top_k boxes survive over all classes, the
  keep_top_k highest scores (stable sort of the (label, kept order) list) stay.  Rows come
  grouped by label (ascending), in kept order within a label.
  The rois_num form: bboxes ``[M, C, 4]`` (a box per class), scores ``[M, C]``, int
  rois_num ``[N]`` splitting the M rows into images in order; class c of an image uses
  scores[:, c] and bboxes[:, c]; a class's kept boxes come in row order (Paddle sorts them,
  after NMS and after keep_top_k); a row is (c, scores[k, c], bboxes[k, c]) and its index
  ``(start + k) * C + c`` (start: the image's first row); an image without rows gives none.
  (2-D scores without rois_num need a LoD, which PIR programs do not carry: an error.)

roi_align (x ``[N, C, H, W]``, boxes ``[R, 4]`` (x1, y1, x2, y2), boxes_num? int ``[N]``)
  -> ``[R, C, pooled_height, pooled_width]``.  Box corners are scaled by spatial_scale (minus
  0.5 when ``aligned``; otherwise width and height are at least 1); each bin averages a
  grid of sampling_ratio x sampling_ratio points (ceil(bin size) when it is <= 0), each
  point a bilinear read with Paddle's edge rules (points past -1 / size read 0, coordinates
  below 0 read at 0, the last row / column is clamped).  Boxes belong to the images in
  order, boxes_num[i] each (all to image 0 without boxes_num).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, OpDef, PatternKind, ShapeError, meta_of, register

# ---------------------------------------------------------------------------
# yolo_box
# ---------------------------------------------------------------------------

def _yolo_box_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, img = meta_of(args[0]), meta_of(args[1])
    anchors = list(attrs.get("anchors", []))
    ncls = int(attrs.get("class_num", 1))
    if len(anchors) % 2 or not anchors:
        raise ShapeError(f"yolo_box: anchors must hold (width, height) pairs, got {anchors}")
    if ncls <= 0:
        raise ShapeError(f"yolo_box: class_num must be positive, got {ncls}")
    if x.shape is not None and len(x.shape) != 4:
        raise ShapeError(f"yolo_box: x must be 4-D [N, C, H, W], got rank {len(x.shape)}")
    if img.shape is not None and (len(img.shape) != 2 or img.shape[1] not in (-1, 2)):
        raise ShapeError(f"yolo_box: img_size must be [N, 2], got {list(img.shape)}")
    an = len(anchors) // 2
    per = 5 + ncls + (1 if attrs.get("iou_aware") else 0)
    if x.shape is None:
        return [Meta((-1, -1, 4), x.dtype), Meta((-1, -1, ncls), x.dtype)]
    n, c, h, w = x.shape
    if c >= 0 and c != an * per:
        raise ShapeError(f"yolo_box: x has {c} channels, {an} anchors x (5 + {ncls} classes"
                         f"{' + iou' if attrs.get('iou_aware') else ''}) need {an * per}")
    boxes = an * h * w if h >= 0 and w >= 0 else -1
    return [Meta((n, boxes, 4), x.dtype), Meta((n, boxes, ncls), x.dtype)]


def _sig(v: np.ndarray) -> np.ndarray:
    return (1.0 / (1.0 + np.exp(-v))).astype(v.dtype)


def _yolo_box_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, img = args[0], args[1]
    assert isinstance(x, np.ndarray) and isinstance(img, np.ndarray)
    anchors = np.asarray(attrs.get("anchors"), dtype=np.int64).reshape(-1, 2)
    ncls = int(attrs["class_num"])
    conf_thresh = float(attrs.get("conf_thresh", 0.01))
    ratio = int(attrs.get("downsample_ratio", 32))
    clip = bool(attrs.get("clip_bbox", True))
    scale = float(attrs.get("scale_x_y", 1.0))
    iou_aware = bool(attrs.get("iou_aware", False))
    f = float(attrs.get("iou_aware_factor", 0.5))
    bias = -0.5 * (scale - 1.0)
    n, _, h, w = x.shape
    an = anchors.shape[0]
    dt = x.dtype
    if iou_aware:
        iou = x[:, :an].reshape(n, an, h, w)
        body = x[:, an:].reshape(n, an, 5 + ncls, h, w)
    else:
        iou = None
        body = x.reshape(n, an, 5 + ncls, h, w)
    conf = _sig(body[:, :, 4])
    if iou is not None:
        conf = (np.power(conf, 1.0 - f) * np.power(_sig(iou), f)).astype(dt)
    img_h = img[:, 0].astype(np.float64).reshape(n, 1, 1, 1)
    img_w = img[:, 1].astype(np.float64).reshape(n, 1, 1, 1)
    col = np.arange(w, dtype=np.float64).reshape(1, 1, 1, w)
    row = np.arange(h, dtype=np.float64).reshape(1, 1, h, 1)
    aw = anchors[:, 0].astype(np.float64).reshape(1, an, 1, 1)
    ah = anchors[:, 1].astype(np.float64).reshape(1, an, 1, 1)
    b = body.astype(np.float64)
    cx = (col + _sig(b[:, :, 0]) * scale + bias) * img_w / w
    cy = (row + _sig(b[:, :, 1]) * scale + bias) * img_h / h
    bw = np.exp(b[:, :, 2]) * aw * img_w / (ratio * w)
    bh = np.exp(b[:, :, 3]) * ah * img_h / (ratio * h)
    x1, y1, x2, y2 = cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2
    if clip:
        x1, y1 = np.maximum(x1, 0.0), np.maximum(y1, 0.0)
        x2, y2 = np.minimum(x2, img_w - 1), np.minimum(y2, img_h - 1)
    live = conf >= conf_thresh
    boxes = np.where(live[..., None], np.stack([x1, y1, x2, y2], axis=-1), 0.0)
    scores = np.where(live[:, :, None], conf[:, :, None] * _sig(b[:, :, 5:]), 0.0)  # n, an, C, h, w
    boxes = boxes.reshape(n, an * h * w, 4).astype(dt)
    scores = scores.transpose(0, 1, 3, 4, 2).reshape(n, an * h * w, ncls).astype(dt)
    return [boxes, scores]


register(OpDef(name="pd_op.yolo_box", operands=("x", "img_size"),
               attrs=("anchors", "class_num", "conf_thresh", "downsample_ratio", "clip_bbox", "scale_x_y",
                      "iou_aware", "iou_aware_factor"),
               results=("boxes", "scores"), infer_meta=_yolo_box_meta, kernel=_yolo_box_kernel,
               pattern=PatternKind.NON_FUSIBLE))


# ---------------------------------------------------------------------------
# multiclass_nms3
# ---------------------------------------------------------------------------

def _nms_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    boxes, scores = meta_of(args[0]), meta_of(args[1])
    if boxes.shape is not None and len(boxes.shape) == 3 and boxes.shape[2] not in (-1, 4, 8, 16, 24, 32):
        raise ShapeError(f"multiclass_nms3: boxes must be [N, M, 4], got {list(boxes.shape)}")
    if scores.shape is not None and len(scores.shape) not in (2, 3):
        raise ShapeError(f"multiclass_nms3: scores must be [N, C, M] (or [M, C] with rois_num), "
                         f"got rank {len(scores.shape)}")
    if (boxes.shape is not None and scores.shape is not None and len(scores.shape) == 3 and len(boxes.shape) == 3
            and boxes.shape[1] >= 0 and scores.shape[2] >= 0 and boxes.shape[1] != scores.shape[2]):
        raise ShapeError(f"multiclass_nms3: {boxes.shape[1]} boxes but scores for {scores.shape[2]}")
    width = boxes.shape[-1] + 2 if boxes.shape is not None and boxes.shape[-1] >= 0 else -1
    return [Meta((-1, width), boxes.dtype), Meta((-1, 1), "int32"), Meta((-1,), "int32")]


def _area(b: np.ndarray, normalized: bool) -> np.float32:
    if b[2] < b[0] or b[3] < b[1]:
        return np.float32(0)
    w, h = b[2] - b[0], b[3] - b[1]
    return w * h if normalized else (w + np.float32(1)) * (h + np.float32(1))


def _iou(a: np.ndarray, b: np.ndarray, normalized: bool) -> np.float32:
    if b[0] > a[2] or b[2] < a[0] or b[1] > a[3] or b[3] < a[1]:
        return np.float32(0)
    norm = np.float32(0 if normalized else 1)
    iw = min(a[2], b[2]) - max(a[0], b[0]) + norm
    ih = min(a[3], b[3]) - max(a[1], b[1]) + norm
    inter = iw * ih
    return inter / (_area(a, normalized) + _area(b, normalized) - inter)


def _nms_class(boxes: np.ndarray, score: np.ndarray, score_thr: float, nms_thr: float, eta: float, top_k: int,
               normalized: bool) -> list[int]:
    cand = np.nonzero(score > np.asarray(score_thr, dtype=score.dtype))[0]
    order = cand[np.argsort(-score[cand], kind="stable")]
    if -1 < top_k < len(order):
        order = order[:top_k]
    kept: list[int] = []
    thr = np.float32(nms_thr) if boxes.dtype == np.float32 else float(nms_thr)
    for idx in order:
        keep = all(_iou(boxes[idx], boxes[k], normalized) <= thr for k in kept)
        if keep:
            kept.append(int(idx))
            if eta < 1 and thr > 0.5:
                thr *= type(thr)(eta)
    return kept


def _nms_images(bboxes: np.ndarray, scores: np.ndarray, rois_num: KernelArg) -> list[tuple[np.ndarray, np.ndarray,
                                                                                          Any]]:
    """Per image: (boxes of each class [C, m, 4], scores [C, m], index of (class, box))."""
    if scores.ndim == 3:
        n, ncls, m = scores.shape
        return [(np.broadcast_to(bboxes[i], (ncls,) + bboxes[i].shape), scores[i],
                 lambda c, k, i=i, m=m: i * m + k) for i in range(n)]
    if rois_num is None:
        raise ValueError("multiclass_nms3: 2-D scores need rois_num (PIR programs carry no LoD)")
    counts = np.asarray(rois_num).reshape(-1).astype(np.int64)
    ends = np.cumsum(counts)
    if scores.ndim != 2 or bboxes.ndim != 3 or (counts.size and ends[-1] > scores.shape[0]):
        raise ValueError(f"multiclass_nms3: rois_num {counts.tolist()} does not split scores {list(scores.shape)}")
    ncls = scores.shape[1]
    out = []
    for start, end in zip(ends - counts, ends, strict=True):
        out.append((np.moveaxis(bboxes[start:end], 1, 0), scores[start:end].T,
                    lambda c, k, start=int(start), ncls=ncls: (start + k) * ncls + c))
    return out


def _nms_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    bboxes, scores = args[0], args[1]
    assert isinstance(bboxes, np.ndarray) and isinstance(scores, np.ndarray)
    images = _nms_images(bboxes, scores, args[2] if len(args) > 2 else None)
    score_thr = float(attrs.get("score_threshold", 0.0))
    nms_top_k = int(attrs.get("nms_top_k", -1))
    keep_top_k = int(attrs.get("keep_top_k", -1))
    nms_thr = float(attrs.get("nms_threshold", 0.3))
    normalized = bool(attrs.get("normalized", True))
    eta = float(attrs.get("nms_eta", 1.0))
    background = int(attrs.get("background_label", 0))
    rows: list[np.ndarray] = []
    index: list[int] = []
    counts: list[int] = []
    for boxes_i, scores_i, where in images:
        sel: dict[int, list[int]] = {}
        for c in range(scores_i.shape[0]):
            if c == background or scores_i.shape[1] == 0:
                continue
            sel[c] = _nms_class(boxes_i[c], scores_i[c], score_thr, nms_thr, eta, nms_top_k, normalized)
        total = sum(len(v) for v in sel.values())
        if -1 < keep_top_k < total:
            pairs = [(scores_i[c, k], c, k) for c in sorted(sel) for k in sel[c]]
            order = sorted(range(len(pairs)), key=lambda j: -pairs[j][0])[:keep_top_k]  # stable
            new: dict[int, list[int]] = {}
            for j in order:
                new.setdefault(pairs[j][1], []).append(pairs[j][2])
            sel = new
            total = keep_top_k
        if scores.ndim == 2:  # the rois_num form lists each class's boxes in row order
            sel = {c: sorted(v) for c, v in sel.items()}
        counts.append(total)
        for c in sorted(sel):
            for k in sel[c]:
                rows.append(np.concatenate([np.asarray([c, scores_i[c, k]], dtype=bboxes.dtype), boxes_i[c, k]]))
                index.append(where(c, k))
    width = bboxes.shape[2] + 2
    out = np.stack(rows).astype(bboxes.dtype) if rows else np.zeros((0, width), dtype=bboxes.dtype)
    return [out, np.asarray(index, dtype=np.int32).reshape(-1, 1), np.asarray(counts, dtype=np.int32)]


register(OpDef(name="pd_op.multiclass_nms3", operands=("bboxes", "scores", "rois_num?"),
               attrs=("score_threshold", "nms_top_k", "keep_top_k", "nms_threshold", "normalized", "nms_eta",
                      "background_label"),
               results=("out", "index", "nms_rois_num"), infer_meta=_nms_meta, kernel=_nms_kernel,
               pattern=PatternKind.NON_FUSIBLE))


# ---------------------------------------------------------------------------
# roi_align
# ---------------------------------------------------------------------------

def _roi_align_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, boxes = meta_of(args[0]), meta_of(args[1])
    if x.shape is not None and len(x.shape) != 4:
        raise ShapeError(f"roi_align: x must be [N, C, H, W], got {list(x.shape)}")
    if boxes.shape is not None and (len(boxes.shape) != 2 or boxes.shape[1] not in (4, -1)):
        raise ShapeError(f"roi_align: boxes must be [R, 4], got {list(boxes.shape)}")
    ph, pw = int(attrs.get("pooled_height", 1)), int(attrs.get("pooled_width", 1))
    if ph <= 0 or pw <= 0:
        raise ShapeError(f"roi_align: the pooled size must be positive, got {ph}x{pw}")
    r = boxes.shape[0] if boxes.shape is not None else -1
    c = x.shape[1] if x.shape is not None else -1
    return [Meta((r, c, ph, pw), x.dtype)]


def _roi_align_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, boxes = np.asarray(args[0]), np.asarray(args[1])
    num = args[2] if len(args) > 2 else None
    ph, pw = int(attrs["pooled_height"]), int(attrs["pooled_width"])
    scale = float(attrs.get("spatial_scale", 1.0))
    ratio = int(attrs.get("sampling_ratio", -1))
    aligned = bool(attrs.get("aligned", False))
    n, c, h, w = x.shape
    r = boxes.shape[0]
    if num is not None:
        counts = np.asarray(num).reshape(-1).astype(np.int64)
        if counts.sum() != r or len(counts) != n:
            raise ValueError(f"roi_align: boxes_num {counts.tolist()} does not match {r} boxes of {n} images")
        batch = np.repeat(np.arange(n), counts)
    else:
        batch = np.zeros(r, dtype=np.int64)
    off = 0.5 if aligned else 0.0
    xd = x.astype(np.float64)
    out = np.zeros((r, c, ph, pw), dtype=np.float64)
    for k in range(r):
        x0, y0, x1, y1 = (float(v) * scale - off for v in boxes[k])
        rw, rh = x1 - x0, y1 - y0
        if not aligned:
            rw, rh = max(rw, 1.0), max(rh, 1.0)
        bh, bw = rh / ph, rw / pw
        gh = ratio if ratio > 0 else int(np.ceil(rh / ph))
        gw = ratio if ratio > 0 else int(np.ceil(rw / pw))
        count = max(gh * gw, 1)
        img = xd[batch[k]]
        for i in range(ph):
            for j in range(pw):
                acc = np.zeros(c)
                for iy in range(gh):
                    yy = y0 + i * bh + (iy + 0.5) * bh / gh
                    for ix in range(gw):
                        xx = x0 + j * bw + (ix + 0.5) * bw / gw
                        if yy < -1.0 or yy > h or xx < -1.0 or xx > w:
                            continue
                        yv, xv = max(yy, 0.0), max(xx, 0.0)
                        yl, xl = int(yv), int(xv)
                        if yl >= h - 1:
                            yl = yh = h - 1
                            yv = float(yl)
                        else:
                            yh = yl + 1
                        if xl >= w - 1:
                            xl = xh = w - 1
                            xv = float(xl)
                        else:
                            xh = xl + 1
                        ly, lx = yv - yl, xv - xl
                        hy, hx = 1 - ly, 1 - lx
                        acc += (hy * hx * img[:, yl, xl] + hy * lx * img[:, yl, xh]
                                + ly * hx * img[:, yh, xl] + ly * lx * img[:, yh, xh])
                out[k, :, i, j] = acc / count
    return [out.astype(x.dtype)]


register(OpDef(name="pd_op.roi_align", operands=("x", "boxes", "boxes_num?"),
               attrs=("pooled_height", "pooled_width", "spatial_scale", "sampling_ratio", "aligned"),
               infer_meta=_roi_align_meta, kernel=_roi_align_kernel, pattern=PatternKind.NON_FUSIBLE))
