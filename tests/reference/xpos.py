#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Expected values of tests/core/schemes/xpos/xpos_test.cpp: xPos as torchscale computes it, in NumPy
float64 instead of torch float32.

Follows microsoft/torchscale, torchscale/component/xpos_relative_position.py (commit
776b070d68aef2aca447dc3e1adb64682fbec126), line by line: fixed_pos_embedding,
rotate_every_two, duplicate_interleave, apply_rotary_pos_emb, XPOS.__init__ / XPOS.forward
(offset 0), and torchscale/component/multihead_attention.py, which applies
xpos(k, offset=0, downscale=True) and xpos(q, offset=0, downscale=False) before q k^T.
The only change: 0.4 is the parameter gamma (0.4 in torchscale) and 10000 the parameter base.
Run: python3 tests/reference/xpos.py
"""
import numpy as np


def fixed_pos_embedding(x, base):
    seq_len, dim = x.shape
    inv_freq = 1.0 / (base ** (np.arange(0, dim) / dim))
    sinusoid_inp = np.einsum("i , j -> i j", np.arange(0, seq_len, dtype=np.float64), inv_freq)
    return np.sin(sinusoid_inp), np.cos(sinusoid_inp)


def rotate_every_two(x):
    x1 = x[:, :, ::2]
    x2 = x[:, :, 1::2]
    x = np.stack((-x2, x1), axis=-1)
    return x.reshape(*x.shape[:-2], -1)


def duplicate_interleave(m):
    dim0 = m.shape[0]
    m = m.reshape(-1, 1)
    m = np.repeat(m, 2, axis=1)
    return m.reshape(dim0, -1)


def apply_rotary_pos_emb(x, sin, cos, scale=1):
    sin, cos = map(lambda t: duplicate_interleave(t * scale), (sin, cos))
    return (x * cos) + (rotate_every_two(x) * sin)


class XPOS:
    def __init__(self, head_dim, scale_base=512, gamma=0.4, base=10000.0):
        self.head_dim = head_dim
        self.scale_base = scale_base
        self.base = base
        self.scale = (np.arange(0, head_dim, 2) + gamma * head_dim) / ((1 + gamma) * head_dim)

    def forward(self, x, offset=0, downscale=False):
        length = x.shape[1]
        min_pos = -(length + offset) // 2
        max_pos = length + offset + min_pos
        scale = self.scale ** (np.arange(min_pos, max_pos, 1) / self.scale_base)[:, None]
        sin, cos = fixed_pos_embedding(scale, self.base)
        if scale.shape[0] > length:
            scale = scale[-length:]
            sin = sin[-length:]
            cos = cos[-length:]
        if downscale:
            scale = 1 / scale
        return apply_rotary_pos_emb(x, sin, cos, scale)


def inputs(length, d, a, b):
    """The test's hand-made vectors: x[t, c] = ((a t + b c) mod 11 - 5) / 4."""
    t = np.arange(length)[:, None]
    c = np.arange(d)[None, :]
    return (((a * t + b * c) % 11) - 5) / 4.0


def show(name, values):
    flat = np.asarray(values).ravel()
    print(f"{name} = {{" + ", ".join(f"{v:.17g}" for v in flat) + "};")


def main():
    print("// zeta for d = 8, gamma = 0.4 and d = 6, gamma = 1.5 (XPOS.__init__ `scale`)")
    show("zeta8", XPOS(8).scale)
    show("zeta6", XPOS(6, gamma=1.5).scale)
    print("// min_pos for lengths 1..6: -(length + 0) // 2")
    show("minPos", [-(n + 0) // 2 for n in range(1, 7)])
    length, d, sb = 5, 8, 4.0
    xpos = XPOS(d, scale_base=sb)
    q = inputs(length, d, 7, 3)[None]
    k = inputs(length, d, 5, 2)[None]
    qs = xpos.forward(q, offset=0, downscale=False)[0]
    ks = xpos.forward(k, offset=0, downscale=True)[0]
    print("// length 5, d 8, scale_base 4, gamma 0.4, base 10000: q' (rows t = 0..4)")
    show("qPrime", qs)
    print("// k' (downscale)")
    show("kPrime", ks)
    print("// q' k'^T (row = query m, column = key n)")
    show("scores", qs @ ks.T)
    xpos3 = XPOS(6, scale_base=2.0, gamma=0.7, base=100.0)
    q = inputs(4, 6, 3, 4)[None]
    k = inputs(4, 6, 2, 5)[None]
    print("// length 4, d 6, scale_base 2, gamma 0.7, base 100: q' k'^T")
    show("scoresSmallBase", xpos3.forward(q)[0] @ xpos3.forward(k, downscale=True)[0].T)


if __name__ == "__main__":
    main()
