#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Expected values for tests/core/schemes/deberta/deberta_test.cpp: DeBERTa-v2's log buckets and the rows of
the relative-embedding table that c2p and p2c read, re-implemented in numpy line by line.

Follows huggingface/transformers, src/transformers/models/deberta_v2/modeling_deberta_v2.py at
commit 967ed0db036766dc1e9a964eca66a8c07df1b902: make_log_bucket_position,
build_relative_position and DisentangledSelfAttention.disentangled_attention_bias (the
c2p_pos / p2c_pos indices, torch.gather and the final .transpose(-1, -2) of p2c).

torch arithmetic reproduced: relative_pos is int64; `abs_pos / mid` is a true division that
gives the default dtype float32; torch.tensor((max_position - 1) / mid) is a Python float
(double) rounded to float32; log, ceil, * (mid - 1), + mid and * sign stay float32; the result
is cast to int64 (.to(torch.long)). Run: python3 tests/reference/deberta_buckets.py
"""
import numpy as np

F32 = np.float32


def make_log_bucket_position(relative_pos, bucket_size, max_position):
    relative_pos = np.asarray(relative_pos, dtype=np.int64)
    sign = np.sign(relative_pos)
    mid = bucket_size // 2
    abs_pos = np.where((relative_pos < mid) & (relative_pos > -mid), np.int64(mid - 1),
                       np.abs(relative_pos))
    ratio = abs_pos.astype(F32) / F32(mid)                      # abs_pos / mid (float32)
    denom = np.log(F32((max_position - 1) / mid))               # torch.log(torch.tensor(...))
    log_pos = np.ceil(np.log(ratio) / denom * F32(mid - 1)) + F32(mid)
    bucket_pos = np.where(abs_pos <= mid, relative_pos.astype(F32), log_pos * sign.astype(F32))
    return bucket_pos


def build_relative_position(query_size, key_size, bucket_size, max_position):
    q_ids = np.arange(0, query_size)
    k_ids = np.arange(0, key_size)
    rel_pos_ids = q_ids[:, None] - k_ids[None, :]
    if bucket_size > 0 and max_position > 0:
        rel_pos_ids = make_log_bucket_position(rel_pos_ids, bucket_size, max_position)
    return rel_pos_ids.astype(np.int64)


def bucket_double(r, bucket_size, max_position):
    """The same formula in float64 (to show where float32 matters)."""
    r = np.asarray(r, dtype=np.int64)
    mid = bucket_size // 2
    a = np.where((r < mid) & (r > -mid), mid - 1, np.abs(r)).astype(np.float64)
    lp = np.ceil(np.log(a / mid) / np.log((max_position - 1) / mid) * (mid - 1)) + mid
    return np.where(a <= mid, r, lp * np.sign(r)).astype(np.int64)


def table_rows(length, bucket_size, max_position):
    """Rows of the 2*att_span relative table that c2p and p2c read at (i, j), found by running
    the code's gathers on a tensor that encodes (a, m) as a * 100000 + m."""
    att_span = bucket_size  # pos_ebd_size = position_buckets when position_buckets > 0
    relative_pos = build_relative_position(length, length, bucket_size, max_position)
    raw = np.arange(length)[:, None] * 100000 + np.arange(2 * att_span)[None, :]
    c2p_pos = np.clip(relative_pos + att_span, 0, att_span * 2 - 1)
    c2p = np.take_along_axis(raw, c2p_pos, axis=-1)             # torch.gather(dim=-1)
    r_pos = relative_pos                                        # key size == query size
    p2c_pos = np.clip(-r_pos + att_span, 0, att_span * 2 - 1)
    p2c = np.take_along_axis(raw, p2c_pos, axis=-1).T           # gather, then transpose(-1, -2)
    # c2p(i, j) = Q_i . PK[row]: the query is a = i; p2c(i, j) = K_j . PQ[row]: the key is a = j.
    assert np.all(c2p // 100000 == np.arange(length)[:, None])
    assert np.all(p2c // 100000 == np.arange(length)[None, :])
    return relative_pos, c2p % 100000, p2c % 100000


def sensitive(rs, bucket_size, max_position, ulps=4):
    """r whose ceil argument lies within `ulps` float32 ulps of an integer (a 1-ulp difference
    between log implementations could move the bucket there)."""
    mid = bucket_size // 2
    out = []
    for r in rs:
        a = abs(int(r))
        if a <= mid:
            continue
        x = np.log(F32(a) / F32(mid)) / np.log(F32((max_position - 1) / mid)) * F32(mid - 1)
        if abs(float(x) - round(float(x))) <= ulps * float(np.spacing(x)):
            out.append(int(r))
    return out


def main():
    rs = np.arange(-600, 601)
    for bucket_size, max_position in [(256, 512), (64, 128)]:
        b = make_log_bucket_position(rs, bucket_size, max_position).astype(np.int64)
        print(f"# buckets={bucket_size} max_relative_positions={max_position}: bucket(r) for r = -600..600")
        print("{" + ", ".join(str(int(v)) for v in b) + "}")
        d = bucket_double(rs, bucket_size, max_position)
        print(f"# float64 differs from float32 at r = {[int(r) for r in rs[d != b]]}")
        print(f"# ceil argument within 4 ulps of an integer at r = {sensitive(rs, bucket_size, max_position)}")
    for r in [-513, -512, -511, -510, 510, 511, 512, 513, 600, 1000, 4096, 65536, 1048575]:
        print(f"# bucket({r}) at 256/512 = {int(make_log_bucket_position([r], 256, 512)[0])}")
    wide = np.arange(-(1 << 20) + 1, 1 << 20)
    for bucket_size, max_position in [(256, 512), (64, 128), (32, 1024), (8, 16)]:
        f = make_log_bucket_position(wide, bucket_size, max_position).astype(np.int64)
        d = bucket_double(wide, bucket_size, max_position)
        diff = wide[f != d]
        print(f"# |r| < 2^20, buckets={bucket_size} max={max_position}: float64 differs at "
              f"{len(diff)} offsets, first {[int(x) for x in diff[:8]]}; "
              f"range {int(f.min())}..{int(f.max())}")
        for r in diff[-3:]:
            k = int(np.searchsorted(wide, r))
            print(f"#   r = {int(r)}: float32 bucket {int(f[k])}, float64 bucket {int(d[k])}")
    for length, bucket_size, max_position in [(20, 8, 16)]:
        rel, c2p, p2c = table_rows(length, bucket_size, max_position)
        print(f"# length={length} buckets={bucket_size} max={max_position}: bucket matrix (i - j)")
        print("{" + ",\n ".join("{" + ", ".join(str(int(v)) for v in row) + "}" for row in rel) + "}")
        print("# c2p table rows")
        print("{" + ",\n ".join("{" + ", ".join(str(int(v)) for v in row) + "}" for row in c2p) + "}")
        print("# p2c table rows (after gather + transpose)")
        print("{" + ",\n ".join("{" + ", ".join(str(int(v)) for v in row) + "}" for row in p2c) + "}")
        print(f"# p2c rows equal c2p rows: {bool(np.all(p2c == c2p))}")


if __name__ == "__main__":
    main()
