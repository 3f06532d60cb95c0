#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""T5's bias from a given table, re-implemented in NumPy for tests/core/schemes/t5/t5_bias_test.cpp.

Follows Hugging Face transformers, src/transformers/models/t5/modeling_t5.py:
T5Attention._relative_position_bucket (float32 log, .to(torch.long) truncation, min with
num_buckets - 1) and T5Attention.compute_bias (relative_position = memory_position -
context_position, i.e. key j minus query i; values = relative_attention_bias(bucket), a
[num_buckets, n_heads] embedding; bidirectional = not is_decoder).

The table is the one the C++ test writes: t5TestTable(b, h) = ((7 b + 3 h) % 11 - 5) / 4 + h
(exact in float32); the decoder's is -encoder - 0.5. Run with /usr/bin/python3 (NumPy).
"""
import numpy as np

BUCKETS, HEADS, MAX_DISTANCE, LENGTH = 8, 3, 20, 12


def table(decoder):
    t = np.array([[((7 * b + 3 * h) % 11 - 5) / 4 + h for h in range(HEADS)]
                  for b in range(BUCKETS)], dtype=np.float32)
    return -t - np.float32(0.5) if decoder else t


def bucket(rel, bidirectional):
    num_buckets = BUCKETS
    out = 0
    if bidirectional:
        num_buckets //= 2
        out += (rel > 0) * num_buckets
        rel = abs(rel)
    else:
        rel = -min(rel, 0)
    max_exact = num_buckets // 2
    if rel < max_exact:
        return out + rel
    large = max_exact + int(np.log(np.float32(rel) / np.float32(max_exact))
                            / np.float32(np.log(MAX_DISTANCE / max_exact))
                            * np.float32(num_buckets - max_exact))
    return out + min(large, num_buckets - 1)


def bias(decoder, head, rows, cols):
    t = table(decoder)
    return [[float(t[bucket(j - i, not decoder), head]) for j in cols] for i in rows]


if __name__ == "__main__":
    rows, cols = [0, 5, 11], list(range(LENGTH))
    for decoder in (False, True):
        name = "decoder" if decoder else "encoder"
        print(f"// {name}, head 1, rows {rows}, cols 0..{LENGTH - 1}")
        for row in bias(decoder, 1, rows, cols):
            print(", ".join(f"{v:g}" for v in row) + ",")
    offsets = [-30, -19, -8, -3, -1, 0, 1, 2, 5, 19, 30]
    print(f"// curves (encoder), offsets {offsets}, one line per head")
    t = table(False)
    for h in range(HEADS):
        print(", ".join(f"{float(t[bucket(r, True), h]):g}" for r in offsets) + ",")
