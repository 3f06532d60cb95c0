#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Expected numbers of learned's table views (tests/core/maths/table_analysis_test.cpp), computed
with numpy the way scikit-learn's PCA does it (sklearn/decomposition/_pca.py, PCA._fit_full:
centre, numpy.linalg.svd, svd_flip(U, Vt) with u_based_decision=True, X_new = U * S,
explained_variance_ratio_ = S**2 / sum(S**2)) and the spectrum with numpy.fft.rfft.

Run with /usr/bin/python3 (numpy): prints C++ initialisers the test embeds.
"""
import numpy as np


def table(n, d):
    """The small table of the test: T[i, k] = sin(0.7 i (k + 1)) + 0.1 k i - 0.05 i^2 / (k + 1)."""
    i = np.arange(n, dtype=np.float64)[:, None]
    k = np.arange(d, dtype=np.float64)[None, :]
    return np.sin(0.7 * i * (k + 1)) + 0.1 * k * i - 0.05 * i * i / (k + 1)


def pca(x, components):
    centred = x - x.mean(axis=0)
    u, s, vt = np.linalg.svd(centred, full_matrices=False)
    # svd_flip, u_based_decision=True: the largest |u| of each column positive.
    rows = np.argmax(np.abs(u), axis=0)
    signs = np.sign(u[rows, range(u.shape[1])])
    u *= signs
    coords = u * s
    ratio = s**2 / np.sum(s**2)
    return coords[:, :components], ratio[:components]


def dominant(x):
    n = x.shape[0]
    out = []
    for k in range(x.shape[1]):
        col = x[:, k] - x[:, k].mean()
        power = np.abs(np.fft.rfft(col)) ** 2
        m = 1 + int(np.argmax(power[1 : n // 2 + 1]))
        out.append(m / n)
    return out


def cpp(name, values):
    print(f"const std::vector<double> {name} = {{")
    print("    " + ", ".join(repr(float(v)) for v in values) + "};")


if __name__ == "__main__":
    for n, d in ((7, 4), (3, 5)):  # covariance path (n >= d) and Gram path (n < d)
        coords, ratio = pca(table(n, d), 3)
        cpp(f"kCoords{n}x{d}", coords.flatten())
        cpp(f"kExplained{n}x{d}", ratio)
    cpp("kDominant12x5", dominant(table(12, 5)))
