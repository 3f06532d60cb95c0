// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/modes/compare.hpp"

namespace posenc {

const CompareDefaults& compareDefaults() {
  // RoPE's scaled scores beside anything without a companion of its own; ALiBi's and T5's
  // biases as the third and fourth panels; the sinusoidal similarity as the filler.
  static const CompareDefaults defaults{
      .companion = {"rope", "scores", "scaling=linear factor=4"},
      .initial = {{"rope", "scores", ""}, {"rope", "scores", "scaling=linear factor=4"}},
      .extra = {{"alibi", "bias", ""}, {"t5", "bias", ""}},
      .filler = {"sinusoidal", "similarity", ""},
  };
  return defaults;
}

std::optional<ParamSet> companionParams(const Scheme& scheme, const ParamSet& params) {
  for (const CompanionRule& rule : scheme.info().companions) {
    if (!params.has(rule.param)) continue;
    if (!rule.when.empty() && formatValue(params.get(rule.param)) != rule.when) continue;
    ParamSet out = params;
    for (const auto& [key, text] : rule.sets) {
      const ParamSpec& spec = findParam(scheme, key);
      out.set(spec.id, parseValue(spec, text));
    }
    return out;
  }
  return std::nullopt;
}

}  // namespace posenc
