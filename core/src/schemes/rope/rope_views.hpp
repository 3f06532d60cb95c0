// SPDX-License-Identifier: GPL-3.0-or-later
// The `rope` views of the scalings (rope_views.cpp): scale, cos, sin and the extrapolation
// chart that compares every scaling. The other views are in rope_scheme.cpp.
#pragma once

#include <vector>

#include "base/view_table.hpp"
#include "posenc/schemes/rope/rope.hpp"

namespace posenc::detail {

/// The extrapolation view: full periods per pair in training and at `length` under every
/// scaling (yarn and llama3 with the current parameters, longrope when its lists are given).
[[nodiscard]] ViewEntry<RopeParams> ropeExtrapolationView();

/// The views scale (theta'_k / theta_k with the band edges), cos and sin (HF's caches).
[[nodiscard]] std::vector<ViewEntry<RopeParams>> ropeScalingViews();

}  // namespace posenc::detail
