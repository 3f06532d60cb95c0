// SPDX-License-Identifier: GPL-3.0-or-later
// DeBERTa's disentangled attention (He, Liu, Gao, Chen, "DeBERTa: Decoding-enhanced BERT with
// Disentangled Attention", ICLR 2021; the v2 / v3 code), as Hugging Face transformers computes
// it: src/transformers/models/deberta_v2/modeling_deberta_v2.py (commit 967ed0db),
// make_log_bucket_position, build_relative_position and
// DisentangledSelfAttention.forward / disentangled_attention_bias, with share_att_key = true
// and pos_att_type = c2p|p2c (DeBERTa-v3's configuration).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"

namespace posenc {

/// Longest row (keys per query) the attention view evaluates (softmax needs the whole row).
inline constexpr Index kDebertaAttentionMaxKeys = 65536;

/// Parameters of the deberta scheme (d = d_head = d_model / heads).
/// Random stand-ins (posenc::normal, seed = `seed`; no projection biases, no LayerNorm on P):
///   H(i, c)          = N(0, 1)                 DebertaContent (row = position i)
///   W_q(c, o), W_k(c, o) = N(0, 1)/sqrt(d_model) DebertaWq, DebertaWk (d_model x d_model;
///                                             head h uses columns h d .. h d + d - 1)
///   P(m, c)          = N(0, 1)                 DebertaRelEmbed (row m = 0 .. 2 buckets - 1)
/// Q_i = H_i W_q, K_j = H_j W_k, and, as share_att_key = true does, the relative rows are
/// projected with the same weights: Q^r_m = P_m W_q, K^r_m = P_m W_k.
/// With `rel_table` set, P is a checkpoint's encoder.rel_embeddings.weight (2 buckets x
/// d_model) instead, after encoder.LayerNorm when rel_norm = layer_norm (see
/// debertaRelEmbeddings); H, W_q and W_k stay random stand-ins.
struct DebertaParams {
  Index length = 512;       ///< Positions 0..length-1; 1..2^20.
  Index dModel = 64;        ///< hidden_size; 1..1024, divisible by heads.
  Index heads = 4;          ///< num_attention_heads; 1..64.
  Index head = 0;           ///< Head shown; 0..heads-1.
  Index buckets = 256;      ///< position_buckets (att_span); even, 4..2048.
  Index maxRelative = 512;  ///< max_relative_positions; > buckets/2 + 1.
  std::uint64_t seed = 0;   ///< Seed of H, W_q, W_k and P.
  std::string relTable{};   ///< `rel_table`: "FILE[:NAME]" of rel_embeddings; empty: stand-in P.
  bool relNorm = false;     ///< `rel_norm` = layer_norm: P = encoder.LayerNorm(rel_embeddings).
  friend bool operator==(const DebertaParams&, const DebertaParams&) = default;
};

/// Reads the parameters of the deberta scheme (deberta_scheme.cpp).
[[nodiscard]] DebertaParams debertaParamsFrom(const ParamSet& params);

/// encoder.LayerNorm's eps: DebertaV2Config's layer_norm_eps default, which every published
/// DeBERTa-v2 / v3 config keeps.
inline constexpr double kDebertaLayerNormEps = 1e-7;

/// The cross-checks: head < heads, heads divides d_model, max_relative_positions - 1 >
/// buckets / 2 (else the log's denominator is <= 0), a rel_table of 2 buckets x d_model (and its
/// LayerNorm when rel_norm = layer_norm). @throws ParamError naming the parameter.
void checkDebertaParams(const DebertaParams& p);

/// make_log_bucket_position(r, bucket_size, max_position) for one relative position r = i - j,
/// in the code's float32 arithmetic: |r| <= mid = bucket_size / 2 gives r; otherwise
/// sign(r) (ceil(log(|r| / mid) / log((max_position - 1) / mid) * (mid - 1)) + mid), every
/// operation in float (the ratio of (max_position - 1) / mid is formed in double and rounded,
/// as torch.tensor of a Python float does). Not bounded by bucket_size: the gathers clamp.
[[nodiscard]] std::int64_t debertaBucket(std::int64_t r, Index bucketSize, Index maxPosition);

/// The same formula in double throughout: equal to debertaBucket except at a few large |r|
/// (see docs/CONVENTIONS.md); for the tests and the documentation.
[[nodiscard]] std::int64_t debertaBucketDouble(std::int64_t r, Index bucketSize, Index maxPosition);

/// delta(i, j): build_relative_position's bucketed q_ids[:, None] - k_ids[None, :].
[[nodiscard]] std::int64_t debertaDelta(const DebertaParams& p, Index i, Index j);

/// Row of the 2 buckets relative table c2p reads at (i, j): clamp(delta(i, j) + span, 0,
/// 2 span - 1) (c2p_pos), span = buckets.
[[nodiscard]] Index debertaC2pRow(const DebertaParams& p, Index i, Index j);

/// Row p2c reads at (i, j), as the code finds it: p2c_att[j, m] = K_j . Q^r_m is gathered with
/// p2c_pos[j, i] = clamp(-delta(j, i) + span, 0, 2 span - 1) and then transposed, so cell
/// (i, j) reads row clamp(-delta(j, i) + span) = clamp(delta(i, j) + span) (the bucket is odd),
/// the row c2p reads: delta(i, j), where the paper's Eq. 4 writes delta(j, i).
[[nodiscard]] Index debertaP2cRow(const DebertaParams& p, Index i, Index j);

/// The checkpoint tensors a rel_table without a name reads: "encoder.rel_embeddings.weight",
/// then "deberta.encoder.rel_embeddings.weight" (task models).
[[nodiscard]] std::vector<std::string> debertaRelTensorNames();

/// The relative embeddings P the file p.relTable names: 2 buckets x d_model, row m = table row m
/// (HF DebertaV2Encoder.get_rel_embedding): rel_embeddings.weight as stored, or, when
/// p.relNorm, LayerNorm over each row, (x - mean) / sqrt(var + kDebertaLayerNormEps) * w + b
/// (biased variance, as torch.nn.LayerNorm), with w, b = encoder.LayerNorm.weight / .bias read
/// from the same file (the name's prefix before "rel_embeddings.weight", or encoder. /
/// deberta.encoder. when no name is given).
/// @pre p.relTable is not empty.
/// @throws ParamError("rel_table", ...) for an unreadable file or a shape other than
/// 2 buckets x d_model; ParamError("rel_norm", ...) when the LayerNorm is not in the file.
[[nodiscard]] Matrix debertaRelEmbeddings(const DebertaParams& p);

/// The three raw (unscaled) terms of one head at rows x cols, and the logit.
struct DebertaTerms {
  Matrix c2c;        ///< Q_i . K_j.
  Matrix c2p;        ///< Q_i . K^r_{c2pRow(i, j)}.
  Matrix p2c;        ///< K_j . Q^r_{p2cRow(i, j)}.
  double scale = 1;  ///< sqrt(d * scale_factor), scale_factor = 3 (1 + c2p + p2c).
  /// c2c / scale + (c2p / scale + p2c / scale): the order forward() adds them in.
  [[nodiscard]] Matrix total() const;
};

/// Pure maths on given projections: q is rows.size() x d, k is cols.size() x d, qr and kr are
/// (2 buckets) x d (Q^r and K^r).
[[nodiscard]] DebertaTerms debertaTermsOf(const DebertaParams& p, std::span<const Index> rows,
                                          const Matrix& q, std::span<const Index> cols,
                                          const Matrix& k, const Matrix& qr, const Matrix& kr);

/// The stand-in terms of the deberta scheme at rows x cols (see DebertaParams).
[[nodiscard]] DebertaTerms debertaTerms(const DebertaParams& p, std::span<const Index> rows,
                                        std::span<const Index> cols);

/// Row-wise softmax of the total over all keys 0..length-1 (no mask), at the given cells.
[[nodiscard]] Matrix debertaAttention(const DebertaParams& p, std::span<const Index> rows,
                                      std::span<const Index> cols);

/// The deberta scheme (deberta_scheme.cpp): views buckets, bucket_map, c2c, c2p, p2c, total,
/// attention.
[[nodiscard]] std::unique_ptr<Scheme> makeDebertaScheme();

}  // namespace posenc
