// SPDX-License-Identifier: GPL-3.0-or-later
// Two generic slips (check_diagnosis.hpp): another base, estimated from yours, and ours
// rounded to a narrower floating-point type.
#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>

#include "check/check_diagnosis.hpp"

namespace posenc::detail {

namespace {

constexpr Index kBaseRows = 6;    // first sampled rows the base is fitted on
constexpr int kGridPoints = 160;  // log(base) grid over the parameter's range
constexpr int kRefineSteps = 60;  // golden-section steps around the best grid point
constexpr int kMaxDigits = 7;     // significant digits tried when rounding the estimate

const MessageTemplate kBaseHeadline{"Yours uses another base"};
const MessageTemplate kBaseDetail{
    "Yours uses base %1; ours %2: set base=%1 (or build yours with base %2).",
    "%1: your base, fitted; %2: ours"};
const MessageTemplate kBaseNearDetail{
    "Yours uses base ≈ %1; ours %2: set base=%1 (or build yours with base %2).",
    "%1: your base, fitted and not exactly round; %2: ours"};
const MessageTemplate kRoundingHeadline{"Yours is ours rounded to %1 (rounding only)",
                                        "%1: float32, float16 or bfloat16"};
const MessageTemplate kRoundingDetail{
    "Yours is ours rounded to %1 (rounding only, %2 significant bits) in a %3 file: compare it "
    "with %1's tolerance (--rtol %4 --atol %5), or compute in float64.",
    "%1: float32, float16 or bfloat16; %2: its significant bits; %3: the file's type; %4, %5: "
    "the type's default tolerance"};

/// The sampled rows and columns the base is fitted on (relative), and yours there.
struct BaseFit {
  const DiagnosisContext& ctx;
  std::vector<Index> rows{};
  Matrix yours{};

  [[nodiscard]] bool paramsWith(double base, ParamSet& p) const {
    const ParamSpec& spec = findParam(ctx.scheme, "base");
    if (!(base >= spec.min && base <= spec.max)) return false;
    p = ctx.params;
    p.set("base", base);
    try {
      ctx.scheme.validate(p);
    } catch (const std::exception&) {
      return false;
    }
    return true;
  }

  /// Sum of squared differences with yours on the fitting rows (infinite when refused).
  [[nodiscard]] double error(double logBase) const {
    ParamSet p;
    if (!paramsWith(std::exp(logBase), p)) return std::numeric_limits<double>::infinity();
    Matrix v;
    try {
      v = recomputeWith(ctx, p)(rows, ctx.cols);
    } catch (const std::exception&) {
      return std::numeric_limits<double>::infinity();
    }
    double sum = 0;
    for (Index j = 0; j < v.cols(); ++j)
      for (Index i = 0; i < v.rows(); ++i) {
        const double d = yours(i, j) - v(i, j);
        if (std::isfinite(d)) sum += d * d;
      }
    return sum;
  }

