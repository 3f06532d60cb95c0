#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Expected values for tests/core/schemes/shaw/shaw_test.cpp: Shaw et al.'s clipped relative-position index
and the two-term logits, re-implemented in numpy line by line.

Follows tensorflow/tensor2tensor, tensor2tensor/layers/common_attention.py at commit
75b75f2e2281101b9b3637e14ef519afd6a11b68: _generate_relative_positions_matrix (decode_step
None, length_q == length_k), _generate_relative_positions_embeddings (tf.gather of the
(2k+1) x depth table), _relative_attention_inner (einsum "bhxd,bhyd->bhxy" + "bhxd,xyd->bhxy";
and with transpose=False the value side "bhxy,xyd->bhxd") and dot_product_attention_relative
(logits, softmax over the keys, no mask unless a bias is passed: an encoder's self-attention).
multihead_attention scales q by key_depth_per_head**-0.5 before the call.
Run: python3 tests/reference/shaw_index.py
"""
import numpy as np


def generate_relative_positions_matrix(length_q, length_k, max_relative_position):
    range_vec_q = range_vec_k = np.arange(length_q)
    distance_mat = range_vec_k[None, :] - range_vec_q[:, None]
    distance_mat_clipped = np.clip(distance_mat, -max_relative_position, max_relative_position)
    final_mat = distance_mat_clipped + max_relative_position
    return final_mat


def relative_attention_inner(x, y, z, transpose):
    if transpose:
        return np.einsum("xd,yd->xy", x, y) + np.einsum("xd,xyd->xy", x, z)
    return np.einsum("xy,yd->xd", x, y) + np.einsum("xy,xyd->xd", x, z)


def small_example():
    """Hand-made q, k, v and tables (exact in binary), so the C++ test can feed the same."""
    length, depth, k = 5, 2, 1
    q = np.array([[1.0, 0.5], [-1.0, 2.0], [0.25, 0.0], [2.0, -0.5], [0.0, 1.0]])
    keys = np.array([[0.5, 1.0], [1.0, -1.0], [-0.5, 0.25], [0.0, 2.0], [1.5, 0.5]])
    v = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [-1.0, 0.5], [0.5, -0.5]])
    a_k = np.array([[0.5, -1.0], [0.0, 0.25], [1.0, 1.0]])    # rows r = -1, 0, 1
    a_v = np.array([[2.0, 0.0], [0.0, -1.0], [0.5, 0.5]])
    idx = generate_relative_positions_matrix(length, length, k)
    rel_k = a_k[idx]                                            # tf.gather
    rel_v = a_v[idx]
    qs = q * depth ** -0.5                                      # multihead_attention
    logits = relative_attention_inner(qs, keys, rel_k, True)
    content = np.einsum("xd,yd->xy", qs, keys)
    relative = np.einsum("xd,xyd->xy", qs, rel_k)
    w = np.exp(logits - logits.max(axis=-1, keepdims=True))
    w = w / w.sum(axis=-1, keepdims=True)
    out = relative_attention_inner(w, v, rel_v, False)
    value_side = np.einsum("xy,xyd->xd", w, rel_v)
    return logits, content, relative, w, out, value_side


def fmt(m):
    return "{" + ",\n ".join("{" + ", ".join(repr(float(v)) if m.dtype.kind == "f" else str(int(v))
                                             for v in row) + "}" for row in m) + "}"


def main():
    for length, k in [(8, 3), (6, 1), (5, 6)]:
        print(f"# index, length={length}, k={k}")
        print(fmt(generate_relative_positions_matrix(length, length, k)))
    logits, content, relative, w, out, value_side = small_example()
    for name, m in [("logits", logits), ("content", content), ("relative", relative),
                    ("weights", w), ("z", out), ("value side", value_side)]:
        print(f"# small example: {name}")
        print(fmt(m))


if __name__ == "__main__":
    main()
