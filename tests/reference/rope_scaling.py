#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference values for the RoPE scalings of core/src/schemes/rope/rope_scaling.cpp (tests/core/schemes/rope/rope_scaling_test.cpp).

A numpy re-implementation, in float64, following line by line:
  - huggingface/transformers, src/transformers/modeling_rope_utils.py, the v5 main-branch text
    (rope_parameters API, after PR #40320; quoted in full in the project's research notes):
      _compute_yarn_parameters      (get_mscale, find_correction_dim, find_correction_range with
                                     truncate, linear_ramp_factor, the extrapolation /
                                     interpolation blend),
      _compute_llama3_parameters    (= meta-llama/llama-models apply_scaling),
      _compute_longrope_parameters  (ext_factors = long_factor when seq_len >
                                     original_max_position_embeddings, else short_factor);
    checked against the older release at commit ef46806472a64b0013ed413781e3afed82bfa047 for
    the parts that did not change (find_correction_dim / find_correction_range /
    linear_ramp_factor, the llama3 body);
  - Meta's apply_scaling (meta-llama/llama-models, models/llama3/reference_impl/model.py; the
    loop form, written out below as meta_apply_scaling and checked equal to the HF form);
  - the rotary embedding forward of the same library (LlamaRotaryEmbedding.forward):
      freqs = position_ids * inv_freq; emb = cat((freqs, freqs)); cos = emb.cos() * attention_scaling,
    and GPT-J's interleaved layout (each frequency twice, adjacent: repeat_interleave(2)).
HF computes in float32 torch; this script (and the C++ code) computes the same formulas in float64.

