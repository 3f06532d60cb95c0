// SPDX-License-Identifier: GPL-3.0-or-later
// Transformer-XL relative attention scores (Dai et al. 2019, sec. 3.3; kimiyoung/transformer-xl
// `RelPartialLearnableMultiHeadAttn`), split into its four terms and computed with `_rel_shift`.
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

/// Where R_delta comes from.
enum class XlRelative {
  Sinusoidal,  ///< The paper's `PositionalEmbedding`: concatenated, base 10000, width d_model.
  Learned,     ///< The seed article 000: a trainable table of 2 max_len - 1 rows.
};

/// Parameters of one attention head of one Transformer-XL layer. klen = mlen + qlen.
/// Random tensors (posenc::normal, row/col as named; head h uses W columns h d_head ..
/// (h+1) d_head - 1, d_head = dModel / heads):
/// - XlContent (row = position in cat(memory, h), 0 .. klen-1; col < dModel): std 1.
/// - XlWq, XlWk, XlWr (row = input dim, col = output dim, both < dModel): std 1/sqrt(dModel),
///   so q, k have unit-variance entries and r entries have variance 1/2 (|R_delta|^2 = dModel/2).
/// - XlU, XlV (row = head, col < d_head): std 1 (the paper's u = r_w_bias, v = r_r_bias),
///   unless uTable / vTable name a checkpoint's r_w_bias / r_r_bias (heads x d_head, HF
///   TransfoXL's nn.Parameter(n_head, d_head)): then row `head` of the file is u / v. The
///   content and W matrices stay random stand-ins either way.
/// - XlRelTable (learned only; row = delta + kXlMaxLen - 1, col < dModel): std 1/sqrt(2), the
///   same mean square as a sinusoidal row; a smaller max_len is a centred slice of one table.
/// With these scales the four terms have comparable magnitude (variance ~1, 1/2, 1, 1/2).
struct XlParams {
  int qlen = 16;     ///< Query (current segment) length, 1 .. kXlMaxSegment.
  int mlen = 0;      ///< Memory length (cached previous segment), 0 .. kXlMaxSegment.
  int dModel = 64;   ///< Model width, 2 .. 1024; divisible by heads; even for sinusoidal.
  int heads = 4;     ///< Number of heads, 1 .. 64.
  int head = 0;      ///< Head shown, 0 .. heads-1.
  int clampLen = 0;  ///< > 0: delta clamped to at most clampLen (`clamp_len`); 0 = none.
  XlRelative relative = XlRelative::Sinusoidal;
  int maxLen = 512;  ///< Learned only: table rows 2 maxLen - 1, delta in +-(maxLen-1); >= 1.
  std::uint64_t seed = 0;
  std::string uTable{};  ///< `u_table`: "FILE[:NAME]" of r_w_bias; empty: the stand-in.
  std::string vTable{};  ///< `v_table`: "FILE[:NAME]" of r_r_bias; empty: the stand-in.
  friend bool operator==(const XlParams&, const XlParams&) = default;
};

/// Largest qlen and mlen: term views go to a million-token segment (they are evaluated cell
/// by cell for the cells asked for).
inline constexpr Index kXlMaxSegment = 1048576;

/// Longest k_len = qlen + mlen the attention view evaluates (a weight needs its whole row).
inline constexpr Index kXlAttentionMaxKeys = 65536;

/// Largest max_len accepted; fixes the row offset of XlRelTable.
inline constexpr std::int64_t kXlMaxLen = 65536;

/// Typed parameters from a validated ParamSet of the xl scheme (xl_scheme.cpp).
[[nodiscard]] XlParams xlParamsFrom(const ParamSet& params);

/// Head width d_head = dModel / heads.
[[nodiscard]] inline Index xlHeadDim(const XlParams& p) { return p.dModel / p.heads; }

/// Key length k_len = mlen + qlen (memory first, then the segment).
[[nodiscard]] inline Index xlKeyLength(const XlParams& p) { return Index{p.mlen} + p.qlen; }

/// True where query i may not see key j: j > i + mlen (a key after the query).
[[nodiscard]] inline bool xlIsMasked(Index i, Index j, Index mlen) { return j > i + mlen; }

/// The distance R is looked up at for true distance delta = i + mlen - j: min(delta, clampLen)
/// when clampLen > 0 (the reference's `pos_seq.clamp_(max=clamp_len)`), then, for Learned,
/// clamped into [-(maxLen-1), maxLen-1] as the seed article's table does.
[[nodiscard]] Index xlLookupDistance(const XlParams& p, Index delta);

/// One relative embedding R_delta (1 x dModel) at an already clamped lookup distance.
[[nodiscard]] Matrix xlRelativeRow(const XlParams& p, Index lookupDistance);

/// The R rows in the reference's order: klen x dModel, row c = R at
/// xlLookupDistance(klen-1-c), i.e. `pos_seq = arange(klen-1, -1, -1)`, distance decreasing.
[[nodiscard]] Matrix xlRelativeRows(const XlParams& p);

/// Which global bias: u (term c, `r_w_bias`) or v (term d, `r_r_bias`).
enum class XlBias { U, V };

/// The checkpoint tensors a `u_table` / `v_table` without a name reads, preferred first:
/// "transformer.layers.0.dec_attn.r_w_bias" (untie_r, HF's default) then
/// "transformer.r_w_bias" (tied), r_r_bias for V.
[[nodiscard]] std::vector<std::string> xlBiasTensorNames(XlBias which);

