#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The sinusoidal similarity heatmap the way a numpy + matplotlib user makes it.

Builds the length x dim sinusoidal table of Vaswani et al. (2017), sec. 3.5, with np.sin and
np.cos (interleaved: column 2i holds sin(p w_i), column 2i+1 cos(p w_i), w_i = base^(-2i/d)),
takes every dot product PE @ PE.T (a length x length matrix) and draws it with plt.imshow:
title, axis labels and a colour bar, saved as a PNG of exactly WIDTH x HEIGHT pixels.
This is the reference side of scripts/bench_vs_numpy.sh; it is not part of posenc.

Run with Debian's interpreter (python3-numpy, python3-matplotlib):
  /usr/bin/python3 scripts/bench_numpy_similarity.py --length 4096 --dim 128 --out sim.png
"""
import argparse

import matplotlib

matplotlib.use("Agg")  # no display; the same raster backend savefig uses anyway
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def sinusoidal_table(length: int, dim: int, base: float = 10000.0) -> np.ndarray:
    """length x dim table: PE[p, 2i] = sin(p w_i), PE[p, 2i+1] = cos(p w_i)."""
    position = np.arange(length, dtype=np.float64)[:, None]         # length x 1
    w = base ** (-np.arange(0, dim, 2, dtype=np.float64) / dim)      # dim/2 frequencies
    pe = np.zeros((length, dim))
    pe[:, 0::2] = np.sin(position * w)
    pe[:, 1::2] = np.cos(position * w)
    return pe


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--length", type=int, required=True, help="positions L")
    parser.add_argument("--dim", type=int, default=128, help="model width d (even)")
    parser.add_argument("--size", default="800x800", help="picture size WxH in pixels")
    parser.add_argument("--out", required=True, help="PNG to write")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))

    pe = sinusoidal_table(args.length, args.dim)
    similarity = pe @ pe.T                                           # length x length

    dpi = 100
    fig = plt.figure(figsize=(width / dpi, height / dpi), dpi=dpi)
    ax = fig.add_subplot()
    image = ax.imshow(similarity, cmap="viridis", origin="upper")
    ax.set_title(f"Similarity of positions PE_p . PE_q (L = {args.length}, d = {args.dim})")
    ax.set_xlabel("position q")
    ax.set_ylabel("position p")
    fig.colorbar(image, ax=ax, label="dot product")
    fig.savefig(args.out, dpi=dpi)  # exactly width x height pixels (no bbox_inches="tight")


if __name__ == "__main__":
    main()
