#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""DeBERTa's relative embeddings after encoder.LayerNorm, for tests/core/schemes/deberta/deberta_table_test.cpp.

Follows Hugging Face transformers, src/transformers/models/deberta_v2/modeling_deberta_v2.py:
DebertaV2Encoder.get_rel_embedding applies self.LayerNorm (nn.LayerNorm(hidden_size,
layer_norm_eps), biased variance) to rel_embeddings.weight when "layer_norm" is in
norm_rel_ebd. Computed in float64 here, as the C++ does; eps = 1e-7 (DebertaV2Config's
default). The table, weight and bias are the ones the C++ test writes:
rel[m][c] = ((3 m + 5 c) % 7 - 3) / 2 + (m c % 3) / 4 (8 x 4), w[c] = 1 + c / 4, b[c] = c / 8 - 0.25.
Run with /usr/bin/python3 (NumPy).
"""
import numpy as np

ROWS, WIDTH, EPS = 8, 4, 1e-7

rel = np.array([[((3 * m + 5 * c) % 7 - 3) / 2 + (m * c % 3) / 4 for c in range(WIDTH)] for m in range(ROWS)])
w = np.array([1 + c / 4 for c in range(WIDTH)])
b = np.array([c / 8 - 0.25 for c in range(WIDTH)])
mean = rel.mean(axis=1, keepdims=True)
var = ((rel - mean) ** 2).mean(axis=1, keepdims=True)
out = (rel - mean) / np.sqrt(var + EPS) * w + b
for row in out:
    print(", ".join(f"{v:.17g}" for v in row) + ",")
