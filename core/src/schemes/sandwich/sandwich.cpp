// SPDX-License-Identifier: GPL-3.0-or-later
// Sandwich maths (sandwich.hpp), following NVIDIA/NeMo (commit 000b931e), file
// nemo/collections/nlp/modules/common/megatron/position_embedding/
// sandwich_relative_position_embedding.py, SandwichRelativePositionEmbedding.forward:
// relative_position = |i - j| (build_relative_position, full=True), tril when not
// bidirectional, inv_freq = 1/10000^(2 arange(1, d/2 + 1)/d), the sum of cos(rel inv_freq),
// then (bias - d/2) / ((h + 1) * 8 / heads). In doubles (NeMo: float32 on the GPU). The
// `sandwich` scheme's description and views are in sandwich_scheme.cpp.
#include "posenc/schemes/sandwich/sandwich.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace posenc {

namespace {

const MessageTemplate kEvenDim{
    "an even integer from %1 to %2 (for odd d NeMo's arange gives ceil(d/2) frequencies against "
    "d/2, so the bias is not 0 at distance 0)",
    "%1, %2: the bounds"};

}  // namespace

void checkSandwichParams(const SandwichParams& p) {
  checkHeadIndex(p.head, p.heads);
  if (p.dim < 2 || p.dim > 4096 || p.dim % 2 != 0)
    throw ParamError("dim", std::to_string(p.dim), Message(kEvenDim, {"2", "4096"}));
}

Vector sandwichFrequencies(std::int64_t dim) {
  const double d = static_cast<double>(dim);
  Vector w(dim / 2);
  for (Index k = 1; k <= w.size(); ++k)
    w(k - 1) = 1.0 / std::pow(10000.0, 2.0 * static_cast<double>(k) / d);
  return w;
}

double sandwichHeadDivisor(std::int64_t head, std::int64_t heads) {
  return static_cast<double>(head + 1) * 8.0 / static_cast<double>(heads);
}

double sandwichRawBias(const Vector& omega, std::int64_t dim, Index distance) {
  if (distance == 0) return 0.0;  // Σ cos(0) − d/2 = 0 exactly; +0
  double sum = 0;
  const auto r = static_cast<double>(distance);
  for (Index k = 0; k < omega.size(); ++k) sum += std::cos(r * omega(k));
  return sum - static_cast<double>(dim) / 2.0;
}

Matrix sandwichBias(const SandwichParams& p, std::span<const Index> rows,
                    std::span<const Index> cols) {
  Matrix out =
      Matrix::Constant(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()), kMasked);
  if (rows.empty() || cols.empty()) return out;
  const Vector omega = sandwichFrequencies(p.dim);
  const double divisor = sandwichHeadDivisor(p.head, p.heads);
  // One value per distinct distance |i - j| <= hi, computed when first asked for.
  const Index hi = std::max(rows.back() - cols.front(), cols.back() - rows.front());
  std::vector<double> profile(static_cast<std::size_t>(std::max<Index>(hi, 0) + 1), 0.0);
  std::vector<char> known(profile.size(), 0);
  for (std::size_t a = 0; a < rows.size(); ++a) {
    for (std::size_t b = 0; b < cols.size(); ++b) {
      if (p.causal && cols[b] > rows[a]) continue;
      const Index d = std::abs(rows[a] - cols[b]);
      const auto at = static_cast<std::size_t>(d);
      if (!known[at]) {
        profile[at] = sandwichRawBias(omega, p.dim, d) / divisor;
        known[at] = 1;
      }
      out(static_cast<Index>(a), static_cast<Index>(b)) = profile[at];
    }
  }
  return out;
}

}  // namespace posenc
