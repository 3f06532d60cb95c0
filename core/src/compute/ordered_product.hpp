// SPDX-License-Identifier: GPL-3.0-or-later
// Matrix product whose entries do not depend on which other rows or columns are computed.
#pragma once

#include <algorithm>
#include <cstring>

#include "posenc/base/types.hpp"

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
/// Four double lanes (one AVX register); only used inside AVX-enabled functions.
typedef double Lanes4 __attribute__((vector_size(32)));
__attribute__((target("avx"), always_inline)) inline Lanes4 loadLanes4(const double* p) {
  Lanes4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
/// orderedDot4 with AVX: each dot's four sums (s0, s1, s2, s3) are the four lanes of one
/// 256-bit register. AVX has no fused multiply-add (that is FMA, not enabled here), so every
/// lane multiplies, then adds, exactly as the SSE2 and scalar code do: the same bits.
__attribute__((target("avx"))) inline void orderedDot4Avx(const double* x, const double* const* y,
                                                          Index n, double* out) {
  // Named accumulators, not an array: GCC zeroes an array of vectors through memory.
  const Lanes4 zero = {0.0, 0.0, 0.0, 0.0};
  Lanes4 s0 = zero, s1 = zero, s2 = zero, s3 = zero;
  const double* y0 = y[0];
  const double* y1 = y[1];
  const double* y2 = y[2];
  const double* y3 = y[3];
  Index k = 0;
  for (; k + 4 <= n; k += 4) {
    const Lanes4 xv = loadLanes4(x + k);
    s0 += xv * loadLanes4(y0 + k);
    s1 += xv * loadLanes4(y1 + k);
    s2 += xv * loadLanes4(y2 + k);
    s3 += xv * loadLanes4(y3 + k);
  }
  const Lanes4 acc[4] = {s0, s1, s2, s3};
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

#ifdef POSENC_AVX_DOT4
/// orderedDot2x4 with AVX: eight 256-bit sums, one per (row, key); each holds that dot's four
/// running sums (s0, s1, s2, s3) as orderedDot4Avx does, so the bits are the same.
__attribute__((target("avx"))) inline void orderedDot2x4Avx(const double* x0, const double* x1,
                                                            const double* const* y, Index n,
                                                            double* out0, double* out1) {
  const Lanes4 zero = {0.0, 0.0, 0.0, 0.0};
  Lanes4 a0 = zero, a1 = zero, a2 = zero, a3 = zero;  // row x0 against y[0 .. 3]
  Lanes4 b0 = zero, b1 = zero, b2 = zero, b3 = zero;  // row x1
  const double* y0 = y[0];
  const double* y1 = y[1];
  const double* y2 = y[2];
  const double* y3 = y[3];
  Index k = 0;
  for (; k + 4 <= n; k += 4) {
    const Lanes4 xa = loadLanes4(x0 + k);
    const Lanes4 xb = loadLanes4(x1 + k);
    Lanes4 yv = loadLanes4(y0 + k);
    a0 += xa * yv;
    b0 += xb * yv;
    yv = loadLanes4(y1 + k);
    a1 += xa * yv;
    b1 += xb * yv;
    yv = loadLanes4(y2 + k);
    a2 += xa * yv;
    b2 += xb * yv;
    yv = loadLanes4(y3 + k);
    a3 += xa * yv;
    b3 += xb * yv;
  }
  const Lanes4 accA[4] = {a0, a1, a2, a3};
  const Lanes4 accB[4] = {b0, b1, b2, b3};
  for (int c = 0; c < 4; ++c) {
    double r0 = (accA[c][0] + accA[c][1]) + (accA[c][2] + accA[c][3]);
    double r1 = (accB[c][0] + accB[c][1]) + (accB[c][2] + accB[c][3]);
    for (Index t = k; t < n; ++t) {
      r0 += x0[t] * y[c][t];
      r1 += x1[t] * y[c][t];
    }
    out0[c] = r0;
    out1[c] = r1;
  }
}
#endif

/// out0[c] = orderedDot(x0, y[c], n) and out1[c] = orderedDot(x1, y[c], n) for c = 0 .. 3, bit
/// for bit: two rows against the same four vectors, each vector read once for both (AVX when
/// the processor has it; otherwise two orderedDot4 calls).
inline void orderedDot2x4(const double* x0, const double* x1, const double* const* y, Index n,
                          double* out0, double* out1) {
#ifdef POSENC_AVX_DOT4
  if (hasAvx()) {
    orderedDot2x4Avx(x0, x1, y, n, out0, out1);
    return;
  }
#endif
  orderedDot4(x0, y, n, out0);
  orderedDot4(x1, y, n, out1);
}

/// o[j] += a * b[j] for j < n: one IEEE multiply, then one add, per entry (no fused
/// multiply-add), so vector and scalar code give the same bits.
inline void axpyPlain(double* o, double a, const double* b, Index n) {
  for (Index j = 0; j < n; ++j) o[j] += a * b[j];
}

#ifdef POSENC_AVX_DOT4
/// (v, v, v, v), with v's sign of zero kept.
__attribute__((target("avx"), always_inline)) inline Lanes4 broadcast4(double v) {
  return Lanes4{v, v, v, v};
}

/// Rows i0 .. i0 + R of a times columns j .. j + 8 of b into o (R = 1 .. 4), every entry summed
/// over the whole depth in increasing order from 0.0 in a register (one multiply, then one
/// add, per step): the same operations as the axpy path, so the same bits.
template <int R>
__attribute__((target("avx"))) inline void productTileAvx(const double* a, Index lda,
                                                          const double* b, Index ldb, Index depth,
                                                          double* o, Index ldo) {
  const Lanes4 zero = {0.0, 0.0, 0.0, 0.0};
  Lanes4 c00 = zero, c01 = zero, c10 = zero, c11 = zero;
  Lanes4 c20 = zero, c21 = zero, c30 = zero, c31 = zero;
  for (Index k = 0; k < depth; ++k) {
    const Lanes4 b0 = loadLanes4(b + k * ldb);
    const Lanes4 b1 = loadLanes4(b + k * ldb + 4);
    Lanes4 x = broadcast4(a[k]);
    c00 += x * b0;
    c01 += x * b1;
    if constexpr (R > 1) {
      x = broadcast4(a[lda + k]);
      c10 += x * b0;
      c11 += x * b1;
    }
    if constexpr (R > 2) {
      x = broadcast4(a[2 * lda + k]);
      c20 += x * b0;
      c21 += x * b1;
    }
    if constexpr (R > 3) {
      x = broadcast4(a[3 * lda + k]);
      c30 += x * b0;
      c31 += x * b1;
    }
  }
  const Lanes4 rowsOut[4][2] = {{c00, c01}, {c10, c11}, {c20, c21}, {c30, c31}};
  for (int r = 0; r < R; ++r) {
    std::memcpy(o + r * ldo, &rowsOut[r][0], sizeof(Lanes4));
    std::memcpy(o + r * ldo + 4, &rowsOut[r][1], sizeof(Lanes4));
  }
}
#endif

/// a (n x k) times b (k x m). Each entry is summed over k in increasing order, so its value
/// does not depend on which other rows or columns are computed: a sampled region equals the
/// full matrix bit for bit, and a row computed alone equals the same row of a larger product
/// (Eigen's GEMM picks its blocking, hence its rounding, from the sizes). With AVX, tiles of
/// 4 rows x 8 columns are summed in registers (b read once for four rows); without it, or for
/// the last columns, entries are summed in memory with the same operations in the same order.
inline Matrix orderedProduct(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b) {
  constexpr Index kColBlock = 256;
  constexpr Index kDepthBlock = 64;
  const Index n = a.rows();
  const Index depth = a.cols();
  const Index m = b.cols();
  Matrix out = Matrix::Zero(n, m);
  Index done = 0;  // columns 0 .. done - 1 are finished
#ifdef POSENC_AVX_DOT4
  if (hasAvx() && depth > 0) {
    const Index lda = a.outerStride();
    const Index ldb = b.outerStride();
    const Index ldo = out.outerStride();
    const Index m8 = m - m % 8;
    for (Index j = 0; j < m8; j += 8) {
      Index i = 0;
      for (; i + 4 <= n; i += 4)
        productTileAvx<4>(a.data() + i * lda, lda, b.data() + j, ldb, depth, &out(i, j), ldo);
      const Index left = n - i;
      const double* ai = a.data() + i * lda;
      if (left == 3) productTileAvx<3>(ai, lda, b.data() + j, ldb, depth, &out(i, j), ldo);
      if (left == 2) productTileAvx<2>(ai, lda, b.data() + j, ldb, depth, &out(i, j), ldo);
      if (left == 1) productTileAvx<1>(ai, lda, b.data() + j, ldb, depth, &out(i, j), ldo);
    }
    done = m8;
  }
#endif
  for (Index j0 = done; j0 < m; j0 += kColBlock) {
    const Index nj = std::min(kColBlock, m - j0);
    for (Index k0 = 0; k0 < depth; k0 += kDepthBlock) {
      const Index k1 = std::min(depth, k0 + kDepthBlock);
      for (Index i = 0; i < n; ++i) {
        double* o = &out(i, j0);
        for (Index k = k0; k < k1; ++k)
          axpyPlain(o, a(i, k), b.data() + k * b.outerStride() + j0, nj);
      }
    }
  }
  return out;
}

}  // namespace posenc::detail
