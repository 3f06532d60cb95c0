// SPDX-License-Identifier: GPL-3.0-or-later
// The fixed-order dot products and matrix product (core/src/compute/ordered_product.hpp) and the
// parallel blocks (core/src/compute/parallel.hpp): every vector or blocked kernel gives exactly the
// bits of the plain loop it replaces, for every length (tails included), and blocks spread
// over threads cover each index once whatever the thread count.
#include "../../../core/src/compute/ordered_product.hpp"
#include "../../../core/src/compute/parallel.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

namespace posenc {
namespace {

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

/// Values of every magnitude and sign, with exact zeros of both signs among them, so that a
/// kernel summing in another order or dropping a sign of zero shows.
std::vector<double> data(std::size_t n, unsigned seed) {
  std::mt19937_64 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> e(-30, 30);
  std::vector<double> v(n);
  for (std::size_t k = 0; k < n; ++k) {
    const int kind = static_cast<int>(gen() % 16);
    v[k] = kind == 0 ? 0.0 : kind == 1 ? -0.0 : std::ldexp(u(gen), e(gen));
  }
  return v;
}

/// orderedDot's documented order, written out: four running sums over k mod 4, combined as
/// (s0 + s1) + (s2 + s3), then the tail in order.
double referenceDot(const double* x, const double* y, Index n) {
  double s[4] = {0.0, 0.0, 0.0, 0.0};
  Index k = 0;
  for (; k + 4 <= n; k += 4)
    for (int r = 0; r < 4; ++r) s[r] += x[k + r] * y[k + r];
  double out = (s[0] + s[1]) + (s[2] + s[3]);
  for (; k < n; ++k) out += x[k] * y[k];
  return out;
}

TEST(OrderedDot, EveryKernelGivesTheBitsOfTheDocumentedOrder) {
  for (Index n = 0; n <= 70; ++n) {
    const auto un = static_cast<std::size_t>(n);
    const std::vector<double> x0 = data(un, 1 + static_cast<unsigned>(n));
    const std::vector<double> x1 = data(un, 101 + static_cast<unsigned>(n));
    std::vector<std::vector<double>> ys;
    for (unsigned c = 0; c < 4; ++c)
      ys.push_back(data(un, 1000 * (c + 1) + static_cast<unsigned>(n)));
    const double* y[4] = {ys[0].data(), ys[1].data(), ys[2].data(), ys[3].data()};
    double four[4], pair0[4], pair1[4];
    detail::orderedDot4(x0.data(), y, n, four);
    detail::orderedDot2x4(x0.data(), x1.data(), y, n, pair0, pair1);
    for (int c = 0; c < 4; ++c) {
      const double want0 = referenceDot(x0.data(), y[c], n);
      const double want1 = referenceDot(x1.data(), y[c], n);
      EXPECT_TRUE(sameBits(detail::orderedDot(x0.data(), y[c], n), want0)) << "n " << n;
      EXPECT_TRUE(sameBits(four[c], want0)) << "orderedDot4, n " << n << ", c " << c;
      EXPECT_TRUE(sameBits(pair0[c], want0)) << "orderedDot2x4 row 0, n " << n << ", c " << c;
      EXPECT_TRUE(sameBits(pair1[c], want1)) << "orderedDot2x4 row 1, n " << n << ", c " << c;
    }
  }
}

TEST(OrderedDot, ReferenceOrderIsNotPlainLeftToRight) {
  // Guards the test above: for these values the documented order and a left-to-right sum
  // differ, so a kernel that summed left to right would fail it.
  const double x[5] = {1e16, 1.0, -1e16, 1.0, 1.0};
  const double y[5] = {1.0, 1.0, 1.0, 1.0, 1.0};
  double plain = 0;
  for (int k = 0; k < 5; ++k) plain += x[k] * y[k];
  EXPECT_FALSE(sameBits(referenceDot(x, y, 5), plain));
  EXPECT_TRUE(sameBits(detail::orderedDot(x, y, 5), referenceDot(x, y, 5)));
}

TEST(OrderedProduct, EntriesAreSummedInOrderForEveryShapeAndStride) {
  for (Index n : {1, 2, 3, 4, 5, 7, 9}) {
    for (Index depth : {0, 1, 3, 16, 17, 64, 65, 130}) {
      for (Index m : {1, 7, 8, 9, 16, 23, 260}) {
        const auto seed = static_cast<unsigned>(n * 10007 + depth * 101 + m);
        const std::vector<double> av = data(static_cast<std::size_t>((n + 1) * (depth + 3)), seed);
        const std::vector<double> bv =
            data(static_cast<std::size_t>((depth + 1) * (m + 5)), seed + 7);
        // Blocks of larger row-major matrices: rows with an outer stride, not packed.
        const Matrix bigA = Eigen::Map<const Matrix>(av.data(), n + 1, depth + 3);
        const Matrix bigB = Eigen::Map<const Matrix>(bv.data(), depth + 1, m + 5);
        const Eigen::Ref<const Matrix> a = bigA.block(1, 2, n, depth);
        const Eigen::Ref<const Matrix> b = bigB.block(1, 3, depth, m);
        const Matrix got = detail::orderedProduct(a, b);
        ASSERT_EQ(got.rows(), n);
        ASSERT_EQ(got.cols(), m);
        for (Index i = 0; i < n; ++i)
          for (Index j = 0; j < m; ++j) {
            double want = 0.0;
            for (Index k = 0; k < depth; ++k) want += a(i, k) * b(k, j);
            ASSERT_TRUE(sameBits(got(i, j), want))
                << n << " x " << depth << " x " << m << " at (" << i << ", " << j
                << "): " << got(i, j) << " vs " << want;
          }
      }
    }
  }
}

TEST(OrderedProduct, NegativeZeroProductsSumToPositiveZeroAsInTheLoop) {
  Matrix a(1, 2), b(2, 8);
  a << -0.0, -0.0;
  b.setConstant(1.0);
  const Matrix got = detail::orderedProduct(a, b);
  for (Index j = 0; j < 8; ++j) EXPECT_TRUE(sameBits(got(0, j), 0.0)) << j;
}

class WorkerThreadsGuard {
 public:
  explicit WorkerThreadsGuard(unsigned threads) { detail::setWorkerThreads(threads); }
  ~WorkerThreadsGuard() { detail::setWorkerThreads(0); }
  WorkerThreadsGuard(const WorkerThreadsGuard&) = delete;
  WorkerThreadsGuard& operator=(const WorkerThreadsGuard&) = delete;
};

TEST(ParallelBlocks, EveryIndexOnceInBlocksOfTheGrainForAnyThreadCount) {
  for (unsigned threads : {1U, 2U, 3U, 8U}) {
    const WorkerThreadsGuard guard(threads);
    EXPECT_EQ(detail::workerThreads(), threads);
    for (Index n : {0, 1, 7, 8, 9, 100}) {
      for (Index grain : {1, 3, 8, 1000}) {
        std::vector<std::atomic<int>> seen(static_cast<std::size_t>(n));
        std::atomic<int> badBlock{0};
        detail::parallelBlocks(n, grain, [&](Index b, Index e) {
          if (b % grain != 0 || e - b > grain || e > n || e <= b) ++badBlock;
          for (Index k = b; k < e; ++k) ++seen[static_cast<std::size_t>(k)];
        });
        EXPECT_EQ(badBlock.load(), 0) << n << " / " << grain;
        for (Index k = 0; k < n; ++k)
          EXPECT_EQ(seen[static_cast<std::size_t>(k)].load(), 1) << "index " << k << " of " << n;
      }
    }
  }
}

TEST(ParallelBlocks, OneThreadRunsTheBlocksInOrderOnTheCaller) {
  const WorkerThreadsGuard guard(1);
  std::vector<Index> order;
  const auto caller = std::this_thread::get_id();
  bool elsewhere = false;
  detail::parallelBlocks(10, 3, [&](Index b, Index) {
    order.push_back(b);
    elsewhere = elsewhere || std::this_thread::get_id() != caller;
  });
  EXPECT_EQ(order, (std::vector<Index>{0, 3, 6, 9}));
  EXPECT_FALSE(elsewhere);
}

TEST(ParallelBlocks, AnExceptionInABlockReachesTheCallerAfterEveryThreadStopped) {
  for (unsigned threads : {1U, 2U, 4U}) {
    const WorkerThreadsGuard guard(threads);
    std::atomic<int> running{0};
    try {
      detail::parallelBlocks(64, 1, [&](Index b, Index) {
        ++running;
        if (b == 5) {
          --running;
          throw std::runtime_error("block 5");
        }
        --running;
      });
      ADD_FAILURE() << "no exception with " << threads << " threads";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "block 5");
    }
    EXPECT_EQ(running.load(), 0) << "a block still ran after parallelBlocks returned";
  }
}

TEST(ParallelBlocks, ThreadCountIsClampedAndResettable) {
  detail::setWorkerThreads(1000);
  EXPECT_EQ(detail::workerThreads(), 64U);
  detail::setWorkerThreads(0);
  EXPECT_GE(detail::workerThreads(), 1U);
  EXPECT_LE(detail::workerThreads(), 64U);
}

}  // namespace
}  // namespace posenc
