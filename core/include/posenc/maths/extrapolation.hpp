// SPDX-License-Identifier: GPL-3.0-or-later
// Long context: what each scheme does past the length it was trained on. The pieces the
// `extrapolation` series views of sinusoidal, learned, t5, alibi and rope are made of.
#pragma once

#include <string>
#include <vector>

#include "posenc/base/types.hpp"
#include "posenc/base/view.hpp"

namespace posenc {

/// Most x values an extrapolation chart holds; longer ranges are sampled evenly.
inline constexpr Index kExtrapolationPoints = 8192;

/// x values for a chart over [0, count): every integer when count <= maxPoints, otherwise
/// sampleIndices(0, count, maxPoints) plus each mark inside [0, count); sorted, distinct.
[[nodiscard]] std::vector<Index> chartPositions(Index count, Index maxPoints,
                                                const std::vector<Index>& marks);

/// Full periods a rotation of angular frequency w completes over positions 0 .. length-1:
/// (length - 1) w / 2 pi. Below 1, the angles seen cover only part of the circle, so later
/// positions give (sin, cos) values never seen at those lengths.
[[nodiscard]] double periodsCompleted(double w, Index length);

/// One line of a periods chart: a name and the frequencies w_k of each pair k, measured over
/// `length` positions.
struct PeriodsLine {
  std::string name;
  Vector w;
  Index length = 0;
};

/// Series over pair index k = 0 .. w.size()-1: one curve per line (periodsCompleted), the
/// constant "one full period" line at 1, and points on the first line at the pairs whose
/// training (first line) never completes a period: "never a full period in training".
/// @pre every line has the same number of pairs; lines non-empty.
[[nodiscard]] SeriesResult periodsChart(const std::vector<PeriodsLine>& lines);

/// The ViewSpec of a periods chart (log y), with the given title and description.
[[nodiscard]] ViewSpec periodsView(std::string title, std::string description);

}  // namespace posenc
