// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's slips of KERPLE code (its SchemeSlips hooks, base/scheme_hooks.hpp): the two
// learned numbers of a kernel swapped. chijames/KERPLE (megatron/mpu/layers.py) names them
// bias_p and bias_a in both kernels but in opposite roles: the log kernel is
// −bias_p · log(1 + bias_a · d) (r1 = bias_p, r2 = bias_a), the power kernel −bias_a · d^bias_p
// (a = bias_a, p = bias_p); a checkpoint read with the other kernel's roles swaps them.
#include <string>
#include <vector>

#include "check/check_diagnosis.hpp"
#include "posenc/base/params.hpp"
#include "schemes/kerple/kerple_hooks.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kSwappedHeadline{"Your KERPLE kernel has its two numbers swapped (%1 and %2)",
                                       "%1, %2: parameter ids"};
const MessageTemplate kSwappedDetail{
    "Yours is the %1 %2 with %3 and %4 swapped (%3 = %5, %4 = %6): KERPLE's code names both "
    "kernels' numbers bias_p and bias_a, in opposite roles (here %7); set %3=%5 %4=%6, or read "
    "the checkpoint's numbers the other way round.",
    "%1: \"log kernel\" or \"power kernel\"; %2: its formula; %3, %4: parameter ids; %5, %6: "
    "your values of them; %7: which of the code's numbers is which"};
const MessageTemplate kLogKernel{"log kernel", "KERPLE's logarithmic kernel"};
const MessageTemplate kPowerKernel{"power kernel", "KERPLE's power kernel"};

void addKerpleSlips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  const bool log = ctx.params.getChoice("variant") == "log";
  const std::string scale = log ? "r1" : "a", other = log ? "r2" : "p";
  const double s = ctx.params.getReal(scale), o = ctx.params.getReal(other);
  if (s == o) return;
  ParamSet first, swapped;
  const std::string sText = formatValue(Value{o}), oText = formatValue(Value{s});
  if (!withParam(ctx.scheme, ctx.params, scale, sText, first) ||
      !withParam(ctx.scheme, first, other, oText, swapped))
    return;
  const std::string kernel = log ? "−r1 · log(1 + r2 · |i − j|)" : "−a · |i − j|^p";
  const std::string code = log ? "r1 = bias_p, r2 = bias_a" : "a = bias_a, p = bias_p";
  out.push_back({"kerple_swapped", Message(kSwappedHeadline, {scale, other}),
                 Message(kSwappedDetail, {Message(log ? kLogKernel : kPowerKernel), kernel, scale,
                                          other, sText, oText, code}),
                 scale + "=" + sText + " " + other + "=" + oText, recomputeWith(ctx, swapped)});
}

}  // namespace

SchemeSlips kerpleSlips() { return {.add = addKerpleSlips}; }

}  // namespace posenc::detail
