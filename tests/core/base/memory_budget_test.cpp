// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/base/memory_budget.hpp"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "support/sanitized.hpp"

namespace posenc {
namespace {

constexpr std::uint64_t KiB = 1024, MiB = KiB * 1024, GiB = MiB * 1024;

/// Sets or clears POSENC_MEMORY_BUDGET and the override for one test, and restores both.
class BudgetState : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* env = std::getenv(kMemoryBudgetEnv)) m_env = env;
    ::unsetenv(kMemoryBudgetEnv);
    setMemoryBudget(std::nullopt);
  }
  void TearDown() override {
    setMemoryBudget(std::nullopt);
    if (m_env) ::setenv(kMemoryBudgetEnv, m_env->c_str(), 1);
    else ::unsetenv(kMemoryBudgetEnv);
  }
  std::optional<std::string> m_env;
};

TEST(ParseByteSize, NumbersWithBinaryUnits) {
  EXPECT_EQ(parseByteSize("1048576"), MiB);
  EXPECT_EQ(parseByteSize("512M"), 512 * MiB);
  EXPECT_EQ(parseByteSize("2G"), 2 * GiB);
  EXPECT_EQ(parseByteSize("2g"), 2 * GiB);
  EXPECT_EQ(parseByteSize("2GiB"), 2 * GiB);
  EXPECT_EQ(parseByteSize("2gb"), 2 * GiB);
  EXPECT_EQ(parseByteSize("1.5G"), 3 * GiB / 2);
  EXPECT_EQ(parseByteSize("64k"), 64 * KiB);
  EXPECT_EQ(parseByteSize("0.5K"), 512u);
  EXPECT_EQ(parseByteSize("3B"), 3u);
  EXPECT_EQ(parseByteSize("1T"), 1024 * GiB);
  EXPECT_EQ(parseByteSize("1.9"), 1u);  // fractions of a byte round down
  EXPECT_EQ(parseByteSize("9223372036854774784"), 9223372036854774784u);  // exact, not via double
  EXPECT_EQ(parseByteSize("8388607T"), 8388607 * (1024 * GiB));
}

TEST(ParseByteSize, RefusesAnythingElseNamingWhatAndTheText) {
  for (const char* bad : {"",
                          "0",
                          "0.1",
                          "-1",
                          "+1",
                          "1.5.2",
                          "12 M",
                          " 1G",
                          "1G ",
                          "1Q",
                          "1E",
                          "nan",
                          "inf",
                          "1e9",
                          "0x10",
                          "M",
                          ".",
                          "9223372036854775808",
                          "18446744073709551616",
                          "8388608T",
                          "1.5e3M"}) {
    try {
      (void)parseByteSize(bad, "--memory-budget");
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const ParamError& e) {
      EXPECT_EQ(e.param(), "--memory-budget");
      EXPECT_EQ(e.value(), bad);
      EXPECT_NE(std::string(e.what()).find("a size such as 512M, 2G or 1048576"), std::string::npos)
          << e.what();
    }
  }
}

TEST(PhysicalMemory, IsKnownAndAtMostWhatTheMachineHas) {
  const std::uint64_t physical = physicalMemoryBytes();
  ASSERT_GT(physical, 64 * MiB);
  const auto pages = static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES));
  const auto pageSize = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  EXPECT_LE(physical, pages * pageSize);  // lowered to a cgroup limit, never raised
}

TEST_F(BudgetState, DefaultIsAQuarterOfPhysicalMemory) {
  const MemoryBudget b = memoryBudget();
  EXPECT_EQ(b.bytes, physicalMemoryBytes() / 4);
  EXPECT_NE(b.source.find("a quarter of"), std::string::npos) << b.source;
}

TEST_F(BudgetState, EnvironmentVariableSetsTheBudget) {
  ::setenv(kMemoryBudgetEnv, "3M", 1);
  EXPECT_EQ(memoryBudget(), (MemoryBudget{3 * MiB, "POSENC_MEMORY_BUDGET"}));
  ::setenv(kMemoryBudgetEnv, "", 1);  // set but empty: as if unset
  EXPECT_EQ(memoryBudget().bytes, physicalMemoryBytes() / 4);
  ::setenv(kMemoryBudgetEnv, "lots", 1);
  try {
    (void)memoryBudget();
    ADD_FAILURE() << "accepted POSENC_MEMORY_BUDGET=lots";
  } catch (const ParamError& e) {
    EXPECT_EQ(
        std::string(e.what()).rfind("parameter 'POSENC_MEMORY_BUDGET' = 'lots': must be a size", 0),
        0u)
        << e.what();
  }
}