  /// Whether `base` reproduces yours on the whole sample.
  [[nodiscard]] bool matchesSample(double base) const {
    ParamSet p;
    if (!paramsWith(base, p)) return false;
    Matrix v;
    try {
      v = recomputeWith(ctx, p)(ctx.rows, ctx.cols);
    } catch (const std::exception&) {
      return false;
    }
    const Tolerance& t = ctx.report.tolerance;
    for (Index j = 0; j < v.cols(); ++j)
      for (Index i = 0; i < v.rows(); ++i) {
        if (std::isnan(v(i, j)) || std::isnan(ctx.ours(i, j))) continue;
        if (!(std::abs(ctx.yours(i, j) - v(i, j)) <= t.atol + t.rtol * std::abs(v(i, j))))
          return false;
      }
    return true;
  }
};

/// Golden-section minimum of f on [a, b].
template <typename F>
double goldenMinimum(F f, double a, double b) {
  const double g = (std::sqrt(5.0) - 1) / 2;
  double x1 = b - g * (b - a), x2 = a + g * (b - a);
  double f1 = f(x1), f2 = f(x2);
  for (int k = 0; k < kRefineSteps; ++k) {
    if (f1 <= f2) {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - g * (b - a);
      f1 = f(x1);
    } else {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + g * (b - a);
      f2 = f(x2);
    }
  }
  return f1 <= f2 ? x1 : x2;
}

/// The estimate rounded to the fewest significant digits that still match the sample;
/// nullopt-like 0 when none does (the estimate is then named as approximate).
double roundestMatching(const BaseFit& fit, double estimate) {
  for (int digits = 1; digits <= kMaxDigits; ++digits) {
    const double r = roundSignificant(estimate, digits);
    if (fit.matchesSample(r)) return r;
  }
  return 0;
}

}  // namespace

void addBaseSlip(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  if (!ctx.params.has("base") || !std::holds_alternative<double>(ctx.params.get("base"))) return;
  const ParamSpec& spec = findParam(ctx.scheme, "base");
  BaseFit fit{ctx};
  fit.rows.assign(ctx.rows.begin(),
                  ctx.rows.begin() +
                      std::min<Index>(kBaseRows, static_cast<Index>(ctx.rows.size())));
  fit.yours = ctx.yours.topRows(static_cast<Index>(fit.rows.size()));
  const double lo = std::log(std::max(spec.min, 1.0 + 1e-9));
  const double hi = std::log(spec.max);
  const double step = (hi - lo) / (kGridPoints - 1);
  double best = lo, bestErr = std::numeric_limits<double>::infinity();
  for (int k = 0; k < kGridPoints; ++k) {
    const double x = lo + step * k;
    const double e = fit.error(x);
    if (e < bestErr) {
      bestErr = e;
      best = x;
    }
  }
  if (!std::isfinite(bestErr)) return;
  const double estimate =
      std::exp(goldenMinimum([&](double x) { return fit.error(x); }, std::max(lo, best - step),
                             std::min(hi, best + step)));
  const double ours = ctx.params.getReal("base");
  const double rounded = roundestMatching(fit, estimate);
  const double base = rounded > 0 ? rounded : estimate;
  if (std::abs(base - ours) <= 1e-9 * ours) return;
  ParamSet p;
  if (!fit.paramsWith(base, p)) return;
  const std::string b = slipNumber(base);
  out.push_back({"base", Message(kBaseHeadline),
                 Message(rounded > 0 ? kBaseDetail : kBaseNearDetail, {b, slipNumber(ours)}),
                 "base=" + b, recomputeWith(ctx, p)});
}

void addRoundingSlips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  struct Type {
    const char* name;
    int bits;
    int minExp;
    int width;  // bits of storage, to compare with the file's type
    ElementType type;
  };
  static constexpr Type kTypes[] = {{"float32", 24, -125, 32, ElementType::F32},
                                    {"float16", 11, -13, 16, ElementType::F16},
                                    {"bfloat16", 8, -125, 16, ElementType::BF16}};
  const std::string& file = ctx.report.dtype;
  const int fileWidth = file == "float32" ? 32 : file == "float16" || file == "bfloat16" ? 16 : 64;
  for (const Type& t : kTypes) {
    if (t.width >= fileWidth && !ctx.toleranceGiven) continue;
    if (file == t.name) continue;
    const Matrix* ours = &ctx.report.ours;
    const int bits = t.bits, minExp = t.minExp;
    out.push_back({t.name, Message(kRoundingHeadline, {t.name}),
                   Message(kRoundingDetail, {t.name, std::to_string(t.bits), file,
                                             slipNumber(defaultTolerance(t.type).rtol),
                                             slipNumber(defaultTolerance(t.type).atol)}),
                   "",
                   [ours, bits, minExp](std::span<const Index> rows, std::span<const Index> cols) {
                     Matrix v(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
                     for (std::size_t a = 0; a < rows.size(); ++a)
                       for (std::size_t b = 0; b < cols.size(); ++b)
                         v(static_cast<Index>(a), static_cast<Index>(b)) =
                             roundToBits((*ours)(rows[a], cols[b]), bits, minExp);
                     return v;
                   }});
  }
}

}  // namespace posenc::detail
