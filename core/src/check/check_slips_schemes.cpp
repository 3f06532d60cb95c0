// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's way to a scheme's own slips (check_diagnosis.hpp schemeSlips, nameFactor,
// factorSettings, slipText): each asks the scheme's hooks (base/scheme_hooks.hpp SchemeSlips,
// filled in schemes/<id>/<id>_slips.cpp); and the helpers those slips share for tables of
// angles m·θ (RoPE's cos, sin and angles, the sinusoidal table): the table recomputed in
// float64 or float32 with θ formed by pow or exp, and the band float32 rounding allows.
#include <algorithm>
#include <cmath>
#include <utility>

#include "base/scheme_hooks.hpp"
#include "check/check_diagnosis.hpp"

namespace posenc::detail {

const MessageTemplate kFloat32AnglesHeadline{
    "Your angles are computed in float32: the error grows with the position"};
const MessageTemplate kExpVsPowHeadline{
    "Your frequencies use %1 for %2: rounding only, harmless",
    "%1: your formula for the frequencies, e.g. exp(−2i ln b / d); %2: ours, e.g. b^(−2i/d)"};

namespace {

const MessageTemplate kWorst{"%1 at position %2",
                             "the largest error: %1 its size, %2 the position (row) where"};

/// Largest band (in the values' units) worth testing: wider, and anything would fit.
constexpr double kMaxBand = 0.05;

const SchemeSlips& slipsOf(const DiagnosisContext& ctx) { return hooksOf(ctx.scheme).slips; }

}  // namespace

CellValues angleValues(const DiagnosisContext& ctx, AngleRecipe recipe) {
  const Index r0 = ctx.report.rowStart;
  const Index c0 = ctx.report.colStart;
  return
      [r0, c0, rc = std::move(recipe)](std::span<const Index> rows, std::span<const Index> cols) {
        Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
        for (std::size_t b = 0; b < cols.size(); ++b) {
          const auto [k, fn] = rc.column(cols[b] + c0);
          const double t = rc.theta[static_cast<std::size_t>(k)];
          for (std::size_t a = 0; a < rows.size(); ++a) {
            const Index m = rows[a] + r0;
            double v = 0;
            if (rc.single) {
              const float angle = static_cast<float>(m) * static_cast<float>(t);
              const float f = fn == AngleFn::Angle ? angle
                              : fn == AngleFn::Cos ? std::cos(angle)
                                                   : std::sin(angle);
              v = fn == AngleFn::Angle ? f : f * static_cast<float>(rc.factor);
            } else {
              const double angle = static_cast<double>(m) * t;
              v = fn == AngleFn::Angle ? angle
                  : fn == AngleFn::Cos ? std::cos(angle) * rc.factor
                                       : std::sin(angle) * rc.factor;
            }
            out(static_cast<Index>(a), static_cast<Index>(b)) = v;
          }
        }
        return out;
      };
}

double frequency(double base, double num, double den, bool exp, bool single) {
  // exp: arange(0, d, 2) * (-log(base) / d), the PyTorch tutorial's association.
  if (!single)
    return exp ? std::exp(num * (-std::log(base) / den)) : 1.0 / std::pow(base, num / den);
  if (exp) return std::exp(static_cast<float>(num) * static_cast<float>(-std::log(base) / den));
  return 1.0f /
         std::pow(static_cast<float>(base), static_cast<float>(num) / static_cast<float>(den));
}

Message worstText(const CheckReport& r) {
  return Message(kWorst, {slipNumber(r.largestAbs.absError), std::to_string(r.largestAbs.row)});
}

// The band is the error float32 rounding of θ (relative (|ln b| x + 4) 2^-24 for θ = b^-x),
// of the product m θ and of the cos / sin leaves.
CellValues float32Band(const DiagnosisContext& ctx, std::vector<double> slope, double constant) {
  const CheckReport& r = ctx.report;
  double widest = 0;
  for (Index c = 0; c < r.ours.cols(); ++c)
    widest = std::max(widest, slope[static_cast<std::size_t>(c + r.colStart)]);
  if (static_cast<double>(r.rowStart + r.ours.rows() - 1) * widest + constant > kMaxBand) return {};
  const CheckReport* rep = &r;
  return [rep, slope = std::move(slope), constant](std::span<const Index> rows,
                                                   std::span<const Index> cols) {
    Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
    for (std::size_t a = 0; a < rows.size(); ++a) {
      const auto m = static_cast<double>(rows[a] + rep->rowStart);
      for (std::size_t b = 0; b < cols.size(); ++b) {
        const double o = rep->ours(rows[a], cols[b]);
        const double y = rep->yours(rows[a], cols[b]);
        const double band = m * slope[static_cast<std::size_t>(cols[b] + rep->colStart)] + constant;
        out(static_cast<Index>(a), static_cast<Index>(b)) =
            std::isnan(y) ? o : std::clamp(y, o - band, o + band);
      }
    }
    return out;
  };
}

double thetaError(double base, double x) { return (std::abs(std::log(base)) * x + 4) * kEps32; }

std::vector<SlipCandidate> schemeSlips(const DiagnosisContext& ctx) {
  std::vector<SlipCandidate> out;
  if (const auto add = slipsOf(ctx).add) add(ctx, out);
  return out;
}

bool nameFactor(const DiagnosisContext& ctx, double& k, SlipCandidate& out) {
  const auto name = slipsOf(ctx).nameFactor;
  return name != nullptr && name(ctx, k, out);
}

std::vector<SlipCandidate> factorSettings(const DiagnosisContext& ctx) {
  const auto settings = slipsOf(ctx).factorSettings;
  return settings ? settings(ctx) : std::vector<SlipCandidate>{};
}

Message slipDetail(const DiagnosisContext& ctx, std::string_view slipId, Message generic) {
  if (const auto text = slipsOf(ctx).text) {
    Message own = text(ctx, slipId);
    if (!own.empty()) return own;
  }
  return generic;
}

}  // namespace posenc::detail
