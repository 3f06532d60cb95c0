#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Python side of scripts/bench_model_open.sh, and the maker of its checkpoint.

  bench_model_open.py make DIR [--rows N]
      Writes DIR/config.json (GPT-2's keys: n_positions 1024, n_embd 768) and
      DIR/model.safetensors: "wte.weight", an N x 768 F32 token table (N = 650000 by default:
      about 2 GB), then "wpe.weight", the 1024 x 768 F32 position table, last in the file, so
      a reader that does not seek reads 2 GB first. wpe[p, k] = sin(p / 10000^(k / 768)) +
      k / 768, a table with visible structure.
  bench_model_open.py draw FILE NAME OUT.png
      What a Python user does to look at one tensor of a checkpoint: the header with json,
      the tensor with numpy.memmap (no copy of the file), the picture with matplotlib
      (imshow + colorbar + savefig, 1000 x 800 px at 96 dpi, like posenc's default).
"""
import json
import struct
import sys

import numpy as np

DTYPES = {"F16": np.float16, "BF16": None, "F32": np.float32, "F64": np.float64}


def make(folder, rows):
    import os

    os.makedirs(folder, exist_ok=True)
    width, positions = 768, 1024
    wte_bytes = rows * width * 4
    wpe_bytes = positions * width * 4
    header = {
        "__metadata__": {"format": "pt"},
        "wte.weight": {"dtype": "F32", "shape": [rows, width], "data_offsets": [0, wte_bytes]},
        "wpe.weight": {"dtype": "F32", "shape": [positions, width],
                       "data_offsets": [wte_bytes, wte_bytes + wpe_bytes]},
    }
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)  # the data starts 8-byte aligned, as safetensors writes it
    chunk = np.random.default_rng(0).standard_normal((4096, width)).astype(np.float32) * 0.02
    with open(os.path.join(folder, "model.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for start in range(0, rows, chunk.shape[0]):
            f.write(chunk[: min(chunk.shape[0], rows - start)].tobytes())
        p = np.arange(positions, dtype=np.float64)[:, None]
        k = np.arange(width, dtype=np.float64)[None, :]
        wpe = np.sin(p / 10000 ** (k / width)) + k / width
        f.write(wpe.astype(np.float32).tobytes())
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump({"model_type": "gpt2", "n_positions": positions, "n_embd": width,
                   "n_head": 12, "n_layer": 12}, f, indent=2)


def draw(path, name, out):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with open(path, "rb") as f:
        (n,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(n))
    entry = header[name]
    begin, end = entry["data_offsets"]
    dtype = DTYPES[entry["dtype"]]
    table = np.memmap(path, dtype=dtype, mode="r", offset=8 + n + begin, shape=tuple(entry["shape"]))
    assert table.nbytes == end - begin
    fig, ax = plt.subplots(figsize=(1000 / 96, 800 / 96), dpi=96)
    image = ax.imshow(table, aspect="auto", cmap="viridis", interpolation="nearest")
    ax.set_title(name)
    ax.set_xlabel("dimension k")
    ax.set_ylabel("position p")
    fig.colorbar(image, ax=ax)
    fig.savefig(out, dpi=96)


def main(argv):
    if len(argv) >= 3 and argv[1] == "make":
        rows = int(argv[4]) if len(argv) >= 5 and argv[3] == "--rows" else 650000
        make(argv[2], rows)
    elif len(argv) == 5 and argv[1] == "draw":
        draw(argv[2], argv[3], argv[4])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
