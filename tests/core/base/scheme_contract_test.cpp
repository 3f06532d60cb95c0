// SPDX-License-Identifier: GPL-3.0-or-later
// One contract, run over every registered scheme: a new scheme gets these tests for free.
#include <cmath>
#include <set>

#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "support/eigen_near.hpp"

namespace posenc {
namespace {

std::vector<std::string> schemeIds() {
  std::vector<std::string> ids;
  for (const auto& s : allSchemes()) ids.push_back(s->info().id);
  return ids;
}

class SchemeContract : public ::testing::TestWithParam<std::string> {
 protected:
  const Scheme& scheme() const { return findScheme(GetParam()); }
};

TEST(Registry, HasTheSchemesInDisplayOrderWithUniqueIds) {
  const auto ids = schemeIds();
  EXPECT_EQ(ids,
            (std::vector<std::string>{"sinusoidal", "learned", "t5", "alibi", "rope", "xl", "tupe",
                                      "shaw", "deberta", "xpos", "nope", "kerple", "sandwich"}));
  try {
    (void)findScheme("no-such-scheme");
    ADD_FAILURE();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "scheme");
    EXPECT_NE(std::string(e.what()).find("sinusoidal"), std::string::npos);
  }
}

TEST_P(SchemeContract, DescribesItselfCompletely) {
  const SchemeInfo& info = scheme().info();
  EXPECT_FALSE(info.name.empty());
  EXPECT_FALSE(info.description.empty());
  ASSERT_FALSE(info.params.empty());
  ASSERT_FALSE(info.views.empty());
  std::set<std::string> ids;
  for (const ParamSpec& p : info.params) {
    EXPECT_TRUE(ids.insert(p.id).second) << "duplicate parameter " << p.id;
    EXPECT_FALSE(p.description.empty()) << p.id;
    EXPECT_NO_THROW(checkValue(p, p.defaultValue)) << p.id << " default is outside its own spec";
    if (p.type == posenc::ParamType::Int || p.type == posenc::ParamType::Real) {
      EXPECT_LE(p.min, p.max) << p.id;
    }
    if (p.type == posenc::ParamType::Choice) {
      EXPECT_GE(p.choices.size(), 2u) << p.id;
    }
  }
  std::set<std::string> views;
  for (const ViewSpec& v : info.views) {
    EXPECT_TRUE(views.insert(v.id).second) << "duplicate view " << v.id;
    EXPECT_FALSE(v.title.empty()) << v.id;
    EXPECT_FALSE(v.xLabel.empty()) << v.id;
    EXPECT_FALSE(v.yLabel.empty()) << v.id;
    EXPECT_FALSE(v.description.empty()) << v.id;
    if (v.kind == ViewKind::Matrix) {
      EXPECT_FALSE(v.valueLabel.empty()) << v.id;
    }
  }
}

TEST_P(SchemeContract, EveryViewComputesFiniteDeterministicValuesAtDefaults) {
  const ParamSet params = makeParams(scheme(), {});
  for (const ViewSpec& v : scheme().info().views) {
    SCOPED_TRACE(v.id);
    if (v.kind == ViewKind::Matrix) {
      const MatrixResult a = computeMatrix(scheme(), params, v.id);
      const MatrixResult b = computeMatrix(scheme(), params, v.id);
      ASSERT_GT(a.values.rows(), 0);
      ASSERT_GT(a.values.cols(), 0);
      EXPECT_EQ(a.values.rows(), a.full.rows);
      EXPECT_EQ(a.values.cols(), a.full.cols);
      EXPECT_MATRIX_NEAR(a.values, b.values, 0.0);
      EXPECT_FALSE(a.values.array().isInf().any());
      EXPECT_LT(a.values.array().isNaN().count(), a.values.size()) << "every cell masked";
    } else {
      const SeriesResult a = scheme().series(params, v.id);
      const SeriesResult b = scheme().series(params, v.id);
      ASSERT_FALSE(a.x.empty());
      ASSERT_FALSE(a.curves.empty());
      for (const Curve& c : a.curves) {
        EXPECT_FALSE(c.name.empty());
        EXPECT_EQ(c.y.size(), a.x.size()) << c.name;
        EXPECT_TRUE(std::any_of(c.y.begin(), c.y.end(), [](double y) { return std::isfinite(y); }))
            << c.name;
      }
      ASSERT_EQ(a.curves.size(), b.curves.size());
      for (std::size_t k = 0; k < a.curves.size(); ++k)
        for (std::size_t i = 0; i < a.x.size(); ++i)
          if (!std::isnan(a.curves[k].y[i])) {
            ASSERT_EQ(a.curves[k].y[i], b.curves[k].y[i]);
          }
      if (v.logY) {
        for (const Curve& c : a.curves) {
          for (double y : c.y) {
            EXPECT_TRUE(std::isnan(y) || y > 0) << c.name << " on a log axis";
          }
        }
      }
    }
  }
}

TEST_P(SchemeContract, RegionsAndSamplesAgreeWithTheWholeMatrix) {
  const ParamSet params = makeParams(scheme(), {});
  for (const ViewSpec& v : scheme().info().views) {
    if (v.kind != ViewKind::Matrix) continue;
    SCOPED_TRACE(v.id);
    const MatrixResult whole = computeMatrix(scheme(), params, v.id);
    const Index r0 = whole.full.rows / 3, c0 = whole.full.cols / 4;
    const MatrixResult part =
        computeMatrix(scheme(), params, v.id,
                      Region{.r0 = r0, .r1 = whole.full.rows, .c0 = c0, .c1 = whole.full.cols});
    EXPECT_MATRIX_NEAR(part.values,
                       whole.values.bottomRightCorner(part.values.rows(), part.values.cols()), 0.0);
    const MatrixResult sampled =
        computeMatrix(scheme(), params, v.id, Region{.maxRows = 7, .maxCols = 5});
    for (std::size_t a = 0; a < sampled.rows.size(); ++a)
      for (std::size_t b = 0; b < sampled.cols.size(); ++b) {
        const double x = sampled.values(static_cast<Index>(a), static_cast<Index>(b));
        const double y = whole.values(sampled.rows[a], sampled.cols[b]);
        ASSERT_TRUE((std::isnan(x) && std::isnan(y)) || x == y) << a << "," << b;
      }
  }
}

TEST_P(SchemeContract, ExplainsCellsWithoutThrowing) {
  const ParamSet params = makeParams(scheme(), {});
  for (const ViewSpec& v : scheme().info().views) {
    if (v.kind != ViewKind::Matrix) continue;
    const MatrixShape s = scheme().shape(params, v.id);
    for (auto [r, c] : {std::pair<Index, Index>{0, 0}, {s.rows - 1, s.cols - 1}, {s.rows / 2, 0}}) {
      std::vector<Term> terms;
      EXPECT_NO_THROW(terms = scheme().explainCell(params, v.id, r, c)) << v.id;
      for (const Term& t : terms) EXPECT_FALSE(t.name.empty()) << v.id;
    }
  }
}

TEST_P(SchemeContract, RefusesValuesOutsideEverySpecNamingTheParameter) {
  for (const ParamSpec& p : scheme().info().params) {
    SCOPED_TRACE(p.id);
    std::vector<std::string> bad = {"", "not-a-value"};
    // A text's "" is its default, "not given" (learned's table: the random stand-in); a file
    // that is not there is bad.
    if (p.type == posenc::ParamType::Text) bad = {"not-a-value", "no/such/file.safetensors"};
    if (p.type == posenc::ParamType::List) {
      // "" is the empty list (not given); a number at the exclusive bound, above the top, a
      // missing number or not a number is bad.
      bad = {"not-a-value",
             formatValue(Value{p.min}),
             formatValue(Value{p.max * 2 + 1}),
             "1,,2",
             "nan",
             "1;2"};
    }
    if (p.type == posenc::ParamType::Int || p.type == posenc::ParamType::Real) {
      bad.push_back(formatValue(Value{p.min - 1}));
      bad.push_back(formatValue(Value{p.max + 1}));
      bad.push_back("nan");
      bad.push_back("inf");
    }
    if (p.type == posenc::ParamType::Int) {
      bad.push_back("1.5");
      bad.push_back("9223372036854775808");
      if (p.even) bad.push_back(std::to_string(static_cast<std::int64_t>(p.min) + 1));
    }
    for (const std::string& text : bad) {
      try {
        (void)makeParams(scheme(), {{p.id, text}});
        ADD_FAILURE() << "accepted " << p.id << "=" << text;
      } catch (const ParamError& e) {
        EXPECT_EQ(e.param(), p.id) << e.what();
      }
    }
  }
}

/// Every parameter that sets how many positions a view spans (length; Transformer-XL's
/// segment and memory), at its maximum, plus what must come with it.
std::vector<std::pair<std::string, std::string>> longestContext(const Scheme& s) {
  std::vector<std::pair<std::string, std::string>> sets;
  for (const ParamSpec& p : s.info().params) {
    const std::string max = formatValue(Value{static_cast<std::int64_t>(p.max)});
    if (p.id == "length" || p.id == "qlen" || p.id == "mlen") sets.emplace_back(p.id, max);
    else if (p.id == "overflow") sets.emplace_back("overflow", "clamp");
    else if (p.id == "max_len" || p.id == "train_length") sets.emplace_back(p.id, max);
  }
  return sets;
}

TEST_P(SchemeContract, LargestLengthIsDrawableOnScreen) {
  // Every view draws its longest context at screen resolution: a million positions for every
  // view but those that need whole rows (softmax), which go exactly to their documented cap
  // and refuse one more with a message naming the parameter and the cap.
  const Scheme& s = scheme();
  const auto sets = longestContext(s);
  bool any = false;
  for (const auto& [id, value] : sets) any = any || id == "length" || id == "qlen";
  if (!any) GTEST_SKIP() << "no length parameter";
  const ParamSet params = makeParams(s, sets);
  for (const ViewSpec& v : s.info().views) {
    if (v.kind != ViewKind::Matrix) continue;
    SCOPED_TRACE(v.id);
    if (v.maxRowLength > 0) {
      try {
        (void)computeMatrix(s, params, v.id, Region{.maxRows = 64, .maxCols = 64});
        ADD_FAILURE() << "a row longer than the cap was evaluated";
      } catch (const ParamError& e) {
        EXPECT_NE(std::string(e.what()).find(std::to_string(v.maxRowLength)), std::string::npos)
            << e.what();
      }
      continue;
    }
    const MatrixResult r = computeMatrix(s, params, v.id, Region{.maxRows = 64, .maxCols = 64});
    // A table whose shape no position count changes (Shaw's (2k+1) x d_z key table) has no
    // context to span; every other view spans the million positions.
    const MatrixShape atDefaults = s.shape(makeParams(s, {}), v.id);
    const bool positional = atDefaults.rows != r.full.rows || atDefaults.cols != r.full.cols;
    if (positional) {
      EXPECT_GE(std::max(r.full.rows, r.full.cols), Index{1} << 20);
    }
    EXPECT_EQ(r.values.rows(), std::min<Index>(64, r.full.rows));
    EXPECT_FALSE(r.values.array().isInf().any());
  }
}

TEST_P(SchemeContract, WholeRowViewsWorkAtTheirCap) {
  const Scheme& s = scheme();
  for (const ViewSpec& v : s.info().views) {
    if (v.kind != ViewKind::Matrix || v.maxRowLength <= 0) continue;
    SCOPED_TRACE(v.id);
    // The documented cap is at least 65536 (issue 5) and is reachable: the row length of
    // length = cap (or q_len + mlen = cap) evaluates.
    EXPECT_GE(v.maxRowLength, 65536);
    std::vector<std::pair<std::string, std::string>> sets;
    for (const ParamSpec& p : s.info().params) {
      if (p.id == "length") sets.emplace_back("length", std::to_string(v.maxRowLength));
      if (p.id == "qlen") sets.emplace_back("qlen", std::to_string(v.maxRowLength / 2));
      if (p.id == "mlen") sets.emplace_back("mlen", std::to_string(v.maxRowLength / 2));
    }
    const ParamSet params = makeParams(s, sets);
    const MatrixResult r = computeMatrix(s, params, v.id, Region{.maxRows = 8, .maxCols = 8});
    // Keys run along the columns; a view whose columns are dimensions (Shaw's values:
    // length x d_z) has its queries, as many as the keys, along the rows.
    EXPECT_EQ(v.dimensionColumns ? r.full.rows : r.full.cols, v.maxRowLength);
    EXPECT_FALSE(r.values.array().isInf().any());
  }
}

INSTANTIATE_TEST_SUITE_P(AllSchemes, SchemeContract, ::testing::ValuesIn(schemeIds()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace posenc
