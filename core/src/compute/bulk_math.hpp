// SPDX-License-Identifier: GPL-3.0-or-later
// Arithmetic over large buffers (the RoPE cos / sin caches of up to 2^20 positions): cos and
// sin of many angles 4 or 8 at a time, and huge pages for a result about to be filled.
#pragma once

#include <cstddef>

namespace posenc::detail {

/// out[k] = cos(angles[k]), or sin(angles[k]) when `sine`, for k < n (out may be angles).
///
/// Cody and Waite's reduction by pi/2 in three parts (the pieces of fdlibm's
/// __ieee754_rem_pio2, Sun Microsystems 1993, for |x| < 2^20 pi/2) to a double-double y in
/// [-pi/4, pi/4], then the minimax polynomials of FreeBSD msun's __kernel_sin and
/// __kernel_cos (lib/msun/src/k_sin.c, k_cos.c), branch-free. Within one unit in the last
/// place of the correctly rounded value (measured against long double in bulk_math_test),
/// and the same bits on every x86-64: the AVX-512 and AVX2 paths (chosen at run time) and the
/// portable one do the same IEEE operations in the same order, with no fused multiply-add. Angles
/// beyond kBulkTrigLimit, infinities and NaN go to std::cos / std::sin.
void cosOrSin(const double* angles, double* out, std::size_t n, bool sine);

/// Angles the widest path of this processor takes at once: 8 (AVX-512), 4 (AVX2) or 1.
[[nodiscard]] int bulkTrigWidth();

/// cosOrSin on a path at most `width` lanes wide (1, 4, 8; capped at bulkTrigWidth()), so the
/// tests can compare every path this processor has; the values are the same bits.
void cosOrSin(const double* angles, double* out, std::size_t n, bool sine, int width);

/// cosOrSin of one angle (the portable path): for a readout that must equal a cell.
[[nodiscard]] double cosOrSin(double angle, bool sine);

/// Largest |angle| cosOrSin reduces itself (2^20 pi/2: every RoPE angle m theta_j of 2^20
/// positions with theta_j <= 1).
inline constexpr double kBulkTrigLimit = 1647099.0;

/// Asks the kernel to back [data, data + bytes) with huge pages before it is first written
/// (Linux madvise MADV_HUGEPAGE on the 2 MiB-aligned part; nothing elsewhere or below 4 MiB):
/// filling a fresh 128 MiB cache then takes 64 page faults instead of 32768, a quarter of
/// the time. The values are untouched.
void adviseHugePages(void* data, std::size_t bytes);

}  // namespace posenc::detail
