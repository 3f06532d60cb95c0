// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/maths/sinusoidal_table.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "posenc/base/params.hpp"

namespace posenc {

SinusoidalLayout sinusoidalLayoutFromId(std::string_view id) {
  if (id == "interleaved") return SinusoidalLayout::Interleaved;
  if (id == "concatenated") return SinusoidalLayout::Concatenated;
  if (id == "tensor2tensor") return SinusoidalLayout::Tensor2Tensor;
  throw ParamError("layout", std::string(id),
                   Message(allowed::kOneOf,
                           {MessageArg::list({"interleaved", "concatenated", "tensor2tensor"})}));
}

Vector sinusoidalFrequencies(Index d, double base, SinusoidalLayout layout) {
  const Index half = d / 2;
  Vector w(half);
  if (layout == SinusoidalLayout::Tensor2Tensor) {
    const double denom = static_cast<double>(std::max<Index>(half - 1, 1));
    const double step = std::log(base) / denom;
    for (Index i = 0; i < half; ++i) w(i) = std::exp(-static_cast<double>(i) * step);
  } else {
    for (Index i = 0; i < half; ++i)
      w(i) = std::pow(base, -2.0 * static_cast<double>(i) / static_cast<double>(d));
  }
  return w;
}

Index sinColumn(Index i, Index d, SinusoidalLayout layout) {
  (void)d;
  return layout == SinusoidalLayout::Interleaved ? 2 * i : i;
}

Index cosColumn(Index i, Index d, SinusoidalLayout layout) {
  return layout == SinusoidalLayout::Interleaved ? 2 * i + 1 : i + d / 2;
}

std::pair<Index, bool> pairOfColumn(Index k, Index d, SinusoidalLayout layout) {
  if (layout == SinusoidalLayout::Interleaved) return {k / 2, k % 2 == 0};
  return k < d / 2 ? std::pair<Index, bool>{k, true} : std::pair<Index, bool>{k - d / 2, false};
}

Matrix sinusoidalTable(std::span<const double> positions, Index d, double base,
                       SinusoidalLayout layout) {
  const Vector w = sinusoidalFrequencies(d, base, layout);
  Matrix pe(static_cast<Index>(positions.size()), d);
  for (Index r = 0; r < pe.rows(); ++r) {
    const double p = positions[static_cast<std::size_t>(r)];
    for (Index i = 0; i < w.size(); ++i) {
      const double angle = p * w(i);
      pe(r, sinColumn(i, d, layout)) = std::sin(angle);
      pe(r, cosColumn(i, d, layout)) = std::cos(angle);
    }
  }
  return pe;
}

}  // namespace posenc
