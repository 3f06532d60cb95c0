# SPDX-License-Identifier: GPL-3.0-or-later
"""Side by side (issue 17): a RoPE cos cache of 131072 positions x 128 dims, computed by
posenc.compute and by the numpy way (Hugging Face's rotary embedding written in numpy:
inv_freq = 1 / base^(arange(0, d, 2) / d); freqs = outer(positions, inv_freq);
emb = cat(freqs, freqs); cos(emb)). One run each, after one small call of each that loads
the libraries and one full-size call of each: a process's first 128 MiB allocation can stall
in the kernel for hundreds of milliseconds (reclaim, huge-page compaction), whichever library
makes it, so that call is not timed for either. Prints both wall times and the ratio.
Target: posenc at least 3x faster.

Run by scripts/bench_python_compute.sh with Debian's /usr/bin/python3 and PYTHONPATH set to
the build's python/ folder.
"""

import sys
import time

import numpy as np

import posenc

LENGTH, DIM, BASE = 131072, 128, 10000.0


def numpy_cos(length, dim, base):
    inv_freq = 1.0 / (base ** (np.arange(0, dim, 2, dtype=np.float64) / dim))
    freqs = np.outer(np.arange(length, dtype=np.float64), inv_freq)
    emb = np.concatenate((freqs, freqs), axis=-1)
    return np.cos(emb)


def timed(f):
    start = time.perf_counter()
    value = f()
    return value, time.perf_counter() - start


def main():
    # Loads the libraries, then one untimed full-size call of each (see the top).
    posenc.compute("rope", "cos", length=16, dim=DIM)
    numpy_cos(16, DIM, BASE)
    posenc.compute("rope", "cos", length=LENGTH, dim=DIM)
    numpy_cos(LENGTH, DIM, BASE)
    ours, t_posenc = timed(lambda: posenc.compute("rope", "cos", length=LENGTH, dim=DIM))
    theirs, t_numpy = timed(lambda: numpy_cos(LENGTH, DIM, BASE))
    assert ours.shape == theirs.shape == (LENGTH, DIM)
    # The same cache: numpy's inv_freq and ours differ in the last bits (so the angles of the
    # far positions too); cos absorbs it.
    diff = float(np.abs(ours - theirs).max())
    assert diff < 1e-9, diff
    ratio = t_numpy / t_posenc
    print("rope cos cache, {} positions x {} dims (float64, {:.0f} MiB)".format(
        LENGTH, DIM, ours.nbytes / 2**20))
    print("  posenc.compute : {:8.1f} ms".format(t_posenc * 1e3))
    print("  numpy          : {:8.1f} ms".format(t_numpy * 1e3))
    print("  ratio          : {:8.2f}x  (target >= 3x: {})".format(
        ratio, "met" if ratio >= 3 else "NOT met"))
    print("  largest |posenc - numpy|: {:.3g}".format(diff))
    return 0 if ratio >= 3 else 1


if __name__ == "__main__":
    sys.exit(main())
