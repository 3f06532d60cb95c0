// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's diagnosis (check.hpp): the view recomputed under the usual convention slips,
// and the ones that reproduce an engineer's numbers.
#pragma once

#include <vector>

#include "posenc/check.hpp"

namespace posenc::detail {

/// The slips that explain report.yours (explains = true, best first), else the nearest
/// partial ones worth naming; empty when none does. report holds the compared region
/// (yours, ours, rowStart, colStart, tolerance) and at least one mismatch.
[[nodiscard]] std::vector<Slip> diagnoseSlips(const Scheme& scheme, const ParamSet& params,
                                              const ViewSpec& view, const CheckReport& report);

}  // namespace posenc::detail