/// u or v of head p.head (d_head): row p.head of the file uTable / vTable names, else
/// normal(seed, XlU / XlV, head, c).
/// @throws ParamError("u_table" / "v_table", ...) for a file that cannot be read or a shape
/// other than heads x d_head.
[[nodiscard]] Vector xlHeadBias(const XlParams& p, XlBias which);

/// Explicit inputs of one head, so tests can substitute any of them (e.g. u = v = 0).
struct XlTensors {
  Index mlen = 0;  ///< Memory rows at the top of `content`; qlen = content.rows() - mlen.
  Matrix content;  ///< klen x dModel: cat(memory, h); queries use the last qlen rows.
  Matrix wq;       ///< dModel x d_head: this head's columns of W_q.
  Matrix wk;       ///< dModel x d_head: this head's columns of W_k.
  Matrix wr;       ///< dModel x d_head: this head's columns of W_R (`r_net`).
  Vector u;        ///< d_head: content bias u (`r_w_bias`).
  Vector v;        ///< d_head: position bias v (`r_r_bias`).
  Matrix rel;      ///< klen x dModel: R rows in pos_seq order (xlRelativeRows).
};

/// The tensors of head p.head drawn from p.seed (see XlParams for the random streams).
[[nodiscard]] XlTensors xlTensors(const XlParams& p);

/// The reference `_rel_shift` (the paper's appendix "Efficient computation of the attention
/// with relative positional embedding") on a qlen x klen matrix: prepend a zero column, read the
/// qlen x (klen+1) buffer as (klen+1) x qlen, drop its first row, read the rest as qlen x klen.
/// @return qlen x klen; if x(i, c) depends only on delta = klen-1-c, out(i, j) = x at
///         delta = i + (klen - qlen) - j for every j <= i + klen - qlen. Cells above that
///         diagonal hold wrapped values from the next row (garbage, always masked).
[[nodiscard]] Matrix xlRelShift(const Matrix& x);

/// The matrices one can ask xlTerm for. Each is qlen x klen.
enum class XlTerm { A, B, C, D, AC, BD, Scores };

/// One term, each divided by sqrt(d_head) (Dai et al. sec. 3.3, the A^rel_{i,j} equation):
/// A = q_i.k_j, B = q_i.r_delta, C = u.k_j, D = v.r_delta, AC = (q_i+u).k_j,
/// BD = (q_i+v).r_delta, Scores = (AC + BD) unscaled, then scaled, as the reference does.
/// Row = query i (position mlen + i of the concatenation), col = key j (memory first),
/// delta = i + mlen - j. B, D, BD are computed as `_rel_shift((q + bias) r^T)` with r = rel wr,
/// never with a qlen x klen x d_head tensor. Masked cells (j > i + mlen) are NaN.
/// @note Signed; masking happens after the terms are computed and summed.
/// @pre t has the shapes documented in XlTensors (rel.rows() == content.rows() = klen).
[[nodiscard]] Matrix xlTerm(const XlTensors& t, XlTerm term);

/// Row-wise softmax of a masked score matrix over its non-NaN cells; NaN cells stay NaN.
/// @return same shape; each row with an unmasked cell sums to 1.
[[nodiscard]] Matrix xlAttention(const Matrix& scores);

/// Bytes, in float32 (4 bytes per value), of the explicit per-head [qlen, klen, dHead]
/// relative tensor the seed article builds, and of the extra memory the rel-shift trick
/// needs instead: the projected rows r (klen x dHead) plus the padded qlen x (klen+1) copy.
struct XlMemory {
  double explicitBytes = 0;
  double relShiftBytes = 0;
};
[[nodiscard]] XlMemory xlMemoryBytes(Index qlen, Index klen, Index dHead);

/// Values of one term (xlTerm's definitions, each divided by sqrt(d_head)) at the cells
/// rows x cols: rows.size() x cols.size(), row = query i, col = key j, masked cells NaN.
/// Evaluated cell by cell, so a sampled region equals the same cells of the whole matrix bit
/// for bit, and nothing of size k_len x d_model or q_len x k_len is built:
///   q_i = h_(mlen+i) W_q,  k_j = h_j W_k           (d_head each, ordered products)
///   (a) = q_i . k_j,  (c) = u . k_j,  AC = (q_i + u) . k_j
///   (b) = R_delta . (W_r q_i),  (d) = R_delta . (W_r v),  BD = R_delta . (W_r (q_i + v))
/// i.e. q . (R W_r) regrouped as R . (W_r q): a d_model-long dot per cell, and only the R rows
/// of the distances the region contains. Scores = (AC + BD) / sqrt(d_head), summed before
/// scaling as the reference does. Equal to xlTerm on xlTensors(p) up to rounding (1e-12).
/// @pre rows in 0 .. qlen-1 and cols in 0 .. k_len-1, both increasing.
[[nodiscard]] Matrix xlTermCells(const XlParams& p, XlTerm term, std::span<const Index> rows,
                                 std::span<const Index> cols);

/// Softmax weights of the unmasked keys of each requested row (scores as xlTermCells(Scores)),
/// at the requested columns: rows.size() x cols.size(), masked cells NaN, each full row sums
/// to 1. A weight needs its whole row, so this is for k_len <= kXlAttentionMaxKeys; a row's
/// weights are summed in key order, so they do not depend on the region asked for.
[[nodiscard]] Matrix xlAttentionCells(const XlParams& p, std::span<const Index> rows,
                                      std::span<const Index> cols);

/// The `xl` scheme (xl_scheme.cpp): views a, b, c, d, ac, bd, scores, mask, attention and
/// series memory.
[[nodiscard]] std::unique_ptr<Scheme> makeXlScheme();

}  // namespace posenc
