#!/usr/bin/env python
"""Models exported the way a dygraph user exports them: ``paddle.jit.save`` (PIR ``model.json`` +
``model.pdiparams``), written to tests/translate/jit/<name>/ with the feeds and Paddle's outputs.

Run from the repository root with a Python that has paddlepaddle==3.3.1 (never the project venv):

    python tests/translate/generate_jit.py

``lstm_bidirect``: an OCR-style head, a bidirectional ``paddle.nn.LSTM`` and a Linear.  Its export
holds ``lstm_0.dropout_state__non_persistable``, a ``builtin.parameter`` with ``persistable:[false]``
that ``model.pdiparams`` does not hold (the rnn kernel creates it).
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path

import numpy as np
import paddle

OUT = Path(__file__).resolve().parent / "jit"


def _save_npz(path: Path, arrays: dict[str, np.ndarray]) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for k in sorted(arrays):
            b = io.BytesIO()
            np.save(b, arrays[k], allow_pickle=False)
            info = zipfile.ZipInfo(k + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            z.writestr(info, b.getvalue())
    path.write_bytes(buf.getvalue())


class LstmHead(paddle.nn.Layer):
    def __init__(self) -> None:
        super().__init__()
        self.lstm = paddle.nn.LSTM(8, 16, num_layers=1, direction="bidirect")
        self.fc = paddle.nn.Linear(32, 5)

    def forward(self, x):  # type: ignore[no-untyped-def]
        y, _ = self.lstm(x)
        return self.fc(y)


def main() -> None:
    paddle.seed(0)
    np.random.seed(0)
    d = OUT / "lstm_bidirect"
    d.mkdir(parents=True, exist_ok=True)
    m = LstmHead()
    m.eval()
    x = np.random.default_rng(0).standard_normal((2, 6, 8)).astype("float32")
    paddle.jit.save(m, str(d / "model"), input_spec=[paddle.static.InputSpec([None, 6, 8], "float32", "x")])
    y = m(paddle.to_tensor(x)).numpy()
    _save_npz(d / "feeds.npz", {"x": x})
    _save_npz(d / "outputs.npz", {"y": y})
    (d / "meta.json").write_text(json.dumps({"paddle_version": paddle.__version__, "export": "paddle.jit.save",
                                             "feeds": {"x": [2, 6, 8]}}, indent=1) + "\n")
    for extra in ("model.pdmodel",):
        if (d / extra).exists():
            os.remove(d / extra)
    print(f"wrote {d}")


if __name__ == "__main__":
    main()
