// SPDX-License-Identifier: GPL-3.0-or-later
// Matrix product whose entries do not depend on which other rows or columns are computed.
#pragma once

#include <algorithm>
#include <cstring>

#include "posenc/types.hpp"

namespace posenc::detail {

/// Two double lanes (one SSE2 / NEON register; plain code on other compilers). Lane arithmetic
/// is IEEE multiply and add, the same in every lane and as in scalar code, so vector and scalar
/// code give the same bits for the same order of operations.
#if defined(__GNUC__) || defined(__clang__)
#define POSENC_LANES 1
typedef double Lanes2 __attribute__((vector_size(16)));
inline Lanes2 loadLanes(const double* p) {
  Lanes2 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
#endif

/// x . y with a fixed summation order: four running sums over k mod 4, combined as
/// (s0 + s1) + (s2 + s3), then the tail. The order depends only on n, never on where x and y
/// live or what else is computed, so a cell has the same value in every region. The four
/// sums are held as two vectors (s0, s1) and (s2, s3).
inline double orderedDot(const double* x, const double* y, Index n) {
  Index k = 0;
#ifdef POSENC_LANES
  Lanes2 s01 = {0.0, 0.0}, s23 = {0.0, 0.0};
  for (; k + 4 <= n; k += 4) {
    s01 += loadLanes(x + k) * loadLanes(y + k);
    s23 += loadLanes(x + k + 2) * loadLanes(y + k + 2);
  }
  double r = (s01[0] + s01[1]) + (s23[0] + s23[1]);
#else
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  for (; k + 4 <= n; k += 4) {
    s0 += x[k] * y[k];
    s1 += x[k + 1] * y[k + 1];
    s2 += x[k + 2] * y[k + 2];
    s3 += x[k + 3] * y[k + 3];
  }
  double r = (s0 + s1) + (s2 + s3);
#endif
  for (; k < n; ++k) r += x[k] * y[k];
  return r;
}

#if defined(POSENC_LANES) && defined(__x86_64__)
#define POSENC_AVX_DOT4 1
/// orderedDot4 with AVX: each dot's four sums (s0, s1, s2, s3) are the four lanes of one
/// 256-bit register. AVX has no fused multiply-add (that is FMA, not enabled here), so every
/// lane multiplies, then adds, exactly as the SSE2 and scalar code do: the same bits.
__attribute__((target("avx"))) inline void orderedDot4Avx(const double* x,
                                                          const double* const* y, Index n,
                                                          double* out) {
  typedef double Lanes4 __attribute__((vector_size(32)));
  Lanes4 acc[4] = {};
  Index k = 0;
  for (; k + 4 <= n; k += 4) {
    Lanes4 xv;
    std::memcpy(&xv, x + k, sizeof xv);
    for (int c = 0; c < 4; ++c) {
      Lanes4 yv;
      std::memcpy(&yv, y[c] + k, sizeof yv);
      acc[c] += xv * yv;
    }
  }
  for (int c = 0; c < 4; ++c) {
    double r = (acc[c][0] + acc[c][1]) + (acc[c][2] + acc[c][3]);
    for (Index t = k; t < n; ++t) r += x[t] * y[c][t];
    out[c] = r;
  }
}

/// True when the processor (and the OS) run AVX instructions; asked once.
inline bool hasAvx() {
  static const bool yes = __builtin_cpu_supports("avx");
  return yes;
}
#endif

/// out[c] = orderedDot(x, y[c], n) for c = 0 .. 3, bit for bit, computed together: x is read
/// once and eight independent vector sums keep the multipliers busy (AVX when the processor
/// has it: the same bits, about twice as fast).
inline void orderedDot4(const double* x, const double* const* y, Index n, double* out) {
#ifdef POSENC_AVX_DOT4
  if (hasAvx()) {
    orderedDot4Avx(x, y, n, out);
    return;
  }
#endif
#ifdef POSENC_LANES
  Lanes2 a[4] = {}, b[4] = {};  // (s0, s1) and (s2, s3) of each of the four dots
  Index k = 0;
  for (; k + 4 <= n; k += 4) {
    const Lanes2 x01 = loadLanes(x + k);
    const Lanes2 x23 = loadLanes(x + k + 2);
    for (int c = 0; c < 4; ++c) {
      a[c] += x01 * loadLanes(y[c] + k);
      b[c] += x23 * loadLanes(y[c] + k + 2);
    }
  }
  for (int c = 0; c < 4; ++c) {
    double r = (a[c][0] + a[c][1]) + (b[c][0] + b[c][1]);
    for (Index t = k; t < n; ++t) r += x[t] * y[c][t];
    out[c] = r;
  }
#else
  for (int c = 0; c < 4; ++c) out[c] = orderedDot(x, y[c], n);
#endif
}

/// o[j] += a * b[j] for j < n: one IEEE multiply, then one add, per entry (no fused
/// multiply-add), so vector and scalar code give the same bits.
inline void axpyPlain(double* o, double a, const double* b, Index n) {
  for (Index j = 0; j < n; ++j) o[j] += a * b[j];
}

#ifdef POSENC_AVX_DOT4
__attribute__((target("avx"))) inline void axpyAvx(double* o, double a, const double* b,
                                                   Index n) {
  for (Index j = 0; j < n; ++j) o[j] += a * b[j];  // vectorised four-wide with AVX
}
#endif

/// a (n x k) times b (k x m). Each entry is summed over k in increasing order, so its value
/// does not depend on which other rows or columns are computed: a sampled region equals the
/// full matrix bit for bit, and a row computed alone equals the same row of a larger product
/// (Eigen's GEMM picks its blocking, hence its rounding, from the sizes). Tiled for the
/// cache; the inner axpy runs over independent entries and vectorises (AVX when the
/// processor has it).
inline Matrix orderedProduct(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b) {
  constexpr Index kColBlock = 256;
  constexpr Index kDepthBlock = 64;
  const Index n = a.rows();
  const Index depth = a.cols();
  const Index m = b.cols();
  Matrix out = Matrix::Zero(n, m);
#ifdef POSENC_AVX_DOT4
  const bool avx = hasAvx();
#else
  const bool avx = false;
#endif
  for (Index j0 = 0; j0 < m; j0 += kColBlock) {
    const Index nj = std::min(kColBlock, m - j0);
    for (Index k0 = 0; k0 < depth; k0 += kDepthBlock) {
      const Index k1 = std::min(depth, k0 + kDepthBlock);
      for (Index i = 0; i < n; ++i) {
        double* o = &out(i, j0);
        for (Index k = k0; k < k1; ++k) {
          const double* row = b.data() + k * b.outerStride() + j0;
#ifdef POSENC_AVX_DOT4
          if (avx) {
            axpyAvx(o, a(i, k), row, nj);
            continue;
          }
#endif
          (void)avx;
          axpyPlain(o, a(i, k), row, nj);
        }
      }
    }
  }
  return out;
}

}  // namespace posenc::detail