Run: python3 tests/reference/rope_scaling.py   (prints the numbers the C++ test embeds)
"""
import math

import numpy as np


def default_inv_freq(dim, base):
    # inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
    return 1.0 / (base ** (np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim))


def get_mscale(scale, mscale=1):
    if scale <= 1:
        return 1.0
    return 0.1 * mscale * math.log(scale) + 1.0


def yarn(dim, base, factor, original_max_position_embeddings, beta_fast=32, beta_slow=1,
         truncate=True, attention_factor=None, mscale=None, mscale_all_dim=None):
    if attention_factor is None:
        if mscale and mscale_all_dim:
            attention_factor = float(get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim))
        else:
            attention_factor = get_mscale(factor)

    def find_correction_dim(num_rotations, dim, base, max_position_embeddings):
        return (dim * math.log(max_position_embeddings / (num_rotations * 2 * math.pi))) / (2 * math.log(base))

    def find_correction_range(low_rot, high_rot, dim, base, max_position_embeddings, truncate):
        low = find_correction_dim(low_rot, dim, base, max_position_embeddings)
        high = find_correction_dim(high_rot, dim, base, max_position_embeddings)
        if truncate:
            low = math.floor(low)
            high = math.ceil(high)
        return max(low, 0), min(high, dim - 1)

    def linear_ramp_factor(min, max, dim):
        if min == max:
            max += 0.001  # Prevent singularity
        linear_func = (np.arange(dim, dtype=np.float64) - min) / (max - min)
        return np.clip(linear_func, 0, 1)

    pos_freqs = base ** (np.arange(0, dim, 2).astype(np.float64) / dim)
    inv_freq_extrapolation = 1.0 / pos_freqs
    inv_freq_interpolation = 1.0 / (factor * pos_freqs)
    low, high = find_correction_range(beta_fast, beta_slow, dim, base, original_max_position_embeddings, truncate)
    inv_freq_extrapolation_factor = 1 - linear_ramp_factor(low, high, dim // 2)
    inv_freq = (inv_freq_interpolation * (1 - inv_freq_extrapolation_factor)
                + inv_freq_extrapolation * inv_freq_extrapolation_factor)
    return inv_freq, attention_factor, (low, high)


def llama3(dim, base, factor, low_freq_factor, high_freq_factor, old_context_len):
    inv_freq = default_inv_freq(dim, base)
    low_freq_wavelen = old_context_len / low_freq_factor
    high_freq_wavelen = old_context_len / high_freq_factor
    wavelen = 2 * math.pi / inv_freq
    inv_freq_llama = np.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
    smooth_factor = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
    smoothed_inv_freq = (1 - smooth_factor) * inv_freq_llama / factor + smooth_factor * inv_freq_llama
    is_medium_freq = ~(wavelen < high_freq_wavelen) * ~(wavelen > low_freq_wavelen)
    inv_freq_llama = np.where(is_medium_freq, smoothed_inv_freq, inv_freq_llama)
    return inv_freq_llama, 1.0


def meta_apply_scaling(freqs, scale_factor, low_freq_factor, high_freq_factor, old_context_len):
    low_freq_wavelen = old_context_len / low_freq_factor
    high_freq_wavelen = old_context_len / high_freq_factor
    new_freqs = []
    for freq in freqs:
        wavelen = 2 * math.pi / freq
        if wavelen < high_freq_wavelen:
            new_freqs.append(freq)
        elif wavelen > low_freq_wavelen:
            new_freqs.append(freq / scale_factor)
        else:
            assert low_freq_wavelen != high_freq_wavelen
            smooth = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
            new_freqs.append((1 - smooth) * freq / scale_factor + smooth * freq)
    return np.array(new_freqs)


def longrope(dim, base, factor, original_max_position_embeddings, short_factor, long_factor,
             seq_len, attention_factor=None):
    if attention_factor is None:
        if factor <= 1.0:
            attention_factor = 1.0
        else:
            attention_factor = math.sqrt(1 + math.log(factor) / math.log(original_max_position_embeddings))
    if seq_len and seq_len > original_max_position_embeddings:
        ext_factors = np.array(long_factor, dtype=np.float64)
    else:
        ext_factors = np.array(short_factor, dtype=np.float64)
    inv_freq_shape = np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim
    inv_freq = 1.0 / (ext_factors * base ** inv_freq_shape)
    return inv_freq, attention_factor


def cos_sin(inv_freq, attention_factor, positions, layout):
    freqs = np.outer(np.asarray(positions, dtype=np.float64), inv_freq)
    emb = np.concatenate((freqs, freqs), axis=-1) if layout == "half" else np.repeat(freqs, 2, axis=-1)
    return np.cos(emb) * attention_factor, np.sin(emb) * attention_factor


def show(name, values):
    print(f"// {name}")
    print("{" + ", ".join(repr(float(v)) for v in values) + "}")


def main():
    # Llama 3.1 (Meta apply_scaling: factor 8, low 1, high 4, old context 8192, theta 500000, d 128).
    f, _ = llama3(128, 500000.0, 8.0, 1.0, 4.0, 8192)
    meta = meta_apply_scaling(default_inv_freq(128, 500000.0), 8.0, 1.0, 4.0, 8192)
    assert np.array_equal(f, meta), "HF llama3 and Meta apply_scaling differ"
    show("llama3 Llama-3.1: inv_freq, 64 values (HF = Meta apply_scaling, bit for bit)", f)

    # HF test_llama3_rope_numerically: d 128, theta 1e4, factor 10, L0 2048, 1 / 4.
    f, _ = llama3(128, 10000.0, 10.0, 1.0, 4.0, 2048)
    show("llama3 HF test: inv_freq", f)

    # HF test_yarn_rope_numerically: d 128, theta 1e4, factor 10, L0 2048, 32 / 1.
    f, a, r = yarn(128, 10000.0, 10.0, 2048)
    show(f"yarn HF test: inv_freq (attention {a!r}, range {r})", f)

    # gpt-oss: factor 32, L0 4096, theta 150000, d 64, beta 32 / 1, truncate false (and true).
    for truncate in (False, True):
        f, a, r = yarn(64, 150000.0, 32.0, 4096, truncate=truncate)
        show(f"yarn gpt-oss truncate={truncate}: inv_freq (attention {a!r}, range {r!r})", f)

    # DeepSeek-V3: factor 40, L0 4096, d_rot 64, theta 1e4, mscale 1, mscale_all_dim 1.
    f, a, r = yarn(64, 10000.0, 40.0, 4096, mscale=1.0, mscale_all_dim=1.0)
    print(f"// DeepSeek-V3 attention factor (mscale 1, mscale_all_dim 1): {a!r}; range {r}")
    f2, a2, _ = yarn(64, 10000.0, 40.0, 4096, mscale=1.0, mscale_all_dim=0.707)
    print(f"// DeepSeek-V2-style mscale 1, mscale_all_dim 0.707: {a2!r}")
    _, a3, _ = yarn(64, 10000.0, 40.0, 4096)
    print(f"// YaRN factor 40 own rule: {a3!r}")
    show("DeepSeek-V3 yarn inv_freq", f)

    # LongRoPE: d 8 (4 pairs), theta 1e4, factor 4, L0 16, short [1, 1.5, 2, 3], long [2, 4, 8, 16].
    short, lng = [1.0, 1.5, 2.0, 3.0], [2.0, 4.0, 8.0, 16.0]
    for seq in (16, 17):
        f, a = longrope(8, 10000.0, 4.0, 16, short, lng, seq)
        show(f"longrope seq_len {seq}: inv_freq (attention {a!r})", f)
    _, a = longrope(96, 10000.0, 32.0, 4096, [1.0] * 48, [1.0] * 48, 4097)
    print(f"// LongRoPE Phi-3 attention factor (factor 32, L0 4096): {a!r}")

    # Partial rotary, GPT-NeoX 20B: head 96, rotary_pct 0.25 -> d_rot 24, theta 1e4.
    d_rot = int(96 * 0.25)
    show(f"partial rotary d_rot {d_rot}: inv_freq", default_inv_freq(d_rot, 10000.0))

    # cos / sin caches: YaRN d 8, theta 1e4, factor 4, L0 64 (attention 0.1 ln 4 + 1), positions 0, 1, 5.
    f, a, r = yarn(8, 10000.0, 4.0, 64)
    print(f"// cache yarn d 8: inv_freq {list(map(float, f))!r}, attention {a!r}, range {r}")
    for layout in ("half", "interleaved"):
        c, s = cos_sin(f, a, [0, 1, 5], layout)
        show(f"cos {layout} rows 0, 1, 5", c.ravel())
        show(f"sin {layout} rows 0, 1, 5", s.ravel())


if __name__ == "__main__":
    main()
