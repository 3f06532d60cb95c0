// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/bulk_math.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define POSENC_BULK_SIMD 1
// No fused multiply-add: GCC contracts a * b + c by default in C++, and would on the AVX-512
// path only (AVX-512F brings FMA), so its bits would differ from the portable path's.
#pragma GCC optimize("fp-contract=off")
#endif
#if defined(POSENC_BULK_SIMD)
#include <immintrin.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace posenc::detail {

namespace {

// pi/2 in three 33-bit parts and their tails (fdlibm e_rem_pio2.c): n * kPio2_k is exact for
// |n| < 2^20, so each step's product carries no rounding.
constexpr double kInvPio2 = 6.36619772367581382433e-01;
constexpr double kPio2_1 = 1.57079632673412561417e+00;
constexpr double kPio2_2 = 6.07710050630396597660e-11;
constexpr double kPio2_2t = 2.02226624879595063154e-21;
constexpr double kPio2_3 = 2.02226624871116645580e-21;
constexpr double kPio2_3t = 8.47842766036889956997e-32;
/// Adding 1.5 2^52 rounds to the nearest integer (ties to even) and leaves it, two's
/// complement, in the low bits of the sum.
constexpr double kRound = 6755399441055744.0;
/// The third step is taken where the second cancelled more than 49 bits (fdlibm's test on
/// the exponents, as a comparison of magnitudes).
constexpr double kThirdStep = 1.7763568394002505e-15;  // 2^-49

// msun k_sin.c: sin(x) ~ x + S1 x^3 + ... + S6 x^13 on [-pi/4, pi/4].
constexpr double kS1 = -1.66666666666666324348e-01;
constexpr double kS2 = 8.33333333332248946124e-03;
constexpr double kS3 = -1.98412698298579493134e-04;
constexpr double kS4 = 2.75573137070700676789e-06;
constexpr double kS5 = -2.50507602534068634195e-08;
constexpr double kS6 = 1.58969099521155010221e-10;
// msun k_cos.c: cos(x) ~ 1 - x^2/2 + C1 x^4 + ... + C6 x^14.
constexpr double kC1 = 4.16666666666666019037e-02;
constexpr double kC2 = -1.38888888888741095749e-03;
constexpr double kC3 = 2.48015872894767294178e-05;
constexpr double kC4 = -2.75573143513906633035e-07;
constexpr double kC5 = 2.08757232129817482790e-09;
constexpr double kC6 = -1.13596475577881948265e-11;

bool reducible(double x) { return std::fabs(x) <= kBulkTrigLimit; }  // false for NaN

/// The portable path; bulkAvx2 below is the same sequence four lanes wide.
double portable(double x, bool sine) {
  // The AVX2 path does the same operations in the same order (it leaves lanes that need the
  // third step to this function).
  const double shifted = x * kInvPio2 + kRound;
  const double fn = shifted - kRound;
  const auto quadrant = std::bit_cast<std::uint64_t>(shifted) + (sine ? 3U : 0U);
  // Reduction: r2 + w2 (two steps), r3 + w3 (three steps) = x - fn pi/2.
  const double t = x - fn * kPio2_1;
  double w = fn * kPio2_2;
  const double r2 = t - w;
  const double w2 = fn * kPio2_2t - ((t - r2) - w);
  w = fn * kPio2_3;
  const double r3 = r2 - w;
  const double w3 = fn * kPio2_3t - ((r2 - r3) - w);
  const bool third = std::fabs(r2 - w2) < std::fabs(x) * kThirdStep;
  const double r = third ? r3 : r2;
  const double rw = third ? w3 : w2;
  const double y0 = r - rw;
  const double y1 = (r - y0) - rw;
  // Kernels on y0 + y1.
  const double z = y0 * y0;
  const double zz = z * z;
  const double v = z * y0;
  const double rs = kS2 + z * (kS3 + z * kS4) + z * zz * (kS5 + z * kS6);
  const double s = y0 - ((z * (0.5 * y1 - v * rs) - y1) - v * kS1);
  const double rc = z * (kC1 + z * (kC2 + z * kC3)) + zz * zz * (kC4 + z * (kC5 + z * kC6));
  const double hz = 0.5 * z;
  const double one = 1.0 - hz;
  const double c = one + (((1.0 - one) - hz) + (z * rc - y0 * y1));
  // cos by quadrant: c, -s, -c, s (sin is cos three quadrants on).
  const double value = (quadrant & 1U) ? s : c;
  return ((quadrant + 1U) & 2U) ? -value : value;
}

/// One angle, any value: the portable path, or the standard library beyond its range.
double one(double angle, bool sine) {
  if (!reducible(angle)) return sine ? std::sin(angle) : std::cos(angle);
  return portable(angle, sine);
}

#ifdef POSENC_BULK_SIMD
// 4 and 8 doubles and 64-bit integers (GCC's vector extensions: one source for every width;
// the instructions are those of the function it is inlined into).
using Double4 = double __attribute__((vector_size(32)));
using Int4 = std::int64_t __attribute__((vector_size(32)));
using Double8 = double __attribute__((vector_size(64)));
using Int8 = std::int64_t __attribute__((vector_size(64)));

/// Whether a lane needs the third reduction step (|y0| < 2^-49 |x|, given as the bits of the
/// magnitudes: `small` = |y0|, `bound` = 2^-49 |x|) or is beyond kBulkTrigLimit, infinite or
/// NaN (`magnitude` = |x|). Non-negative doubles compare as the integers of their bits (NaN
/// above infinity), the same answers as the double comparisons. Intrinsics: GCC would lower a
/// comparison of vector-extension types to one lane at a time, the target not yet known.
__attribute__((target("avx2"))) inline bool anyElsewhere(Int4 small, Int4 bound, Int4 magnitude) {
  const auto limit = _mm256_set1_epi64x(std::bit_cast<std::int64_t>(kBulkTrigLimit));
  const __m256i mask =
      _mm256_or_si256(_mm256_cmpgt_epi64(__builtin_bit_cast(__m256i, bound),
                                         __builtin_bit_cast(__m256i, small)),
                      _mm256_cmpgt_epi64(__builtin_bit_cast(__m256i, magnitude), limit));
  return _mm256_testz_si256(mask, mask) == 0;
}
__attribute__((target("avx512f"))) inline bool anyElsewhere(Int8 small, Int8 bound,
                                                            Int8 magnitude) {
  const auto limit = _mm512_set1_epi64(std::bit_cast<std::int64_t>(kBulkTrigLimit));
  const __mmask8 third = _mm512_cmplt_epi64_mask(__builtin_bit_cast(__m512i, small),
                                                 __builtin_bit_cast(__m512i, bound));
  const __mmask8 beyond = _mm512_cmpgt_epi64_mask(__builtin_bit_cast(__m512i, magnitude), limit);
  return (third | beyond) != 0;
}

/// portable() on N angles at once, the same operations in the same order. False, with nothing
/// written, when a lane needs the third reduction step or is beyond kBulkTrigLimit, infinite or
/// NaN (the caller hands those lanes to one()).
template <typename D, typename I>
[[gnu::always_inline]] inline bool lanes(const double* angles, double* out, bool sine) {
  D x;
  std::memcpy(&x, angles, sizeof x);
  const D shifted = x * kInvPio2 + kRound;
  const D fn = shifted - kRound;
  const I quadrant = __builtin_bit_cast(I, shifted) + (sine ? 3 : 0);
  const D t = x - fn * kPio2_1;
  const D w = fn * kPio2_2;
  const D r2 = t - w;
  const D w2 = fn * kPio2_2t - ((t - r2) - w);
  const D y0 = r2 - w2;
  const I magnitude = I{} + std::numeric_limits<std::int64_t>::max();
  const I absY0 = __builtin_bit_cast(I, y0) & magnitude;
  const I absX = __builtin_bit_cast(I, x) & magnitude;
  const I bound = __builtin_bit_cast(I, __builtin_bit_cast(D, absX) * kThirdStep);
  if (anyElsewhere(absY0, bound, absX)) return false;  // x within 2^-49 |x| of k pi/2: rare
  const D y1 = (r2 - y0) - w2;
  const D z = y0 * y0;
  const D zz = z * z;
  const D v = z * y0;
  const D rs = kS2 + z * (kS3 + z * kS4) + z * zz * (kS5 + z * kS6);
  const D s = y0 - ((z * (0.5 * y1 - v * rs) - y1) - v * kS1);
  const D rc = z * (kC1 + z * (kC2 + z * kC3)) + zz * zz * (kC4 + z * (kC5 + z * kC6));
  const D hz = 0.5 * z;
  const D one = 1.0 - hz;
  const D c = one + (((1.0 - one) - hz) + (z * rc - y0 * y1));
  const D value = (quadrant & 1) != 0 ? s : c;
  const I bits = __builtin_bit_cast(I, value) ^ (((quadrant + 1) & 2) << 62);
  std::memcpy(out, &bits, sizeof bits);
  return true;
}

template <typename D, typename I>
[[gnu::always_inline]] inline void bulk(const double* angles, double* out, std::size_t n,
                                        bool sine) {
  constexpr std::size_t N = sizeof(D) / sizeof(double);
  std::size_t k = 0;
  for (; k + N <= n; k += N)
    if (!lanes<D, I>(angles + k, out + k, sine))
      for (std::size_t lane = k; lane < k + N; ++lane) out[lane] = one(angles[lane], sine);
  for (; k < n; ++k) out[k] = one(angles[k], sine);
}

__attribute__((target("avx2"))) void bulkAvx2(const double* angles, double* out, std::size_t n,
                                              bool sine) {
  bulk<Double4, Int4>(angles, out, n, sine);
}

__attribute__((target("avx512f"))) void bulkAvx512(const double* angles, double* out, std::size_t n,
                                                   bool sine) {
  bulk<Double8, Int8>(angles, out, n, sine);
}
#endif

}  // namespace

