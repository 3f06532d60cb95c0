// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's diagnosis (check_diagnosis.hpp): every candidate slip is scored on a sample of
// the cells (the first rows and columns, an even spread, and the worst cells), and only the
// ones that match the sample are recomputed on every cell, spread over the cores, so a
// 4096 x 4096 check stays well under a second.
#include "check/check_diagnosis.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <limits>
#include <mutex>
#include <numeric>

#include "compute/parallel.hpp"

namespace posenc::detail {

namespace {

constexpr Index kSampleRows = 128;       // evenly spread sampled rows (plus the first and worst)
constexpr Index kSampleCols = 128;       // likewise columns
constexpr Index kFirstRows = 8;          // always sampled: small positions show a base or shift
constexpr Index kFirstCols = 4;          // always sampled
constexpr std::size_t kMaxVerified = 3;  // candidates recomputed on every cell, at most
constexpr std::size_t kMaxPartial = 2;   // of them partial (while none explains)
constexpr std::size_t kMaxNamed = 4;     // slips in the report
constexpr double kCloser = 0.2;          // a partial slip must match this share more than ours

/// How a recomputation compares with yours.
struct Score {
  Index compared = 0;
  Index matched = 0;
  double maxAbs = 0;
  [[nodiscard]] double share() const {
    return compared > 0 ? static_cast<double>(matched) / static_cast<double>(compared) : 0.0;
  }
};

/// Scores `cand` against `yours` on cells where ours (the report's) is not masked and the
/// candidate has a value; `ours` masks with NaN.
void addScore(const Eigen::Ref<const Matrix>& yours, const Eigen::Ref<const Matrix>& ours,
              const Matrix& cand, const Tolerance& tol, Score& s) {
  for (Index i = 0; i < cand.rows(); ++i) {
    for (Index j = 0; j < cand.cols(); ++j) {
      const double v = cand(i, j);
      if (std::isnan(v) || std::isnan(ours(i, j))) continue;
      const double y = yours(i, j);
      ++s.compared;
      const double err = std::isnan(y) ? std::numeric_limits<double>::infinity()
                         : y == v      ? 0.0
                                       : std::abs(y - v);
      if (err <= tol.atol + tol.rtol * std::abs(v)) ++s.matched;
      if (!(err <= s.maxAbs)) s.maxAbs = err;
    }
  }
}

std::vector<Index> sampleAxis(Index n, Index first, Index spread,
                              std::initializer_list<Index> also) {
  std::vector<Index> out = sampleIndices(0, n, spread);
  for (Index i = 0; i < std::min(first, n); ++i) out.push_back(i);
  for (const Index i : also)
    if (i >= 0 && i < n) out.push_back(i);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

Matrix gather(const Matrix& m, const std::vector<Index>& rows, const std::vector<Index>& cols) {
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (std::size_t b = 0; b < cols.size(); ++b)
      out(static_cast<Index>(a), static_cast<Index>(b)) = m(rows[a], cols[b]);
  return out;
}

/// The candidate on every cell of the region, rows spread over the cores.
Score scoreEverywhere(const DiagnosisContext& ctx, const SlipCandidate& cand) {
  const CheckReport& r = ctx.report;
  const Index nr = r.ours.rows();
  const Index nc = r.ours.cols();
  std::vector<Index> cols(static_cast<std::size_t>(nc));
  std::iota(cols.begin(), cols.end(), Index{0});
  Score total;
  std::mutex m;
  const Index grain = std::max<Index>(1, 65536 / std::max<Index>(1, nc));
  parallelBlocks(nr, grain, [&](Index a0, Index a1) {
    std::vector<Index> rows(static_cast<std::size_t>(a1 - a0));
    std::iota(rows.begin(), rows.end(), a0);
    const Matrix v = cand.values(rows, cols);
    Score s;
    addScore(r.yours.middleRows(a0, a1 - a0), r.ours.middleRows(a0, a1 - a0), v, r.tolerance, s);
    const std::lock_guard<std::mutex> lock(m);
    total.compared += s.compared;
    total.matched += s.matched;
    total.maxAbs = std::max(total.maxAbs, s.maxAbs);
  });
  return total;
}

/// Enough of the cells compared: a slip with no value on most of them proves nothing.
bool enoughCells(const Score& s, Index cells) { return s.compared * 2 >= cells && s.compared > 0; }

struct Scored {
  std::size_t order = 0;  // position in the candidate list (its priority)
  Score sample{};
  Score full{};
  bool verified = false;
};

DiagnosisContext makeContext(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                             const CheckReport& report, const CheckLayer* layer) {
  DiagnosisContext ctx{scheme, params, view, report};
  ctx.layer = layer;
  const Index worstRow1 = report.largestAbs.row - report.rowStart;
  const Index worstRow2 = report.largestRel.row - report.rowStart;
  const Index worstCol1 = report.largestAbs.col - report.colStart;
  const Index worstCol2 = report.largestRel.col - report.colStart;
  ctx.rows = sampleAxis(report.ours.rows(), kFirstRows, kSampleRows, {worstRow1, worstRow2});
  ctx.cols = sampleAxis(report.ours.cols(), kFirstCols, kSampleCols, {worstCol1, worstCol2});
  ctx.yours = gather(report.yours, ctx.rows, ctx.cols);
  ctx.ours = gather(report.ours, ctx.rows, ctx.cols);
  ctx.toleranceGiven = report.tolerance.source.find("given") != std::string::npos;
  return ctx;
}

/// Whether a slip verified on every cell is worth naming beside ours' own share.
bool worthNaming(const SlipCandidate& c, const Score& full, const CheckReport& r) {
  const double oursShare = 1.0 - r.mismatchShare();
  if (full.matched == full.compared) return true;
  if (c.rounding) return full.maxAbs < 0.5 * r.largestAbs.absError && full.share() > oursShare;
  return full.share() >= 0.5 && full.share() >= oursShare + kCloser;
}

/// Every candidate of the scheme and the generic ones. A maker that cannot work with these
/// parameters (a refused value, an unreadable table file) leaves its slips out; the diagnosis
/// never fails the check.
std::vector<SlipCandidate> allCandidates(const DiagnosisContext& ctx) {
  std::vector<SlipCandidate> cands;
  for (auto* make : {&schemeSlips, &genericSlips}) {
    try {
      for (SlipCandidate& c : make(ctx)) cands.push_back(std::move(c));
    } catch (const std::exception&) {
      continue;
    }
  }
  return cands;
}

/// The candidates worth recomputing on every cell, scored on the sample: those matching the
/// whole sample first (in priority order), then those clearly closer than ours, closest first.
std::vector<Scored> promising(const DiagnosisContext& ctx,
                              const std::vector<SlipCandidate>& cands) {
  Score oursSample;
  addScore(ctx.yours, ctx.ours, ctx.ours, ctx.report.tolerance, oursSample);
  std::vector<Scored> scored;
  for (std::size_t k = 0; k < cands.size(); ++k) {
    Scored s{k};
    try {
      addScore(ctx.yours, ctx.ours, cands[k].values(ctx.rows, ctx.cols), ctx.report.tolerance,
               s.sample);
    } catch (const std::exception&) {
      continue;  // the slip cannot be computed for these parameters (or its table file)
    }
    if (!enoughCells(s.sample, oursSample.compared)) continue;
    const bool all = s.sample.matched == s.sample.compared;
    const bool closer = s.sample.share() >= oursSample.share() + kCloser ||
                        (cands[k].rounding && s.sample.maxAbs < 0.5 * oursSample.maxAbs);
    if (all || closer) scored.push_back(s);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) {
    const bool fa = a.sample.matched == a.sample.compared;
    const bool fb = b.sample.matched == b.sample.compared;
    if (fa != fb) return fa;
    return !fa && a.sample.share() > b.sample.share();
  });
  return scored;
}

/// A slip verified on every cell, and whether it only bounds the error (SlipCandidate).
struct Named {
  Slip slip;
  bool fallback = false;
  std::vector<std::string> hides{};
};

/// The promising candidates recomputed on every cell (at most kMaxVerified, partial ones only
/// while none explains), the ones worth naming kept.
std::vector<Named> verify(const DiagnosisContext& ctx, const std::vector<SlipCandidate>& cands,
                          std::vector<Scored>& scored) {
  std::vector<Named> named;
  std::size_t verified = 0, partial = 0;
  bool explained = false;
  for (Scored& s : scored) {
    const bool whole = s.sample.matched == s.sample.compared;
    if (verified == kMaxVerified || (!whole && (explained || partial == kMaxPartial))) break;
    const SlipCandidate& c = cands[s.order];
    ++verified;
    partial += whole ? 0 : 1;
    try {
      s.full = scoreEverywhere(ctx, c);
    } catch (const std::exception&) {
      continue;
    }
    if (!enoughCells(s.full, ctx.report.compared) || !worthNaming(c, s.full, ctx.report)) continue;
    const bool explains = s.full.matched == s.full.compared;
    explained = explained || explains;
    // A bound reproduces yours wherever it holds: its error is ours' own, which it explains.
    const double maxAbs = c.fallback ? ctx.report.largestAbs.absError : s.full.maxAbs;
    Slip slip = slipOf(c);
    slip.matchedShare = s.full.share();
    slip.maxAbsError = maxAbs;
    slip.explains = explains;
    named.push_back({std::move(slip), c.fallback, c.hides});
  }
  return named;
}

}  // namespace

std::vector<Slip> diagnoseSlips(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                                const CheckReport& report, std::vector<Slip>* tried,
                                const CheckLayer* layer) {
  if (report.ours.size() == 0) return {};
  const DiagnosisContext ctx = makeContext(scheme, params, view, report, layer);
  const std::vector<SlipCandidate> cands = allCandidates(ctx);
  if (tried)
    for (const SlipCandidate& c : cands) tried->push_back(slipOf(c));
  std::vector<Scored> scored = promising(ctx, cands);
  std::vector<Named> named = verify(ctx, cands, scored);
  // Explaining slips first (a bound on the error after the recomputations), then the closest.
  std::stable_sort(named.begin(), named.end(), [](const Named& a, const Named& b) {
    if (a.slip.explains != b.slip.explains) return a.slip.explains;
    if (a.slip.explains) return !a.fallback && b.fallback;
    return a.slip.matchedShare > b.slip.matchedShare;
  });
  // A slip named in the code's own terms leaves out the generic one it amounts to.
  std::vector<std::string> hidden;
  for (const Named& n : named)
    if (n.slip.explains) hidden.insert(hidden.end(), n.hides.begin(), n.hides.end());
  std::vector<Slip> out;
  out.reserve(named.size());
  for (Named& n : named)
    if (std::find(hidden.begin(), hidden.end(), n.slip.id) == hidden.end())
      out.push_back(std::move(n.slip));
  // A bare factor adds nothing beside a named slip that explains the same numbers.
  if (!out.empty() && out.front().explains && out.front().id != "scale")
    std::erase_if(out, [](const Slip& s) { return s.id == "scale"; });
  if (out.size() > kMaxNamed) out.resize(kMaxNamed);
  return out;
}

// ---- Shared helpers of the candidate makers ----------------------------------------------

Matrix viewValuesAt(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                    std::span<const Index> rows, std::span<const Index> cols) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Matrix out =
      Matrix::Constant(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()), nan);
  if (view.kind == ViewKind::Series) {
    const SeriesResult s = scheme.series(params, view.id);
    for (std::size_t a = 0; a < rows.size(); ++a) {
      if (rows[a] < 0 || rows[a] >= static_cast<Index>(s.curves.size())) continue;
      const std::vector<double>& y = s.curves[static_cast<std::size_t>(rows[a])].y;
      for (std::size_t b = 0; b < cols.size(); ++b)
        if (cols[b] >= 0 && cols[b] < static_cast<Index>(y.size()))
          out(static_cast<Index>(a), static_cast<Index>(b)) = y[static_cast<std::size_t>(cols[b])];
    }
    return out;
  }
  const MatrixShape shape = scheme.shape(params, view.id);
  std::vector<Index> inRows, inCols, rowAt, colAt;
  for (std::size_t a = 0; a < rows.size(); ++a)
    if (rows[a] >= 0 && rows[a] < shape.rows) {
      inRows.push_back(rows[a]);
      rowAt.push_back(static_cast<Index>(a));
    }
  for (std::size_t b = 0; b < cols.size(); ++b)
    if (cols[b] >= 0 && cols[b] < shape.cols) {
      inCols.push_back(cols[b]);
      colAt.push_back(static_cast<Index>(b));
    }
  if (inRows.empty() || inCols.empty()) return out;
  const Matrix v = scheme.evaluate(params, view.id, inRows, inCols);
  for (std::size_t a = 0; a < rowAt.size(); ++a)
    for (std::size_t b = 0; b < colAt.size(); ++b)
      out(rowAt[a], colAt[b]) = v(static_cast<Index>(a), static_cast<Index>(b));
  return out;
}

