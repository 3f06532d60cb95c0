// SPDX-License-Identifier: GPL-3.0-or-later
// The slips every scheme can have (check_diagnosis.hpp genericSlips): another value of a
// choice or flag, positions shifted by one, the transpose, the sign, a scalar factor, a
// constant per row, another base (estimated from yours) and rounding to a narrower type.
#include <algorithm>
#include <cmath>
#include <exception>

#include "check/check_diagnosis.hpp"
#include "posenc/maths/sinusoidal_table.hpp"

namespace posenc::detail {

namespace {

const char* sinusoidalLayoutText(const std::string& layout) {
  if (layout == "interleaved") return "sin and cos of pair i in columns 2i and 2i + 1, the paper";
  if (layout == "concatenated") return "all sines, then all cosines, as Transformer-XL and GPT-J";
  return "sines then cosines with wᵢ = base^(−i/(d/2 − 1)), tensor2tensor's "
         "get_timing_signal_1d and fairseq";
}

const char* ropeLayoutText(const std::string& layout) {
  return layout == "half" ? "emb = cat(freqs, freqs), HF's rotate_half: column j pairs with j + d/2"
                          : "each θⱼ in two adjacent columns, as GPT-J's rotate_every_two and "
                            "Meta's original Llama";
}

/// The sentence for yours matching `id`=`yours` where ours has `ours`.
std::string choiceText(const DiagnosisContext& ctx, const std::string& id, const std::string& yours,
                       const std::string& ours) {
  const std::string& scheme = ctx.scheme.info().id;
  const std::string set = "set " + id + "=" + yours;
  if (scheme == "rope" && id == "layout") {
    const std::string what =
        ctx.view.id == "cos" || ctx.view.id == "sin" ? "Your " + ctx.view.id + " cache" : "Yours";
    return what + " is the " + yours + " layout (" + ropeLayoutText(yours) + "); ours is " + ours +
           " (" + ropeLayoutText(ours) + "): " + set +
           (yours == "interleaved" ? ", or pair column j with j + d/2"
                                   : ", or pair columns 2j and 2j + 1") +
           ".";
  }
  if (scheme == "sinusoidal" && id == "layout")
    return "Your table is the " + yours + " layout (" + sinusoidalLayoutText(yours) +
           "); ours is " + ours + " (" + sinusoidalLayoutText(ours) + "): " + set + ".";
  if (scheme == "t5" && id == "bidirectional")
    return yours == "false"
               ? "Your buckets are unidirectional (every key after the query in bucket 0, T5's "
                 "decoder); ours are bidirectional (keys after the query in the upper half of "
                 "the buckets, the encoder): " +
                     set + "."
               : "Your buckets are bidirectional (keys after the query in the upper half of the "
                 "buckets, T5's encoder); ours are unidirectional (every key after the query in "
                 "bucket 0, the decoder): " +
                     set + ".";
  if (scheme == "alibi" && id == "causal")
    return yours == "false"
               ? "Your bias is the symmetric −m|i − j| (keys after the query penalised too); ours "
                 "is causal (−m(i − j), keys after the query masked): " +
                     set + "."
               : "Your bias is causal (keys after the query masked); ours is the symmetric "
                 "−m|i − j|: " +
                     set + ".";
  return "Yours matches " + id + "=" + yours + "; ours has " + id + "=" + ours + ": " + set + ".";
}

/// Values taken from the report's ours, transformed cell by cell; with `columns`, yours'
/// column c is ours' column columns[c].
template <typename F>
CellValues fromOurs(const DiagnosisContext& ctx, F f, std::vector<Index> columns = {}) {
  const Matrix* ours = &ctx.report.ours;
  return [ours, f, map = std::move(columns)](std::span<const Index> rows,
                                             std::span<const Index> cols) {
    Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
    std::vector<Index> source(cols.begin(), cols.end());
    if (!map.empty())
      for (Index& c : source) c = map[static_cast<std::size_t>(c)];
    for (std::size_t a = 0; a < rows.size(); ++a)
      for (std::size_t b = 0; b < cols.size(); ++b)
        out(static_cast<Index>(a), static_cast<Index>(b)) = f((*ours)(rows[a], source[b]), rows[a]);
    return out;
  };
}

/// For another pairing layout whose columns hold the same numbers in another order (RoPE's
/// half and interleaved caches, the sinusoidal table's interleaved and concatenated layouts):
/// ours' column for each of yours, so the slip is read off the report's ours instead of
/// recomputed. Empty when the layouts differ in more than the order or the region does not
/// span every column.
std::vector<Index> layoutColumns(const DiagnosisContext& ctx, const std::string& yours,
                                 const std::string& ours) {
  const CheckReport& r = ctx.report;
  const std::string& scheme = ctx.scheme.info().id;
  if (ctx.view.kind != ViewKind::Matrix) return {};
  const Index d = ctx.scheme.shape(ctx.params, ctx.view.id).cols;
  if (r.colStart != 0 || r.ours.cols() != d || d % 2 != 0) return {};
  std::vector<Index> map;
  if (scheme == "rope" && (ctx.view.id == "cos" || ctx.view.id == "sin")) {
    for (Index c = 0; c < d; ++c) {
      const Index pair = yours == "interleaved" ? c / 2 : c % (d / 2);
      map.push_back(ours == "half" ? pair : 2 * pair);
    }
  } else if (scheme == "sinusoidal" && ctx.view.id == "encoding" && yours != "tensor2tensor" &&
             ours != "tensor2tensor") {
    const SinusoidalLayout y = sinusoidalLayoutFromId(yours), o = sinusoidalLayoutFromId(ours);
    for (Index c = 0; c < d; ++c) {
      const auto [i, isSin] = pairOfColumn(c, d, y);
      map.push_back(isSin ? sinColumn(i, d, o) : cosColumn(i, d, o));
    }
  }
  return map;
}

void addChoiceFlips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  for (const ParamSpec& spec : ctx.scheme.info().params) {
    std::vector<std::string> others;
    if (spec.type == ParamType::Choice) others = spec.choices;
    if (spec.type == ParamType::Bool) others = {"true", "false"};
    if (others.empty()) continue;
    const std::string ours = formatValue(ctx.params.get(spec.id));
    for (const std::string& v : others) {
      ParamSet p;
      if (v == ours || !withParam(ctx.scheme, ctx.params, spec.id, v, p)) continue;
      SlipCandidate c{spec.id, choiceText(ctx, spec.id, v, ours), spec.id + "=" + v,
                      recomputeWith(ctx, p)};
      if (spec.id == "layout") {
        std::vector<Index> map = layoutColumns(ctx, v, ours);
        if (!map.empty())
          c.values = fromOurs(
              ctx, [](double o, Index) { return o; }, std::move(map));
      }
      if (ctx.scheme.info().id == "rope" && spec.id == "scaling") {
        const bool none = v == "none" && ours == "linear";
        c.id = none ? "linear_side" : "scaling";
        if (none)
          c.text = "Your cache has no linear scaling (positions not divided by factor s = " +
                   formatValue(ctx.params.get("factor")) +
                   "); ours divides θ by s (scaling=linear, HF's inv_freq /= factor): divide "
                   "the positions by s, or set scaling=none.";
      }
      out.push_back(std::move(c));
    }
  }
}

/// yours(i, j) = ours(i + dr, j + dc), one of dr, dc zero: taken from the report's ours inside
/// the compared region, computed outside it (past the view's last row or column with length
/// + 1; before position 0 there is no value).
CellValues shifted(const DiagnosisContext& ctx, Index dr, Index dc) {
  ParamSet longer = ctx.params;
  if (ctx.params.has("length")) {
    const std::string more = std::to_string(ctx.params.getInt("length") + 1);
    if (!withParam(ctx.scheme, ctx.params, "length", more, longer)) longer = ctx.params;
  }
  const Scheme* scheme = &ctx.scheme;
  const ViewSpec* view = &ctx.view;
  const CheckReport* rep = &ctx.report;
  return [scheme, view, rep, dr, dc, longer](std::span<const Index> rows,
                                             std::span<const Index> cols) {
    const Matrix& ours = rep->ours;
    Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
    // Along the shifted axis: the indices whose source is outside the region, computed.
    const bool alongRows = dr != 0;
    const std::span<const Index> axis = alongRows ? rows : cols;
    const Index size = alongRows ? ours.rows() : ours.cols();
    const Index shift = alongRows ? dr : dc;
    std::vector<Index> outside, at;
    for (std::size_t k = 0; k < axis.size(); ++k) {
      const Index src = axis[k] + shift;
      if (src >= 0 && src < size) {
        for (std::size_t o = 0; o < (alongRows ? cols.size() : rows.size()); ++o) {
          const auto a = static_cast<Index>(alongRows ? k : o);
          const auto b = static_cast<Index>(alongRows ? o : k);
          out(a, b) = alongRows ? ours(src, cols[o]) : ours(rows[o], src);
        }
      } else {
        outside.push_back(src + (alongRows ? rep->rowStart : rep->colStart));
        at.push_back(static_cast<Index>(k));
      }
    }
    if (outside.empty()) return out;
    const std::vector<Index> other =
        absolute(alongRows ? cols : rows, alongRows ? rep->colStart : rep->rowStart);
    const Matrix v = alongRows ? viewValuesAt(*scheme, longer, *view, outside, other)
                               : Matrix(viewValuesAt(*scheme, longer, *view, other, outside));
    for (std::size_t k = 0; k < at.size(); ++k) {
      if (alongRows) out.row(at[k]) = v.row(static_cast<Index>(k));
      else out.col(at[k]) = v.col(static_cast<Index>(k));
    }
    return out;
  };
}

void addShifts(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  if (ctx.view.kind != ViewKind::Matrix) return;
  // Starting at 1 first: on a relative matrix (a function of j - i) a row one behind and a
  // column one ahead are the same numbers, and counting from 1 is the usual slip.
  const bool keys = !ctx.view.dimensionColumns;
  out.push_back({"rows_shifted",
                 "Your row i holds ours at position i + 1: your positions start at 1 where ours "
                 "start at 0 (use positions = arange(0, L)).",
                 "", shifted(ctx, 1, 0)});
  if (keys)
    out.push_back({"cols_shifted",
                   "Your column j holds ours at key position j + 1: your key positions start at "
                   "1 where ours start at 0 (use arange(0, L)).",
                   "", shifted(ctx, 0, 1)});
  out.push_back({"rows_shifted",
                 "Your row i holds ours at position i − 1: your positions are one behind ours "
                 "(row 0 must be position 0).",
                 "", shifted(ctx, -1, 0)});
  if (keys)
    out.push_back({"cols_shifted",
                   "Your column j holds ours at key position j − 1: your key positions are one "
                   "behind ours (column 0 must be position 0).",
                   "", shifted(ctx, 0, -1)});
}

void addTranspose(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  if (ctx.view.kind != ViewKind::Matrix || ctx.view.dimensionColumns) return;
  const MatrixShape full = ctx.scheme.shape(ctx.params, ctx.view.id);
  if (full.rows != full.cols) return;
  const Scheme* scheme = &ctx.scheme;
  const ViewSpec* view = &ctx.view;
  const ParamSet params = ctx.params;
  const Index r0 = ctx.report.rowStart;
  const Index c0 = ctx.report.colStart;
  CellValues values = [scheme, view, params, r0, c0](std::span<const Index> rows,
                                                     std::span<const Index> cols) {
    return Matrix(
        viewValuesAt(*scheme, params, *view, absolute(cols, c0), absolute(rows, r0)).transpose());
  };
  std::string text =
      ctx.scheme.info().id == "t5"
          ? "Yours is ours transposed: you used i − j where the convention is j − i (key minus "
            "query, HF's memory_position − context_position in compute_bias); swap them."
          : "Yours is ours transposed (your cell (i, j) holds ours at (j, i)): rows are " +
                ctx.view.yLabel + " and columns " + ctx.view.xLabel +
                ", so you used the opposite difference (i − j for j − i, or the reverse); "
                "transpose yours or swap the roles.";
  out.push_back({"transpose", std::move(text), "", std::move(values)});
}

void addSign(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  std::string text = ctx.scheme.info().id == "alibi"
                         ? "Your bias has the opposite sign: ALiBi subtracts m(i − j) (a penalty "
                           "growing with the distance, −m(i − j) <= 0); negate yours."
                         : "Yours is ours with the opposite sign (yours = −ours): for a relative "
                           "bias or offset you used i − j where ours is j − i, or dropped a minus; "
                           "negate yours.";
  out.push_back({"sign", std::move(text), "", fromOurs(ctx, [](double o, Index) { return -o; })});
}

/// Least-squares factor k with yours = k ours on the sample (0 when undefined).
double fittedFactor(const DiagnosisContext& ctx) {
  double yo = 0, oo = 0;
  for (Index j = 0; j < ctx.ours.cols(); ++j)
    for (Index i = 0; i < ctx.ours.rows(); ++i) {
      const double o = ctx.ours(i, j), y = ctx.yours(i, j);
      if (!std::isfinite(o) || !std::isfinite(y)) continue;
      yo += y * o;
      oo += o * o;
    }
  return oo > 0 && std::isfinite(yo / oo) ? yo / oo : 0.0;
}

/// `v` with the fewest significant digits (1 .. 7) within `rel` of it.
double roundNumber(double v, double rel) {
  for (int digits = 1; digits <= 7; ++digits) {
    const double r = roundSignificant(v, digits);
    if (std::abs(r - v) <= rel * std::abs(v)) return r;
  }
  return v;
}

void addScale(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  double k = fittedFactor(ctx);
  if (k == 0 || std::abs(k - 1) < 1e-9 || std::abs(k + 1) < 1e-9) return;
  // A round factor when the fit is one to float64 rounding; the fit itself otherwise.
  const double round = roundNumber(k, 1e-12);
  if (round != k) k = round;
  SlipCandidate c{"scale",
                  "Yours is ours times k = " + slipNumber(k) +
                      " in every cell: a factor applied where ours has none (or missing where "
                      "ours has one), e.g. a scale, a temperature or 1/sqrt(d).",
                  ""};
  SlipCandidate named;
  if (nameFactor(ctx, k, named)) {
    c.id = named.id;
    c.text = named.text;
    c.setting = named.setting;
  }
  c.values = fromOurs(ctx, [k](double o, Index) { return k * o; });
  out.push_back(std::move(c));
}

/// yours = ours + c_i per row (softmax cannot tell): c_i the mean offset of row i over the
/// sampled columns.
void addRowOffset(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  if (ctx.view.kind != ViewKind::Matrix || ctx.view.dimensionColumns || ctx.cols.size() < 4) return;
  const CheckReport& r = ctx.report;
  std::vector<double> offset(static_cast<std::size_t>(r.ours.rows()), 0.0);
  bool nonZero = false;
  for (Index i = 0; i < r.ours.rows(); ++i) {
    double sum = 0;
    Index n = 0;
    for (const Index j : ctx.cols) {
      const double d = r.yours(i, j) - r.ours(i, j);
      if (std::isfinite(d)) {
        sum += d;
        ++n;
      }
    }
    offset[static_cast<std::size_t>(i)] = n > 0 ? sum / static_cast<double>(n) : 0.0;
    nonZero = nonZero || offset[static_cast<std::size_t>(i)] != 0;
  }
  if (!nonZero) return;
  out.push_back({"row_offset",
                 "Yours is ours plus a constant in each row (row " +
                     std::to_string(r.ours.rows() - 1 + r.rowStart) + " adds " +
                     slipNumber(offset.back()) +
                     "): softmax over a row's keys cannot tell the two apart, so attention is "
                     "the same (BLOOM's build_alibi_tensor adds m·j instead of −m(i − j)); "
                     "subtract each row's offset to compare.",
                 "", fromOurs(ctx, [offset](double o, Index i) {
                   return o + offset[static_cast<std::size_t>(i)];
                 })});
}

}  // namespace

std::vector<SlipCandidate> genericSlips(const DiagnosisContext& ctx) {
  std::vector<SlipCandidate> out;
  // Each maker on its own: one that cannot run for this view leaves the others' slips.
  for (auto* make : {&addChoiceFlips, &addShifts, &addTranspose, &addSign, &addBaseSlip,
                     &addRowOffset, &addRoundingSlips, &addScale}) {
    try {
      make(ctx, out);
    } catch (const std::exception&) {
      continue;
    }
  }
  return out;
}

}  // namespace posenc::detail
