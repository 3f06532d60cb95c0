// SPDX-License-Identifier: GPL-3.0-or-later
// ALiBi maths: the reference's slopes and the bias (alibi.hpp). The `alibi` scheme's
// description and views are in alibi_scheme.cpp.
#include "posenc/schemes/alibi/alibi.hpp"

#include <bit>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace posenc {

namespace {

/// `get_slopes_power_of_2(n)` of the reference, operation for operation (Python's float `**`
/// is C pow, math.log2 is C log2), so every slope is the same double as in Python.
void appendPowerOfTwoSlopes(std::vector<double>& out, std::int64_t n, std::int64_t step,
                            std::int64_t count) {
  const double start = std::pow(2.0, -std::pow(2.0, -(std::log2(static_cast<double>(n)) - 3.0)));
  const double ratio = start;
  for (std::int64_t h = 0, taken = 0; h < n && taken < count; h += step, ++taken)
    out.push_back(start * std::pow(ratio, static_cast<double>(h)));
}

}  // namespace

void validateAlibiParams(const AlibiParams& p) { checkHeadIndex(p.head, p.heads); }

Vector alibiSlopes(std::int64_t heads) {
  if (heads < 1 || heads > kMaxLength)
    throw ParamError("heads", std::to_string(heads),
                     Message(allowed::kIntRange, {"1", std::to_string(kMaxLength)}));
  std::vector<double> m;
  m.reserve(static_cast<std::size_t>(heads));
  const auto n = static_cast<std::uint64_t>(heads);
  if (std::has_single_bit(n)) {
    appendPowerOfTwoSlopes(m, heads, 1, heads);
  } else {
    const auto c = static_cast<std::int64_t>(std::bit_floor(n));
    appendPowerOfTwoSlopes(m, c, 1, c);
    appendPowerOfTwoSlopes(m, 2 * c, 2, heads - c);  // get_slopes(2c)[0::2][:n-c]
  }
  return Eigen::Map<const Vector>(m.data(), static_cast<Index>(m.size()));
}

double alibiBias(double m, Index i, Index j, bool causal) {
  if (causal && j > i) return kMasked;
  // m * (j - i) with the integer difference made first: exactly -(m (i - j)), and +0 (not
  // -0) on the diagonal.
  const Index negDistance = causal ? j - i : -std::abs(i - j);
  return m * static_cast<double>(negDistance);
}

Matrix alibiBiasMatrix(const AlibiParams& p, std::span<const Index> rows,
                       std::span<const Index> cols) {
  const double m = alibiSlopes(p.heads)(p.head);
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (std::size_t b = 0; b < cols.size(); ++b)
      out(static_cast<Index>(a), static_cast<Index>(b)) = alibiBias(m, rows[a], cols[b], p.causal);
  return out;
}

}  // namespace posenc
