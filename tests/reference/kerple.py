#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Expected values of tests/core/schemes/kerple/kerple_test.cpp: KERPLE's biases as the authors' code
computes them, in NumPy float64 instead of torch.

Follows chijames/KERPLE (commit 73f1ee2d24722cdbe277d473899321218f5cbd00),
megatron/mpu/layers.py: ParallelKerpleLog.forward (bias = -bias_p * log(1 + bias_a * diff),
both clamped to >= eps = 0.01) and ParallelKerplePower.forward (bias = -bias_a * diff^bias_p,
bias_p clamped to [0.01, 2], bias_a >= 0.01; no weight kernel), with
diff = tril(arange(L)[:, None] - arange(L)[None, :]) (0 above the diagonal; GPT-NeoX's causal
mask hides those cells). bias_p is the paper's r1 (log) / p (power), bias_a its r2 / a.
ParallelKerplePower with pos_emb ending in 'original' is ALiBi: bias_a = _get_slopes(heads), p = 1.
Run: python3 tests/reference/kerple.py  (needs numpy)
"""
import numpy as np

EPS = 1e-2


def diff_matrix(seq_len_k):
    return np.tril(np.repeat(np.arange(seq_len_k).reshape(seq_len_k, 1), seq_len_k, axis=1)
                   + np.arange(0, -seq_len_k, -1)).astype(np.float64)


def kerple_log(bias_p, bias_a, seq_len):
    bias_p = max(bias_p, EPS)
    bias_a = max(bias_a, EPS)
    return -bias_p * np.log(1 + bias_a * diff_matrix(seq_len))


def kerple_power(bias_a, bias_p, seq_len):
    diff = diff_matrix(seq_len)
    bias_p = min(max(bias_p, EPS), 2)
    bias = diff ** bias_p
    bias_a = max(bias_a, EPS)
    return -bias * bias_a


def show(name, values):
    flat = np.asarray(values).ravel()
    print(f"{name} = {{" + ", ".join(f"{v:.17g}" for v in flat) + "};")


def main():
    print("// log, r1 (bias_p) = 1.7, r2 (bias_a) = 0.3, L = 5 (0 above the diagonal)")
    show("log5", kerple_log(1.7, 0.3, 5))
    print("// power, a (bias_a) = 0.8, p (bias_p) = 0.6, L = 5")
    show("power5", kerple_power(0.8, 0.6, 5))
    print("// log, r1 = 0.5, r2 = 2, row 4095 at keys 0, 1, 2048, 4094, 4095 (L = 4096)")
    show("logFar", kerple_log(0.5, 2.0, 4096)[4095][[0, 1, 2048, 4094, 4095]])
    print("// power, a = 0.05, p = 2, row 4095 at keys 0, 1, 2048, 4094 (L = 4096)")
    show("powerFar", kerple_power(0.05, 2.0, 4096)[4095][[0, 1, 2048, 4094]])


if __name__ == "__main__":
    main()
