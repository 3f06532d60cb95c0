// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/base/random.hpp"

#include <cmath>
#include <numbers>

namespace posenc {

namespace {

// SplitMix64 finaliser (Steele, Lea, Flood 2014): a bijective 64-bit mixer.
constexpr std::uint64_t mix(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

double toUnitOpen(std::uint64_t bits) {
  // 53 bits -> (0, 1): (k + 0.5) / 2^53, never 0 or 1.
  return (static_cast<double>(bits >> 11) + 0.5) * 0x1.0p-53;
}

}  // namespace

std::uint64_t randomBits(std::uint64_t seed, Tensor tensor, std::uint64_t row, std::uint64_t col) {
  std::uint64_t h = mix(seed);
  h = mix(h ^ static_cast<std::uint64_t>(tensor));
  h = mix(h ^ row);
  h = mix(h ^ col);
  return h;
}

double uniform01(std::uint64_t seed, Tensor tensor, std::uint64_t row, std::uint64_t col) {
  return toUnitOpen(randomBits(seed, tensor, row, col));
}

double normal(std::uint64_t seed, Tensor tensor, std::uint64_t row, std::uint64_t col) {
  const std::uint64_t a = randomBits(seed, tensor, row, col);
  const std::uint64_t b = mix(a ^ 0xd1b54a32d192ed03ULL);
  const double u1 = toUnitOpen(a);
  const double u2 = toUnitOpen(b);
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

Vector normalRow(std::uint64_t seed, Tensor tensor, std::uint64_t row, Index width) {
  Vector v(width);
  for (Index c = 0; c < width; ++c) v(c) = normal(seed, tensor, row, static_cast<std::uint64_t>(c));
  return v;
}

Matrix normalHeadWeight(std::uint64_t seed, Tensor tensor, Index dModel, Index head, Index d) {
  const double scale = 1.0 / std::sqrt(static_cast<double>(dModel));
  Matrix w(dModel, d);
  for (Index c = 0; c < dModel; ++c)
    for (Index o = 0; o < d; ++o)
      w(c, o) = normal(seed, tensor, static_cast<std::uint64_t>(c),
                       static_cast<std::uint64_t>(head * d + o)) *
                scale;
  return w;
}

}  // namespace posenc