TEST_F(BudgetState, OverrideWinsOverTheEnvironmentUntilCleared) {
  ::setenv(kMemoryBudgetEnv, "3M", 1);
  setMemoryBudget(MemoryBudget{5 * MiB, "--memory-budget"});
  EXPECT_EQ(memoryBudget(), (MemoryBudget{5 * MiB, "--memory-budget"}));
  setMemoryBudget(std::nullopt);
  EXPECT_EQ(memoryBudget().bytes, 3 * MiB);
}

TEST_F(BudgetState, RefusalGivesTheSizeNeededAndTheBudget) {
  setMemoryBudget(MemoryBudget{1 * MiB, "--memory-budget"});
  const Scheme& s = findScheme("sinusoidal");
  const ParamSet params = makeParams(s, {{"length", "2000"}});
  try {
    (void)computeMatrix(s, params, "similarity");
    ADD_FAILURE() << "a 2000 x 2000 matrix passed a 1 MiB budget";
  } catch (const MemoryBudgetError& e) {
    const std::string what = e.what();
    // result + one intermediate, no vectors, the j - i profile over 2000 + 2000 distances
    EXPECT_DOUBLE_EQ(e.needed(), 2.0 * 2000 * 2000 * 8 + 24.0 * 4000);
    EXPECT_EQ(
        what,
        "sinusoidal view 'similarity' at 2000 x 2000 cells (30.5 MiB of values) needs 61.1 MiB, "
        "more than the memory "
        "budget of 1.0 MiB (--memory-budget); ask for less (a smaller length, region or picture) "
        "or raise the budget with --memory-budget SIZE or POSENC_MEMORY_BUDGET");
    EXPECT_EQ(e.budget().bytes, 1 * MiB);
    EXPECT_EQ(e.param(), "region");  // what to make smaller
  }
  // A ParamError, so the command line exits with status 2 and the window shows it in the view.
  EXPECT_THROW((void)computeMatrix(s, params, "similarity"), ParamError);
  // The same request within the budget, and a small region of it within the small budget.
  setMemoryBudget(MemoryBudget{64 * MiB, "--memory-budget"});
  EXPECT_EQ(computeMatrix(s, params, "similarity").values.rows(), 2000);
  setMemoryBudget(MemoryBudget{1 * MiB, "--memory-budget"});
  EXPECT_EQ(computeMatrix(s, params, "similarity", Region{.r0 = 0, .r1 = 100, .c0 = 0, .c1 = 100})
                .values.size(),
            10000);
}

TEST_F(BudgetState, AHugeRequestIsRefusedAtOnceNotAttempted) {
  // 2^20 x 2^20 cells: 16 TiB. Refused before anything of that size is allocated: no
  // bad_alloc, no time spent (it would take hours to compute), the default budget.
  const Scheme& s = findScheme("sinusoidal");
  const ParamSet params = makeParams(s, {{"length", "1048576"}});
  try {
    (void)computeMatrix(s, params, "similarity");
    ADD_FAILURE() << "accepted a 16 TiB request";
  } catch (const MemoryBudgetError& e) {
    EXPECT_NE(std::string(e.what()).find("needs 16.0 TiB"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("default: a quarter of the"), std::string::npos)
        << e.what();
  }
}

TEST_F(BudgetState, AttentionViewsCountTheirWholeRows) {
  // Softmax needs every key of a row: one column asked for still works on the whole row.
  const Scheme& s = findScheme("tupe");
  const ParamSet params = makeParams(s, {{"length", "4096"}, {"d_model", "1024"}, {"heads", "1"}});
  const ViewSpec& attention = findView(s, "attention");
  ASSERT_GT(attention.maxRowLength, 0);
  setMemoryBudget(MemoryBudget{4 * MiB, "test"});
  const Region oneColumn{.r0 = 0, .r1 = 1, .c0 = 0, .c1 = 1};
  try {
    (void)computeMatrix(s, params, "attention", oneColumn);
    ADD_FAILURE() << "one cell of attention counted as one cell";
  } catch (const MemoryBudgetError& e) {
    EXPECT_DOUBLE_EQ(e.needed(),
                     matrixRequestBytes(1, 4096, 1024, vectorsPerPosition("tupe", "attention"), 2));
  }
  EXPECT_NO_THROW((void)computeMatrix(s, params, "cc", oneColumn));
}

/// Peak resident memory the request adds, measured in a child process (a fresh high-water
/// mark), in bytes; -1 if the child failed.
double measuredPeakBytes(const Scheme& scheme, const ParamSet& params, const std::string& view,
                         const Region& region) {
  int fds[2];
  if (::pipe(fds) != 0) return -1;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    rusage before{}, after{};
    double grew = -1;
    try {
      // One cell first, so that the code the view runs is mapped before the measure: the
      // kernel maps a file's pages around each fault from the page cache, so what the first
      // call adds to the resident size depended on what other processes had read of the
      // binary (a run beside other tests measured 2.7 MiB for an estimate of 1.5 MiB).
      (void)computeMatrix(scheme, params, view, Region{.r1 = 1, .c1 = 1});
      ::getrusage(RUSAGE_SELF, &before);
      const MatrixResult m = computeMatrix(scheme, params, view, region);
      ::getrusage(RUSAGE_SELF, &after);
      grew = m.values.size() > 0 ? static_cast<double>(after.ru_maxrss - before.ru_maxrss) * 1024.0
                                 : -1;
    } catch (...) {
    }
    (void)!::write(fds[1], &grew, sizeof grew);
    ::_exit(0);
  }
  ::close(fds[1]);
  double grew = -1;
  if (::read(fds[0], &grew, sizeof grew) != static_cast<ssize_t>(sizeof grew)) grew = -1;
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return grew;
}

