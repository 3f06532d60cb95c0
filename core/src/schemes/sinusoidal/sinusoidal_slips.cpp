// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's slips of sinusoidal-table code (its SchemeSlips hooks, base/scheme_hooks.hpp):
// on the encoding, float32 angles with w = base^(−2i/d) (numpy in float32) or exp(−2i ln b / d)
// (the PyTorch tutorial's div_term, tensor2tensor's get_timing_signal_1d); and the other
// layouts in the words of the code each comes from (the paper's interleaved table,
// Transformer-XL's and GPT-J's concatenated one, tensor2tensor's), read off ours reordered
// where they hold the same numbers.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "check/check_diagnosis.hpp"
#include "posenc/maths/sinusoidal_table.hpp"
#include "posenc/schemes/sinusoidal/sinusoidal.hpp"
#include "schemes/sinusoidal/sinusoidal_hooks.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kLayoutHeadline{"Your table's column layout is not ours"};
const MessageTemplate kLayoutDetail{
    "Your table is the %1 layout (%2); ours is %3 (%4): set layout=%1.",
    "%1: your layout's id; %2: what it is; %3: our layout's id; %4: what it is"};
const MessageTemplate kInterleavedLayout{
    "sin and cos of pair i in columns 2i and 2i + 1, the paper",
    "the sinusoidal layout interleaved"};
const MessageTemplate kConcatenatedLayout{
    "all sines, then all cosines, as Transformer-XL and GPT-J",
    "the sinusoidal layout concatenated"};
const MessageTemplate kT2tLayout{
    "sines then cosines with wᵢ = base^(−i/(d/2 − 1)), tensor2tensor's get_timing_signal_1d and "
    "fairseq",
    "the sinusoidal layout tensor2tensor"};
const MessageTemplate kExpVsPow32Detail{
    "Your table computes w = %1 and the angles in float32 (as the PyTorch tutorial's div_term) "
    "where ours uses %2 in float64: rounding only, growing with the position (%3); compute in "
    "float64, or loosen atol.",
    "%1: your formula for w; %2: ours; %3: the largest error and where"};
const MessageTemplate kExpVsPowDetail{
    "Your table computes w = %1 where ours uses %2 (both float64): the two differ by rounding "
    "only (largest %3), harmless; loosen atol (e.g. 1e-12) to accept it.",
    "%1: your formula for w; %2: ours; %3: the largest error"};
const MessageTemplate kFloat32AnglesDetail{
    "Your table computes the angles in float32 (w = %1 and position × w in float32): the error "
    "grows with the position (%2); compute the angles in float64 and round only the table, or "
    "loosen atol.",
    "%1: the formula for w; %2: the largest error and where"};

Message sinusoidalLayoutText(const std::string& layout) {
  if (layout == "interleaved") return Message(kInterleavedLayout);
  if (layout == "concatenated") return Message(kConcatenatedLayout);
  return Message(kT2tLayout);
}

/// For the encoding under the paper's two layouts, which hold the same numbers in another
/// order: ours' column for each of yours (empty for tensor2tensor's, whose frequencies differ,
/// or when the check does not span whole rows).
std::vector<Index> sinusoidalLayoutColumns(const DiagnosisContext& ctx, const std::string& yours,
                                           const std::string& ours) {
  const Index d = wholeEvenRows(ctx);
  std::vector<Index> map;
  if (d == 0 || ctx.view.id != "encoding" || yours == "tensor2tensor" || ours == "tensor2tensor")
    return map;
  const SinusoidalLayout y = sinusoidalLayoutFromId(yours), o = sinusoidalLayoutFromId(ours);
  for (Index c = 0; c < d; ++c) {
    const auto [i, isSin] = pairOfColumn(c, d, y);
    map.push_back(isSin ? sinColumn(i, d, o) : cosColumn(i, d, o));
  }
  return map;
}

void sinusoidalChoice(const DiagnosisContext& ctx, const std::string& param,
                      const std::string& yours, const std::string& ours, SlipCandidate& c) {
  if (param != "layout") return;
  c.headline = Message(kLayoutHeadline);
  c.detail = Message(kLayoutDetail,
                     {yours, sinusoidalLayoutText(yours), ours, sinusoidalLayoutText(ours)});
  std::vector<Index> map = sinusoidalLayoutColumns(ctx, yours, ours);
  if (!map.empty()) c.values = oursReordered(ctx, std::move(map));
}

AngleRecipe sinusoidalRecipe(const SinusoidalParams& p, bool exp, bool single) {
  AngleRecipe r;
  const Index half = p.dim / 2;
  const bool t2t = p.layout == SinusoidalLayout::Tensor2Tensor;
  for (Index i = 0; i < half; ++i) {
    const double num = t2t ? static_cast<double>(i) : static_cast<double>(2 * i);
    const double den =
        t2t ? static_cast<double>(std::max<Index>(half - 1, 1)) : static_cast<double>(p.dim);
    r.theta.push_back(frequency(p.base, num, den, exp, single));
  }
  r.single = single;
  r.column = [p](Index c) -> std::pair<Index, AngleFn> {
    const auto [i, isSin] = pairOfColumn(c, p.dim, p.layout);
    return {i, isSin ? AngleFn::Sin : AngleFn::Cos};
  };
  return r;
}

void addSinusoidalSlips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  if (ctx.view.id != "encoding") return;
  const SinusoidalParams p = sinusoidalParamsFrom(ctx.params);
  // Ours forms w by pow for the paper's layouts and by exp for tensor2tensor's.
  const bool oursExp = p.layout == SinusoidalLayout::Tensor2Tensor;
  const std::string oursForm = oursExp ? "exp(−i ln b / (d/2 − 1))" : "b^(−2i/d)";
  const std::string otherForm = oursExp ? "b^(−i/(d/2 − 1))" : "exp(−2i ln b / d)";
  const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);
  std::vector<double> slope;
  for (Index c = 0; c < p.dim; ++c) {
    const Index i = pairOfColumn(c, p.dim, p.layout).first;
    const double x =
        oursExp ? static_cast<double>(i) / static_cast<double>(std::max<Index>(p.dim / 2 - 1, 1))
                : 2.0 * static_cast<double>(i) / static_cast<double>(p.dim);
    slope.push_back(w(i) * (thetaError(p.base, x) + 2 * kEps32));
  }
  const Message expHeadline(kExpVsPowHeadline, {otherForm, oursForm});
  out.push_back({"exp_vs_pow", expHeadline,
                 Message(kExpVsPow32Detail, {otherForm, oursForm, worstText(ctx.report)}), "",
                 angleValues(ctx, sinusoidalRecipe(p, !oursExp, true)), true});
  out.push_back(
      {"exp_vs_pow", expHeadline,
       Message(kExpVsPowDetail, {otherForm, oursForm, slipNumber(ctx.report.largestAbs.absError)}),
       "", angleValues(ctx, sinusoidalRecipe(p, !oursExp, false)), true});
  if (CellValues band = float32Band(ctx, std::move(slope), 3 * kEps32))
    out.push_back({"float32_angles", Message(kFloat32AnglesHeadline),
                   Message(kFloat32AnglesDetail, {oursForm, worstText(ctx.report)}), "",
                   std::move(band), true, true});
}

}  // namespace

SchemeSlips sinusoidalSlips() { return {.add = addSinusoidalSlips, .choice = sinusoidalChoice}; }

}  // namespace posenc::detail
