#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Helper of scripts/bench_check.sh (run with Debian's /usr/bin/python3 and numpy).
#   bench_check.py make DIR L D   writes DIR/right.npy (the RoPE cos cache of L positions and
#                                 D dimensions, half layout, base 10000, computed in float64 and
#                                 stored as float32) and DIR/interleaved.npy (the same cache in
#                                 the interleaved layout: the slip `posenc check` must name)
#   bench_check.py numpy FILE L D the numpy way to check FILE: load it, compute the reference
#                                 in float64, np.isclose with float32's tolerance, count the
#                                 mismatches and find the worst cell (no diagnosis)
import sys
import time

import numpy as np


def cos_cache(length, dim, interleaved=False):
    # HF transformers, modeling_llama.py LlamaRotaryEmbedding (emb = cat(freqs, freqs)), in
    # float64; interleaved as GPT-J's rotate_every_two pairs (each frequency twice, adjacent).
    inv_freq = 1.0 / (10000.0 ** (np.arange(0, dim, 2, dtype=np.float64) / dim))
    freqs = np.outer(np.arange(length, dtype=np.float64), inv_freq)
    emb = np.repeat(freqs, 2, axis=1) if interleaved else np.concatenate((freqs, freqs), axis=1)
    return np.cos(emb)


def main():
    mode = sys.argv[1]
    if mode == "make":
        out, length, dim = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        np.save(f"{out}/right.npy", cos_cache(length, dim).astype(np.float32))
        np.save(f"{out}/interleaved.npy", cos_cache(length, dim, True).astype(np.float32))
        return
    path, length, dim = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    start = time.perf_counter()
    yours = np.load(path).astype(np.float64)
    ours = cos_cache(length, dim)
    close = np.isclose(yours, ours, rtol=1.3e-6, atol=1e-5)
    bad = int(close.size - np.count_nonzero(close))
    worst = np.unravel_index(np.argmax(np.abs(yours - ours)), ours.shape)
    elapsed = time.perf_counter() - start
    print(f"numpy: {bad} mismatches, worst cell {tuple(int(i) for i in worst)}, {elapsed:.3f} s in python")


if __name__ == "__main__":
    main()