// The estimate bounds what a request really takes: every matrix view of every scheme, at
// parameters that make the per-position vectors large, sampled to a non-square region (so
// that learned's Gram matrix is not a mirrored triangle). A child process measures each.
TEST_F(BudgetState, EstimateBoundsTheMeasuredPeakOfEveryMatrixView) {
  if (test::kSanitized)
    GTEST_SKIP() << "the sanitizer's shadow memory and quarantine change resident memory";
  setMemoryBudget(MemoryBudget{std::uint64_t{1} << 62, "test"});
  const std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>
      cases = {
          {"sinusoidal", {{"length", "65536"}, {"dim", "4096"}}},
          {"learned", {{"length", "65536"}, {"max_len", "65536"}, {"dim", "2048"}}},
          {"t5", {{"length", "65536"}, {"max_distance", "65536"}}},
          {"alibi", {{"length", "65536"}}},
          {"rope", {{"length", "65536"}, {"dim", "4096"}}},
          {"xl", {{"qlen", "512"}, {"mlen", "512"}, {"d_model", "512"}, {"heads", "1"}}},
          {"tupe", {{"length", "1024"}, {"d_model", "512"}, {"heads", "1"}}},
          {"shaw", {{"length", "1024"}, {"dim", "256"}, {"clip", "1024"}}},
          {"deberta", {{"length", "512"}, {"d_model", "512"}, {"heads", "1"}}},
          {"xpos", {{"length", "65536"}}},
          {"nope", {{"length", "4096"}, {"dim", "1024"}}},
          {"kerple", {{"length", "65536"}}},
          {"sandwich", {{"length", "65536"}}},
      };
  const Region region{.maxRows = 200, .maxCols = 500};
  for (const auto& [id, sets] : cases) {
    const Scheme& s = findScheme(id);
    const ParamSet params = makeParams(s, sets);
    for (const ViewSpec& v : s.info().views) {
      if (v.kind != ViewKind::Matrix) continue;
      SCOPED_TRACE(id + "/" + v.id);
      const MatrixShape full = s.shape(params, v.id);
      const double rows = std::min<double>(200, static_cast<double>(full.rows));
      // A whole-row view works on every key of a row (as computeMatrix counts them: the rows
      // of a view whose columns are dimensions, such as shaw's values).
      const double keys = static_cast<double>(v.dimensionColumns ? full.rows : full.cols);
      const double cols =
          v.maxRowLength > 0 ? std::max(keys, std::min<double>(500, static_cast<double>(full.cols)))
                             : std::min<double>(500, static_cast<double>(full.cols));
      const double span = static_cast<double>(full.rows + full.cols);
      const double estimate =
          matrixRequestBytes(rows, cols, modelWidth(params), vectorsPerPosition(id, v.id), span);
      const double measured = measuredPeakBytes(s, params, v.id, region);
      ASSERT_GE(measured, 0) << "the child failed";
      // 1 MiB for what any first call touches (code pages, allocator arenas, thread stacks)
      // and 10% for the allocator's rounding and fragmentation.
      EXPECT_LE(measured, 1.1 * estimate + 1.0 * MiB)
          << "measured " << humanBytes(measured) << ", estimate " << humanBytes(estimate);
    }
  }
}

}  // namespace
}  // namespace posenc
