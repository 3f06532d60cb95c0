// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's xPos slip (xpos_slips.cpp): the scale applied in the other direction. The
// engineer's decay table is built here from the paper's formula (ζⱼ = (2j + γd)/((1 + γ)d),
// microsoft/torchscale XPOS), with q downscaled and k upscaled: ζⱼ^(−(m − n)/B).
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "posenc/check/check.hpp"
#include "support/slip_messages.hpp"

namespace posenc {
namespace {

/// The decay view (length x d/2, row = distance m − n, column = pair j) with exponent
/// `sign` · (m − n)/B.
Against decay(Index length, Index d, double gamma, double scaleBase, double sign) {
  Against a;
  a.file = "decay.npy";
  a.array.shape = {length, d / 2};
  a.array.type = ElementType::F64;
  for (Index m = 0; m < length; ++m)
    for (Index j = 0; j < d / 2; ++j) {
      const double zeta = (2.0 * static_cast<double>(j) + gamma * static_cast<double>(d)) /
                          ((1 + gamma) * static_cast<double>(d));
      a.array.values.push_back(std::pow(zeta, sign * static_cast<double>(m) / scaleBase));
    }
  return a;
}

CheckReport checkDecay(const Against& yours) {
  const Scheme& s = findScheme("xpos");
  return checkArray(s, makeParams(s, {{"length", "256"}, {"dim", "32"}, {"scale_base", "64"}}),
                    "decay", yours);
}

TEST(XposSlips, ScaleInTheOtherDirectionIsNamed) {
  const CheckReport r = checkDecay(decay(256, 32, 0.4, 64, -1));
  ASSERT_FALSE(r.matches());
  ASSERT_FALSE(r.diagnosis.empty()) << checkReportText(r);
  EXPECT_EQ(r.diagnosis.front().id, "xpos_direction") << checkReportText(r);
  EXPECT_TRUE(r.diagnosis.front().explains);
  test::expectSlipMessages(r);
  EXPECT_TRUE(r.diagnosis.front().setting.empty());
}

TEST(XposSlips, TheRightDecayMatches) {
  const CheckReport r = checkDecay(decay(256, 32, 0.4, 64, 1));
  EXPECT_TRUE(r.matches()) << checkReportText(r);
}

}  // namespace
}  // namespace posenc
