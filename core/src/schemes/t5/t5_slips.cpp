// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's slips of T5 code (its SchemeSlips hooks, base/scheme_hooks.hpp): num_buckets
// not halved for bidirectional buckets (HF modeling_t5.py _relative_position_bucket:
// `num_buckets //= 2` when bidirectional); and the encoder's and decoder's buckets, and the
// transpose (i − j for HF's memory_position − context_position), in T5's words.
#include <string>
#include <vector>

#include "check/check_diagnosis.hpp"
#include "schemes/t5/t5_hooks.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kBucketsHeadline{"Your T5 buckets are not halved for both directions"};
const MessageTemplate kBucketsDetail{
    "Your buckets use num_buckets = %1 per direction: with bidirectional=true HF's "
    "_relative_position_bucket halves it first (num_buckets //= 2, so %2 per direction); halve "
    "it, or set buckets=%3.",
    "%1: the bucket count; %2: half of it; %3: twice it"};
const MessageTemplate kUnidirectionalHeadline{
    "Your T5 buckets are unidirectional (the decoder's); ours are bidirectional"};
const MessageTemplate kUnidirectionalDetail{
    "Your buckets are unidirectional (every key after the query in bucket 0, T5's decoder); ours "
    "are bidirectional (keys after the query in the upper half of the buckets, the encoder): set "
    "%1=%2.",
    "%1=%2: the setting (bidirectional=false)"};
const MessageTemplate kBidirectionalHeadline{
    "Your T5 buckets are bidirectional (the encoder's); ours are unidirectional"};
const MessageTemplate kBidirectionalDetail{
    "Your buckets are bidirectional (keys after the query in the upper half of the buckets, T5's "
    "encoder); ours are unidirectional (every key after the query in bucket 0, the decoder): set "
    "%1=%2.",
    "%1=%2: the setting (bidirectional=true)"};
const MessageTemplate kTransposeDetail{
    "Yours is ours transposed: you used i − j where the convention is j − i (key minus query, "
    "HF's memory_position − context_position in compute_bias); swap them."};

void addT5Slips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  if (!ctx.params.getBool("bidirectional")) return;
  const std::int64_t n = ctx.params.getInt("buckets");
  ParamSet p;
  if (!withParam(ctx.scheme, ctx.params, "buckets", std::to_string(2 * n), p)) return;
  out.push_back(
      {"buckets_not_halved", Message(kBucketsHeadline),
       Message(kBucketsDetail, {std::to_string(n), std::to_string(n / 2), std::to_string(2 * n)}),
       "buckets=" + std::to_string(2 * n), recomputeWith(ctx, p)});
}

void t5Choice(const DiagnosisContext&, const std::string& param, const std::string& yours,
              const std::string&, SlipCandidate& c) {
  if (param != "bidirectional") return;
  const bool unidirectional = yours == "false";
  c.headline = Message(unidirectional ? kUnidirectionalHeadline : kBidirectionalHeadline);
  c.detail = Message(unidirectional ? kUnidirectionalDetail : kBidirectionalDetail, {param, yours});
}

Message t5Text(const DiagnosisContext&, std::string_view slipId) {
  if (slipId != "transpose") return {};
  return Message(kTransposeDetail);
}

}  // namespace

SchemeSlips t5Slips() { return {.add = addT5Slips, .choice = t5Choice, .text = t5Text}; }

}  // namespace posenc::detail
