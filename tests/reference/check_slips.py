#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Expected numbers of tests/core/check/check_test.cpp (the oracle's diagnosis), computed with numpy
independently of the C++ code. Run with Debian's /usr/bin/python3 (numpy installed there).

- YaRN's attention factor for factor s = 4: huggingface/transformers modeling_rope_utils.py
  _compute_yarn_parameters, get_mscale(scale) = 0.1 * math.log(scale) + 1.0.
- ALiBi slopes for 12 heads: ofirpress/attention_with_linear_biases, fairseq/models/
  transformer.py get_slopes (the same rule as HF modeling_bloom.py build_alibi_tensor), and
  the simple rule 2^(-8(h+1)/n) the diagnosis names.
- T5 buckets: huggingface/transformers modeling_t5.py T5Attention._relative_position_bucket
  (in float32 as torch computes it), with num_buckets halved (the code) and not halved (the
  slip), for a few offsets r = j - i.
"""
import math

import numpy as np


def get_slopes(n):
    def get_slopes_power_of_2(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        ratio = start
        return [start * ratio**i for i in range(n)]

    if math.log2(n).is_integer():
        return get_slopes_power_of_2(n)
    closest_power_of_2 = 2 ** math.floor(math.log2(n))
    return (get_slopes_power_of_2(closest_power_of_2)
            + get_slopes(2 * closest_power_of_2)[0::2][: n - closest_power_of_2])


def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32,
                             max_distance=128, halve=True):
    relative_position = np.asarray(relative_position, dtype=np.int64)
    relative_buckets = np.zeros_like(relative_position)
    if bidirectional:
        if halve:
            num_buckets //= 2
        relative_buckets += (relative_position > 0).astype(np.int64) * num_buckets
        relative_position = np.abs(relative_position)
    else:
        relative_position = -np.minimum(relative_position, 0)
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    with np.errstate(divide="ignore", invalid="ignore"):
        large = max_exact + (
            np.log(relative_position.astype(np.float32) / np.float32(max_exact))
            / np.float32(math.log(max_distance / max_exact))
            * np.float32(num_buckets - max_exact)
        ).astype(np.int64)
    large = np.minimum(large, num_buckets - 1)
    return relative_buckets + np.where(is_small, relative_position, large)


def main():
    print("yarn attention factor s=4: %.17g" % (0.1 * math.log(4.0) + 1.0))
    slopes = get_slopes(12)
    print("get_slopes(12):", ", ".join("%.17g" % s for s in slopes))
    print("simple 2^(-8(h+1)/12):", ", ".join("%.17g" % 2 ** (-8 * (h + 1) / 12) for h in range(12)))
    offsets = [-200, -100, -50, -20, -8, -1, 0, 1, 7, 8, 9, 15, 16, 20, 50, 90, 91, 100, 127, 128, 200]
    print("offsets:", ", ".join(str(r) for r in offsets))
    for bidirectional, halve in [(True, True), (True, False), (False, True)]:
        b = relative_position_bucket(offsets, bidirectional=bidirectional, halve=halve)
        print("buckets bidirectional=%s halve=%s:" % (bidirectional, halve),
              ", ".join(str(int(x)) for x in b))


if __name__ == "__main__":
    main()
