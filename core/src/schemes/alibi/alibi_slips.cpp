// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's slips of ALiBi code (its SchemeSlips hooks, base/scheme_hooks.hpp): slopes
// 2^(−8(h+1)/n) for a head count n that is not a power of two, where
// ofirpress/attention_with_linear_biases get_slopes (and HF modeling_bloom.py
// build_alibi_tensor) interleave the slopes of the two nearest powers of two; and the causal
// and symmetric biases, and the sign, in ALiBi's words.
#include <bit>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "check/check_diagnosis.hpp"
#include "posenc/schemes/alibi/alibi.hpp"
#include "schemes/alibi/alibi_hooks.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kSlopesHeadline{
    "Your ALiBi slopes use the simple rule for a head count that is not a power of two"};
const MessageTemplate kSlopesDetail{
    "Your slopes follow 2^(−8(h+1)/n) for n = %1 heads, which is not a power of two; get_slopes "
    "(ofirpress/attention_with_linear_biases, HF's build_alibi_tensor) takes the slopes of %2 "
    "heads, then every other slope of %3: use get_slopes.",
    "%1: the head count n; %2: the power of two below it; %3: twice that"};
const MessageTemplate kSymmetricHeadline{"Your ALiBi bias is symmetric; ours is causal"};
const MessageTemplate kSymmetricDetail{
    "Your bias is the symmetric −m|i − j| (keys after the query penalised too); ours is causal "
    "(−m(i − j), keys after the query masked): set %1=%2.",
    "%1=%2: the setting (causal=false)"};
const MessageTemplate kCausalHeadline{"Your ALiBi bias is causal; ours is symmetric"};
const MessageTemplate kCausalDetail{
    "Your bias is causal (keys after the query masked); ours is the symmetric −m|i − j|: set "
    "%1=%2.",
    "%1=%2: the setting (causal=true)"};
const MessageTemplate kSignDetail{
    "Your bias has the opposite sign: ALiBi subtracts m(i − j) (a penalty growing with the "
    "distance, −m(i − j) <= 0); negate yours."};

void addAlibiSlips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  const AlibiParams p = alibiParamsFrom(ctx.params);
  if (std::has_single_bit(static_cast<std::uint64_t>(p.heads))) return;
  const Vector ours = alibiSlopes(p.heads);
  std::vector<double> simple;
  for (Index h = 0; h < p.heads; ++h)
    simple.push_back(
        std::pow(2.0, -8.0 * static_cast<double>(h + 1) / static_cast<double>(p.heads)));
  const std::string n = std::to_string(p.heads);
  const auto c = std::bit_floor(static_cast<std::uint64_t>(p.heads));
  Message detail(kSlopesDetail, {n, std::to_string(c), std::to_string(2 * c)});
  CellValues values;
  if (ctx.view.id == "slopes") {
    const Index c0 = ctx.report.colStart;
    values = [simple, c0](std::span<const Index> rows, std::span<const Index> cols) {
      Matrix v(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
      for (std::size_t b = 0; b < cols.size(); ++b)
        for (std::size_t a = 0; a < rows.size(); ++a)
          v(static_cast<Index>(a), static_cast<Index>(b)) =
              simple[static_cast<std::size_t>(cols[b] + c0)];
      return v;
    };
  } else if (ctx.view.id == "bias") {
    const double k = simple[static_cast<std::size_t>(p.head)] / ours(p.head);
    const Matrix* o = &ctx.report.ours;
    values = [o, k](std::span<const Index> rows, std::span<const Index> cols) {
      Matrix v(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
      for (std::size_t b = 0; b < cols.size(); ++b)
        for (std::size_t a = 0; a < rows.size(); ++a)
          v(static_cast<Index>(a), static_cast<Index>(b)) = k * (*o)(rows[a], cols[b]);
      return v;
    };
  } else {
    return;
  }
  out.push_back(
      {"alibi_slopes", Message(kSlopesHeadline), std::move(detail), "", std::move(values)});
}

void alibiChoice(const DiagnosisContext&, const std::string& param, const std::string& yours,
                 const std::string&, SlipCandidate& c) {
  if (param != "causal") return;
  const bool symmetric = yours == "false";
  c.headline = Message(symmetric ? kSymmetricHeadline : kCausalHeadline);
  c.detail = Message(symmetric ? kSymmetricDetail : kCausalDetail, {param, yours});
}

Message alibiText(const DiagnosisContext&, std::string_view slipId) {
  if (slipId != "sign") return {};
  return Message(kSignDetail);
}

}  // namespace

SchemeSlips alibiSlips() {
  return {.add = addAlibiSlips, .choice = alibiChoice, .text = alibiText};
}

}  // namespace posenc::detail
