// SPDX-License-Identifier: GPL-3.0-or-later
// The scheme-independent machinery: region sampling, parameter assembly, lookups.
#include "posenc/base/scheme.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "support/eigen_near.hpp"

namespace posenc {
namespace {

const MessageTemplate kLessThanHeads{"less than heads (%1)", "%1: the number of heads"};

/// A scheme whose cell (i, j) is 1000 i + j, so any region can be checked by eye.
class IndexScheme : public Scheme {
 public:
  const SchemeInfo& info() const override {
    static const SchemeInfo info{"index",
                                 "Index",
                                 "cell = 1000 i + j",
                                 {intParam("rows", 5, 1, 1 << 20, "rows"),
                                  intParam("cols", 7, 1, 1 << 20, "cols"),
                                  intParam("head", 0, 0, 15, "head"),
                                  intParam("heads", 4, 1, 16, "heads")},
                                 {ViewSpec{.id = "cells", .kind = ViewKind::Matrix},
                                  ViewSpec{.id = "line", .kind = ViewKind::Series}}};
    return info;
  }
  void validate(const ParamSet& p) const override {
    if (p.getInt("head") >= p.getInt("heads"))
      throw ParamError("head", std::to_string(p.getInt("head")),
                       Message(kLessThanHeads, {std::to_string(p.getInt("heads"))}));
  }
  MatrixShape shape(const ParamSet& p, std::string_view) const override {
    return {p.getInt("rows"), p.getInt("cols")};
  }
  Matrix evaluate(const ParamSet&, std::string_view, std::span<const Index> rows,
                  std::span<const Index> cols) const override {
    Matrix m(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
    for (Index a = 0; a < m.rows(); ++a)
      for (Index b = 0; b < m.cols(); ++b)
        m(a, b) = 1000.0 * static_cast<double>(rows[a]) + static_cast<double>(cols[b]);
    return m;
  }
  SeriesResult series(const ParamSet&, std::string_view) const override {
    return {{0, 1}, {{"y", {2, 3}}}};
  }
};

TEST(SampleIndices, EveryIndexWhenItFits) {
  EXPECT_EQ(sampleIndices(3, 7, 0), (std::vector<Index>{3, 4, 5, 6}));
  EXPECT_EQ(sampleIndices(3, 7, 4), (std::vector<Index>{3, 4, 5, 6}));
  EXPECT_TRUE(sampleIndices(5, 5, 10).empty());
}

TEST(SampleIndices, CentresOfEqualBinsWhenSampled) {
  // 10 cells in 4 bins of 2.5: centres at 1.25, 3.75, 6.25, 8.75 -> floor.
  EXPECT_EQ(sampleIndices(0, 10, 4), (std::vector<Index>{1, 3, 6, 8}));
  // 2^20 cells onto 800 samples: first and last near the ends, strictly increasing.
  const auto s = sampleIndices(0, Index{1} << 20, 800);
  ASSERT_EQ(s.size(), 800u);
  EXPECT_EQ(s.front(), 655);  // floor(0.5 * 1048576 / 800)
  EXPECT_EQ(s.back(), 1047920);
  for (std::size_t k = 1; k < s.size(); ++k) ASSERT_LT(s[k - 1], s[k]);
}

TEST(ComputeMatrix, RegionAndSamplingPickTheRightCells) {
  IndexScheme scheme;
  const ParamSet p = makeParams(scheme, {{"rows", "100"}, {"cols", "50"}});
  const MatrixResult whole = computeMatrix(scheme, p, "cells");
  EXPECT_EQ(whole.values.rows(), 100);
  EXPECT_EQ(whole.values.cols(), 50);
  EXPECT_TRUE(whole.exact());

  const MatrixResult part =
      computeMatrix(scheme, p, "cells", Region{.r0 = 10, .r1 = 13, .c0 = 48, .c1 = -1});
  Matrix expected(3, 2);
  expected << 10048, 10049, 11048, 11049, 12048, 12049;
  EXPECT_MATRIX_NEAR(part.values, expected, 0);
  EXPECT_TRUE(part.exact());

  const MatrixResult sampled =
      computeMatrix(scheme, p, "cells", Region{.maxRows = 10, .maxCols = 5});
  EXPECT_FALSE(sampled.exact());
  ASSERT_EQ(sampled.values.rows(), 10);
  for (Index a = 0; a < 10; ++a)
    for (Index b = 0; b < 5; ++b)
      EXPECT_EQ(sampled.values(a, b), whole.values(sampled.rows[a], sampled.cols[b]));
}

TEST(ComputeMatrix, RefusesEmptyOrOutsideRegionsAndSeriesViews) {
  IndexScheme scheme;
  const ParamSet p = makeParams(scheme, {});
  try {
    (void)computeMatrix(scheme, p, "cells", Region{.r0 = 5});
    ADD_FAILURE();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "rows");
  }
  EXPECT_THROW((void)computeMatrix(scheme, p, "cells", Region{.c0 = 3, .c1 = 3}), ParamError);
  EXPECT_THROW((void)computeMatrix(scheme, p, "line"), ParamError);
  EXPECT_THROW((void)computeMatrix(scheme, p, "nope"), ParamError);
}

TEST(ComputeMatrix, RefusesAllocationsBeyondTheCellLimit) {
  IndexScheme scheme;
  const ParamSet p = makeParams(scheme, {{"rows", "1048576"}, {"cols", "1048576"}});
  try {
    (void)computeMatrix(scheme, p, "cells");
    ADD_FAILURE();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "region");
    EXPECT_NE(std::string(e.what()).find("8.0 TiB"), std::string::npos) << e.what();
  }
  // The same matrix sampled to a screen is fine.
  const auto r = computeMatrix(scheme, p, "cells", Region{.maxRows = 800, .maxCols = 800});
  EXPECT_EQ(r.values.rows(), 800);
}

TEST(MakeParams, AppliesAssignmentsThenCrossChecks) {
  IndexScheme scheme;
  const ParamSet p = makeParams(scheme, {{"heads", "8"}, {"head", "7"}});
  EXPECT_EQ(p.getInt("head"), 7);
  try {
    (void)makeParams(scheme, {{"head", "4"}});
    ADD_FAILURE();
  } catch (const ParamError& e) {
    EXPECT_STREQ(e.what(), "parameter 'head' = '4': must be less than heads (4)");
  }
  try {
    (void)makeParams(scheme, {{"colour", "red"}});
    ADD_FAILURE();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "colour");
    EXPECT_NE(std::string(e.what()).find("rows, cols, head or heads"), std::string::npos)
        << e.what();
  }
}

