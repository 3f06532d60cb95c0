#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Expected values of tests/core/schemes/nope/nope_test.cpp: NoPE attention, causal softmax of
q_i . k_j / sqrt(d) with no position information, and its row entropies, in NumPy float64.

The paper's NoPE (pe = none in McGill-NLP/length-generalization, whose decoder-only model,
src/models/custom_t5_decoder_only.py, is Hugging Face's T5 stack with the position bias
removed) is the standard causal attention softmax(q k^T + mask), mask = -inf above the
diagonal, with nothing added for positions. T5 folds 1/sqrt(d) into its weight initialisation;
with random stand-in q and k we divide by sqrt(d) as the Transformer does, so the logits have
unit variance. Written from those definitions (no line-by-line source to follow).
Run: python3 tests/reference/nope.py  (needs numpy)
"""
import numpy as np


def inputs(length, d, a, b):
    """The test's hand-made vectors: x[t, c] = ((a t + b c) mod 11 - 5) / 4."""
    t = np.arange(length)[:, None]
    c = np.arange(d)[None, :]
    return (((a * t + b * c) % 11) - 5) / 4.0


def causal_attention(q, k):
    d = q.shape[1]
    scores = q @ k.T / np.sqrt(d)
    n = scores.shape[0]
    mask = np.triu(np.ones((n, n), dtype=bool), k=1)
    scores = np.where(mask, -np.inf, scores)
    scores = scores - scores.max(axis=1, keepdims=True)
    e = np.exp(scores)
    return e / e.sum(axis=1, keepdims=True)


def windowed_attention(q, k, allowed, scales):
    """Softmax of (s_i q_i) . k_j / sqrt(d) over the keys allowed[i][j] only (-inf elsewhere),
    as eager attention with a boolean mask. `allowed` follows huggingface/transformers
    src/transformers/masking_utils.py (commit 00c4411c): and_masks(overlay,
    causal_mask_function); `scales` src/transformers/models/llama4/modeling_llama4.py,
    Llama4TextAttention.forward (query_states * attn_scales)."""
    d = q.shape[1]
    scores = (q * scales[:, None]) @ k.T / np.sqrt(d)
    scores = np.where(allowed, scores, -np.inf)
    scores = scores - scores.max(axis=1, keepdims=True)
    e = np.exp(scores)
    return e / e.sum(axis=1, keepdims=True)


def causal_mask_function(q_idx, kv_idx):
    return kv_idx <= q_idx


def sliding_window_overlay(sliding_window):
    return lambda q_idx, kv_idx: kv_idx > q_idx - sliding_window


def chunked_overlay(chunk_size):
    return lambda q_idx, kv_idx: kv_idx // chunk_size == q_idx // chunk_size


def allowed_by(overlay, n):
    i = np.arange(n)[:, None]
    j = np.arange(n)[None, :]
    return causal_mask_function(i, j) & overlay(i, j)


def attn_scales(positions, floor_scale, attn_scale):
    """modeling_llama4.py: log1p(floor((cache_position + 1) / floor_scale)) * attn_scale + 1."""
    return np.log1p(np.floor((positions + 1.0) / floor_scale)) * attn_scale + 1.0


def entropy(a):
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(a > 0, -a * np.log(a), 0.0)
    return t.sum(axis=1)


def show(name, values):
    flat = np.asarray(values).ravel()
    print(f"{name} = {{" + ", ".join(f"{v:.17g}" for v in flat) + "};")


def main():
    q = inputs(5, 4, 7, 3)
    k = inputs(5, 4, 5, 2)
    a = causal_attention(q, k)
    print("// length 5, d 4: attention (0 above the diagonal) and row entropies")
    show("attention", a)
    show("entropy", entropy(a))
    print("// ln(i + 1), uniform attention over i + 1 keys")
    show("uniform", np.log(np.arange(1, 6)))
    ones = np.ones(5)
    print("// sliding window 2 (masking_utils.py sliding_window_overlay): attention")
    show("sliding", windowed_attention(q, k, allowed_by(sliding_window_overlay(2), 5), ones))
    print("// chunked, chunk 2 (masking_utils.py chunked_overlay): attention")
    show("chunked", windowed_attention(q, k, allowed_by(chunked_overlay(2), 5), ones))
    s = attn_scales(np.arange(5), 2.0, 0.5)
    print("// temperature tuning, floor_scale 2, attn_scale 0.5: scales, causal attention")
    show("scales", s)
    show("tuned", windowed_attention(q, k, allowed_by(lambda i, j: j >= 0, 5), s))


if __name__ == "__main__":
    main()
