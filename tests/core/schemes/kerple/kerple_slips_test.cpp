// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's KERPLE slip (kerple_slips.cpp): a kernel's two learned numbers swapped, as a
// checkpoint's bias_p and bias_a read with the other kernel's roles give them. The engineer's
// bias is built here from the paper's formulas (chijames/KERPLE megatron/mpu/layers.py:
// ParallelKerpleLog −bias_p · log(1 + bias_a · diff), ParallelKerplePower −bias_a ·
// diff^bias_p, diff = tril(i − j)), independently of the scheme's code.
#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "posenc/check/check.hpp"
#include "support/slip_messages.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;

/// An engineer's length x length bias (0 above the diagonal, as the code's tril gives).
Against bias(Index length, const std::function<double(double)>& kernel) {
  Against a;
  a.file = "bias.npy";
  a.array.shape = {length, length};
  a.array.type = ElementType::F64;
  for (Index i = 0; i < length; ++i)
    for (Index j = 0; j < length; ++j)
      a.array.values.push_back(j <= i ? kernel(static_cast<double>(i - j)) : 0.0);
  return a;
}

CheckReport checkKerple(const Sets& sets, const Against& yours) {
  const Scheme& s = findScheme("kerple");
  return checkArray(s, makeParams(s, sets), "bias", yours);
}

TEST(KerpleSlips, LogKernelWithR1AndR2SwappedIsNamedWithTheSetting) {
  // Ours: r1 = 2, r2 = 0.5; yours read bias_a as the scale: −0.5 log(1 + 2 d).
  const CheckReport r = checkKerple({{"length", "48"}, {"r1", "2"}, {"r2", "0.5"}},
                                    bias(48, [](double d) { return -0.5 * std::log(1 + 2 * d); }));
  ASSERT_FALSE(r.matches());
  ASSERT_FALSE(r.diagnosis.empty()) << checkReportText(r);
  EXPECT_EQ(r.diagnosis.front().id, "kerple_swapped") << checkReportText(r);
  EXPECT_TRUE(r.diagnosis.front().explains);
  test::expectSlipMessages(r);
  EXPECT_EQ(r.diagnosis.front().setting, "r1=0.5 r2=2");
  EXPECT_NE(r.diagnosis.front().text.find("bias_p"), std::string::npos);
}

TEST(KerpleSlips, PowerKernelWithAAndPSwappedIsNamed) {
  // Ours: a = 1.5, p = 0.25; yours −0.25 d^1.5.
  const CheckReport r =
      checkKerple({{"length", "32"}, {"variant", "power"}, {"a", "1.5"}, {"p", "0.25"}},
                  bias(32, [](double d) { return -0.25 * std::pow(d, 1.5); }));
  ASSERT_FALSE(r.diagnosis.empty()) << checkReportText(r);
  EXPECT_EQ(r.diagnosis.front().id, "kerple_swapped") << checkReportText(r);
  EXPECT_TRUE(r.diagnosis.front().explains);
  test::expectSlipMessages(r);
  EXPECT_EQ(r.diagnosis.front().setting, "a=0.25 p=1.5");
}

TEST(KerpleSlips, TheRightBiasAndEqualNumbersNameNoSwap) {
  const CheckReport right =
      checkKerple({{"length", "16"}, {"r1", "2"}, {"r2", "0.5"}},
                  bias(16, [](double d) { return -2 * std::log1p(0.5 * d); }));
  EXPECT_TRUE(right.matches()) << checkReportText(right);
  // r1 = r2: swapping changes nothing, so a wrong bias is never blamed on a swap.
  const CheckReport same = checkKerple({{"length", "16"}, {"r1", "1"}, {"r2", "1"}},
                                       bias(16, [](double d) { return -3 * std::log1p(d); }));
  for (const Slip& s : same.diagnosis) EXPECT_NE(s.id, "kerple_swapped");
}

}  // namespace
}  // namespace posenc