TEST(ValidateParams, ChecksEveryValueAndUnknownKeys) {
  IndexScheme scheme;
  ParamSet p(scheme.info().params);
  EXPECT_NO_THROW(validateParams(scheme, p));
  p.set("rows", std::int64_t{0});
  EXPECT_THROW(validateParams(scheme, p), ParamError);
  ParamSet q(scheme.info().params);
  q.set("extra", true);
  EXPECT_THROW(validateParams(scheme, q), ParamError);
}

TEST(HumanBytes, BinaryUnits) {
  EXPECT_EQ(humanBytes(512), "512.0 B");
  EXPECT_EQ(humanBytes(1536), "1.5 KiB");
  EXPECT_EQ(humanBytes(8.0 * 1048576.0 * 1048576.0), "8.0 TiB");
}

}  // namespace
}  // namespace posenc

// ---- random stand-ins and absent terms over the built-in schemes --------------------------

namespace posenc {
namespace {

/// Everything a view shows for the scheme's defaults with `seed` (a 24 x 24 corner of a matrix).
std::vector<double> viewNumbers(const Scheme& s, const ViewSpec& v, const std::string& seed) {
  const ParamSet p = makeParams(s, {{"seed", seed}});
  if (v.kind == ViewKind::Matrix) {
    const Matrix m = computeMatrix(s, p, v.id, Region{.r0 = 0, .r1 = 24, .c0 = 0, .c1 = 24}).values;
    return {m.data(), m.data() + m.size()};
  }
  std::vector<double> out;
  for (const Curve& c : s.series(p, v.id).curves) out.insert(out.end(), c.y.begin(), c.y.end());
  return out;
}

/// Equal numbers, NaN (a gap or a masked cell) equal to NaN.
bool sameNumbers(const std::vector<double>& a, const std::vector<double>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); });
}

