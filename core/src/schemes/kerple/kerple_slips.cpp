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
  out.push_back({"kerple_swapped",
                 "Yours is the " + std::string(log ? "log" : "power") + " kernel " + kernel +
                     " with " + scale + " and " + other + " swapped (" + scale + " = " + sText +
                     ", " + other + " = " + oText +
                     "): KERPLE's code names both kernels' numbers bias_p and bias_a, in "
                     "opposite roles (here " +
                     code + "); set " + scale + "=" + sText + " " + other + "=" + oText +
                     ", or read the checkpoint's numbers the other way round.",
                 scale + "=" + sText + " " + other + "=" + oText, recomputeWith(ctx, swapped)});
}

}  // namespace

SchemeSlips kerpleSlips() { return {.add = addKerpleSlips}; }

}  // namespace posenc::detail
