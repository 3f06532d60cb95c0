#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Expected values of tests/core/schemes/sandwich/sandwich_test.cpp: Sandwich's bias as NeMo computes it, in
NumPy float64 instead of torch float32 on the GPU.

Follows NVIDIA/NeMo (commit 000b931ed00341cd2a8ae713f1f8de24fafa952e),
nemo/collections/nlp/modules/common/megatron/position_embedding/
sandwich_relative_position_embedding.py, SandwichRelativePositionEmbedding.forward, line by
line, with build_relative_position(max_seq_len, full=True) of alibi_relative_position_embedding.py
(|memory_position - context_position|).
Run: python3 tests/reference/sandwich.py  (needs numpy)
"""
import numpy as np


def build_relative_position(max_seq_len, full=True):
    relative_position = (np.arange(1 - max_seq_len, 1)[None, :]) * -1
    if full:
        memory_position = (np.arange(1 - max_seq_len, 1)[:, None]) * -1
        relative_position = np.abs(memory_position - relative_position)
    return relative_position


def sandwich(bidirectional, num_attention_heads, hidden_size, query_seq_length, key_seq_length):
    max_seq_len = max(query_seq_length, key_seq_length)
    relative_position = build_relative_position(max_seq_len, full=True)
    relative_position = relative_position[-query_seq_length:, -key_seq_length:]
    if not bidirectional:
        relative_position = np.tril(relative_position)
    inv_freq = 1.0 / (10000 ** (2 * np.arange(1, hidden_size / 2 + 1) / hidden_size))
    _bias = np.sum(np.cos(np.repeat(relative_position[:, :, None], len(inv_freq), axis=2) * inv_freq),
                   axis=2)
    bias = np.tile(_bias, (num_attention_heads, 1, 1))
    _bias_scales = np.arange(1, num_attention_heads + 1, 1)
    bias_scales = _bias_scales[:, None, None]
    scaled_bias = (bias - hidden_size / 2) / (bias_scales * 8 / num_attention_heads)
    return scaled_bias[None]


def show(name, values):
    flat = np.asarray(values).ravel()
    print(f"{name} = {{" + ", ".join(f"{v:.17g}" for v in flat) + "};")


def main():
    print("// inv_freq for hidden_size 8: 1 / 10000^(2 arange(1, 5) / 8)")
    show("invFreq8", 1.0 / (10000 ** (2 * np.arange(1, 8 / 2 + 1) / 8)))
    b = sandwich(True, 4, 8, 5, 5)[0]
    print("// bidirectional, 4 heads, hidden_size 8, length 5: head 0 and head 3 (5 x 5)")
    show("head0", b[0])
    show("head3", b[3])
    c = sandwich(False, 3, 16, 4, 4)[0]
    print("// causal (tril: 0 above the diagonal), 3 heads, hidden_size 16, length 4: head 1")
    show("causalHead1", c[1])
    d = sandwich(True, 8, 64, 1200, 1200)[0]
    print("// bidirectional, 8 heads, hidden_size 64: row 1199 at keys 0, 199, 699, 1198, head 2")
    show("far", d[2][1199][[0, 199, 699, 1198]])


if __name__ == "__main__":
    main()