double cosOrSin(double angle, bool sine) { return one(angle, sine); }

int bulkTrigWidth() {
#ifdef POSENC_BULK_SIMD
  static const int width = __builtin_cpu_supports("avx512f") ? 8
                           : __builtin_cpu_supports("avx2")  ? 4
                                                             : 1;
  return width;
#else
  return 1;
#endif
}

void cosOrSin(const double* angles, double* out, std::size_t n, bool sine, int width) {
#ifdef POSENC_BULK_SIMD
  const int lanes = std::min(width, bulkTrigWidth());
  if (lanes >= 8) {
    bulkAvx512(angles, out, n, sine);
  } else if (lanes >= 4) {
    bulkAvx2(angles, out, n, sine);
  } else {
    for (std::size_t k = 0; k < n; ++k) out[k] = one(angles[k], sine);
  }
#else
  (void)width;  // one path only
  for (std::size_t k = 0; k < n; ++k) out[k] = one(angles[k], sine);
#endif
}

void cosOrSin(const double* angles, double* out, std::size_t n, bool sine) {
  cosOrSin(angles, out, n, sine, bulkTrigWidth());
}

void adviseHugePages(void* data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t kHuge = std::uintptr_t{1} << 21;
  if (bytes < 2 * kHuge) return;
  const auto begin = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t skip = (kHuge - begin % kHuge) % kHuge;  // to the first 2 MiB boundary
  const std::uintptr_t length = (bytes - skip) & ~(kHuge - 1);
  if (length > 0) madvise(static_cast<char*>(data) + skip, length, MADV_HUGEPAGE);  // advice only
#else
  (void)data;
  (void)bytes;
#endif
}

}  // namespace posenc::detail
