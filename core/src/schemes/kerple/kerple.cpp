// SPDX-License-Identifier: GPL-3.0-or-later
// KERPLE maths (kerple.hpp), following chijames/KERPLE (commit 73f1ee2d), file
// megatron/mpu/layers.py: ParallelKerpleLog.forward (bias = -bias_p * log(1 + bias_a * diff))
// and ParallelKerplePower.forward (bias = -bias_a * diff ** bias_p), diff = tril(i - j), with
// their clamps (bias_p, bias_a >= 1e-2; the power's bias_p <= 2) as refusals. The `kerple`
// scheme's description and views are in kerple_scheme.cpp.
#include "posenc/schemes/kerple/kerple.hpp"

#include <cmath>
#include <string>

namespace posenc {

namespace {

const MessageTemplate kTwoVariants{"%1 or %2", "%1, %2: the ids of kerple's variants"};
const MessageTemplate kClampedRange{"a number from 0.01 (the code's clamp eps) to %1",
                                    "%1: the upper bound"};
const MessageTemplate kPowerRange{
    "a number from 0.01 to 2 (the code clamps bias_p to [1e-2, 2]: beyond 2 the kernel is no "
    "longer conditionally positive definite)"};

}  // namespace

KerpleVariant kerpleVariantFromId(std::string_view id) {
  if (id == "log") return KerpleVariant::Log;
  if (id == "power") return KerpleVariant::Power;
  throw ParamError("variant", std::string(id), Message(kTwoVariants, {"log", "power"}));
}

namespace {

void checkPositive(const char* name, double v, double max) {
  if (!(v >= kKerpleEps && v <= max))
    throw ParamError(name, std::to_string(v), Message(kClampedRange, {std::to_string(max)}));
}

}  // namespace

void checkKerpleParams(const KerpleParams& p) {
  checkHeadIndex(p.head, p.heads);
  checkPositive("r1", p.r1, 1000.0);
  checkPositive("r2", p.r2, 1000.0);
  checkPositive("a", p.a, 1000.0);
  if (!(p.p >= kKerpleEps && p.p <= 2.0))
    throw ParamError("p", std::to_string(p.p), Message(kPowerRange));
}

double kerpleLogBias(double r1, double r2, double distance) {
  if (distance == 0) return 0.0;  // -r1 * log(1) is -0; the diagonal is +0 as in every view
  return -r1 * std::log1p(r2 * distance);  // the code's log(1 + x), to rounding
}

double kerplePowerBias(double a, double p, double distance) {
  if (distance == 0) return 0.0;
  return -a * std::pow(distance, p);
}

double kerpleBias(const KerpleParams& p, Index distance) {
  const auto d = static_cast<double>(distance);
  return p.variant == KerpleVariant::Log ? kerpleLogBias(p.r1, p.r2, d)
                                         : kerplePowerBias(p.a, p.p, d);
}

Matrix kerpleBiasMatrix(const KerpleParams& p, std::span<const Index> rows,
                        std::span<const Index> cols) {
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (std::size_t b = 0; b < cols.size(); ++b) {
      const Index d = rows[a] - cols[b];
      out(static_cast<Index>(a), static_cast<Index>(b)) = d < 0 ? kMasked : kerpleBias(p, d);
    }
  return out;
}

}  // namespace posenc