bool hasSeed(const Scheme& s) {
  const auto& ps = s.info().params;
  return std::any_of(ps.begin(), ps.end(), [](const ParamSpec& p) { return p.id == "seed"; });
}

TEST(RandomStandIns, FlaggedExactlyOnTheViewsDrawnFromTheSeed) {
  std::vector<std::string> flagged;
  for (const auto& s : allSchemes())
    for (const ViewSpec& v : s->info().views)
      if (v.randomStandIns) flagged.push_back(s->info().id + "/" + v.id);
  EXPECT_EQ(flagged, (std::vector<std::string>{"learned/encoding",
                                               "learned/similarity",
                                               "learned/pca",
                                               "learned/spectrum",
                                               "learned/norms",
                                               "learned/grid",
                                               "t5/bias",
                                               "t5/curves",
                                               "rope/scores",
                                               "rope/invariance",
                                               "rope/rotation",
                                               "xl/a",
                                               "xl/b",
                                               "xl/c",
                                               "xl/d",
                                               "xl/ac",
                                               "xl/bd",
                                               "xl/scores",
                                               "xl/attention",
                                               "tupe/cc",
                                               "tupe/cp",
                                               "tupe/pc",
                                               "tupe/pp",
                                               "tupe/bias",
                                               "tupe/total",
                                               "tupe/attention",
                                               "tupe/positional",
                                               "shaw/key_table",
                                               "shaw/scores",
                                               "shaw/values",
                                               "deberta/c2c",
                                               "deberta/c2p",
                                               "deberta/p2c",
                                               "deberta/total",
                                               "deberta/attention",
                                               "xpos/scores",
                                               "xpos/invariance",
                                               "nope/attention",
                                               "nope/entropy"}));
  // The flag says what the numbers do: a flagged view changes with the seed (unless its term
  // is absent at the defaults), an unflagged one never does.
  for (const auto& s : allSchemes()) {
    if (!hasSeed(*s)) {
      for (const ViewSpec& v : s->info().views) EXPECT_FALSE(v.randomStandIns) << v.id;
      continue;
    }
    for (const ViewSpec& v : s->info().views) {
      const std::string where = s->info().id + "/" + v.id;
      const bool absent = !s->absentTerm(makeParams(*s, {}), v.id).empty();
      const auto a = viewNumbers(*s, v, "0");
      const auto b = viewNumbers(*s, v, "5");
      if (v.randomStandIns && !absent) {
        EXPECT_FALSE(sameNumbers(a, b)) << where;
      }
      if (!v.randomStandIns) {
        EXPECT_TRUE(sameNumbers(a, b)) << where;
      }
    }
  }
}

TEST(RandomStandIns, StandInSeedIsTheSeedOfFlaggedViewsOnly) {
  const Scheme& t5 = findScheme("t5");
  const ParamSet p = makeParams(t5, {{"seed", "42"}});
  EXPECT_EQ(standInSeed(t5, p, "bias"), std::optional<std::uint64_t>(42));
  EXPECT_EQ(standInSeed(t5, p, "buckets"), std::nullopt);
  const Scheme& alibi = findScheme("alibi");
  EXPECT_EQ(standInSeed(alibi, makeParams(alibi, {}), "bias"), std::nullopt);
}

TEST(AbsentTerm, EmptyForEveryViewOfTheOtherSchemesAtTheirDefaults) {
  for (const auto& s : allSchemes()) {
    if (s->info().id == "tupe") continue;
    for (const ViewSpec& v : s->info().views)
      EXPECT_EQ(s->absentTerm(makeParams(*s, {}), v.id), "") << s->info().id << "/" << v.id;
  }
}

}  // namespace
}  // namespace posenc