bool withParam(const Scheme& scheme, const ParamSet& params, const std::string& id,
               const std::string& text, ParamSet& out) {
  try {
    const ParamSpec& spec = findParam(scheme, id);
    out = params;
    out.set(id, parseValue(spec, text));
    scheme.validate(out);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

std::vector<Index> absolute(std::span<const Index> rel, Index start) {
  std::vector<Index> out(rel.begin(), rel.end());
  for (Index& i : out) i += start;
  return out;
}

CellValues recomputeWith(const DiagnosisContext& ctx, ParamSet params) {
  const Scheme* scheme = &ctx.scheme;
  const ViewSpec* view = &ctx.view;
  const Index r0 = ctx.report.rowStart;
  const Index c0 = ctx.report.colStart;
  return [scheme, view, r0, c0, p = std::move(params)](std::span<const Index> rows,
                                                       std::span<const Index> cols) {
    return viewValuesAt(*scheme, p, *view, absolute(rows, r0), absolute(cols, c0));
  };
}

double roundSignificant(double v, int digits) {
  if (!std::isfinite(v) || v == 0) return v;
  const int e = static_cast<int>(std::floor(std::log10(std::abs(v)))) - (digits - 1);
  // Powers of ten up to 1e22 are exact: multiply by them, never by their inexact inverses.
  return e >= 0 ? std::round(v / std::pow(10.0, e)) * std::pow(10.0, e)
                : std::round(v * std::pow(10.0, -e)) / std::pow(10.0, -e);
}

std::string slipNumber(double v) {
  char buf[40];
  // Whole numbers in full (base=1000000 reads better than 1e+06 on a command line).
  if (v == std::round(v) && std::abs(v) < 1e15) std::snprintf(buf, sizeof buf, "%.0f", v);
  else std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

Slip slipOf(const SlipCandidate& c) {
  Slip s;
  s.id = c.id;
  s.text = c.detail.english();
  s.setting = c.setting;
  s.headline = c.headline;
  s.detail = c.detail;
  return s;
}

double roundToBits(double x, int bits, int minExp) {
  if (!std::isfinite(x) || x == 0) return x;
  int e = 0;
  std::frexp(x, &e);
  const double scale = std::ldexp(1.0, bits - std::max(e, minExp));
  return std::nearbyint(x * scale) / scale;
}

}  // namespace posenc::detail
