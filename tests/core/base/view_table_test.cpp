// SPDX-License-Identifier: GPL-3.0-or-later
// The view table behind every scheme: views looked up by id, the kind taken from the entry,
// wrong ids and kinds refused by name, the row-length rule, and a malformed entry caught.
#include "../../../core/src/base/view_table.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace posenc {
namespace {

const MessageTemplate kNot13{"not 13"};

/// Typed parameters of the toy scheme: a size and a row cap.
struct Toy {
  Index n = 3;
};

Toy readToy(const ParamSet& params) { return {params.getInt("n")}; }

void checkToy(const Toy& t) {
  if (t.n == 13) throw ParamError("n", "13", Message(kNot13));
}

Matrix cellsOf(const Toy&, detail::Cells rows, detail::Cells cols) {
  Matrix m(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (Index a = 0; a < m.rows(); ++a)
    for (Index b = 0; b < m.cols(); ++b)
      m(a, b) = 10.0 * static_cast<double>(rows[static_cast<std::size_t>(a)]) +
                static_cast<double>(cols[static_cast<std::size_t>(b)]);
  return m;
}

detail::SchemeTable<Toy> toyTable() {
  return {
      .info = {.id = "toy", .name = "Toy", .params = {intParam("n", 3, 1, 100, "size")}},
      .read = readToy,
      .validate = checkToy,
      .views =
          {
              {.spec = {.id = "grid", .title = "Grid"},
               .shape =
                   [](const Toy& t) {
                     return MatrixShape{t.n, t.n + 1};
                   },
               .evaluate = cellsOf,
               .explain =
                   [](const Toy& t, Index r, Index c) {
                     return std::vector<Term>{{"n", static_cast<double>(t.n)},
                                              {"cell", static_cast<double>(10 * r + c)}};
                   }},
              {.spec = {.id = "line", .title = "Line"},
               .series =
                   [](const Toy& t) {
                     return SeriesResult{{0.0, 1.0}, {{"n", {0.0, static_cast<double>(t.n)}}}};
                   }},
              {.spec = {.id = "capped", .maxRowLength = 5},
               .shape =
                   [](const Toy& t) {
                     return MatrixShape{t.n, t.n};
                   },
               .evaluate = cellsOf,
               .rowLength =
                   [](const Toy& t) {
                     return detail::RowLength{"n", std::to_string(t.n), t.n, "n"};
                   }},
          },
  };
}

TEST(ViewTable, DescribesTheViewsInTableOrderWithTheirKind) {
  const auto scheme = detail::makeTableScheme(toyTable());
  const SchemeInfo& info = scheme->info();
  EXPECT_EQ(info.id, "toy");
  ASSERT_EQ(info.views.size(), 3u);
  EXPECT_EQ(info.views[0].id, "grid");
  EXPECT_EQ(info.views[0].kind, ViewKind::Matrix);
  EXPECT_EQ(info.views[1].id, "line");
  EXPECT_EQ(info.views[1].kind, ViewKind::Series);
  EXPECT_EQ(info.views[2].maxRowLength, 5);
}

TEST(ViewTable, CallsTheEntryOfTheViewAskedFor) {
  const auto scheme = detail::makeTableScheme(toyTable());
  const ParamSet p = makeParams(*scheme, {{"n", "4"}});
  EXPECT_EQ(scheme->shape(p, "grid").cols, 5);
  EXPECT_EQ(scheme->shape(p, "capped").cols, 4);
  const std::vector<Index> rows = {1, 2}, cols = {0, 3};
  const Matrix m = scheme->evaluate(p, "grid", rows, cols);
  EXPECT_EQ(m(1, 1), 23.0);
  const std::vector<Term> terms = scheme->explainCell(p, "grid", 2, 3);
  ASSERT_EQ(terms.size(), 2u);
  EXPECT_EQ(terms[1].value, 23.0);
  EXPECT_TRUE(scheme->explainCell(p, "capped", 0, 0).empty());  // no explain: nothing to add
  EXPECT_EQ(scheme->series(p, "line").curves[0].y[1], 4.0);
}

TEST(ViewTable, RefusesAnUnknownViewOrTheWrongKindNamingTheViews) {
  const auto scheme = detail::makeTableScheme(toyTable());
  const ParamSet p = makeParams(*scheme, {});
  try {
    (void)scheme->shape(p, "line");
    FAIL() << "a series view has no shape";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "view");
    EXPECT_EQ(e.value(), "line");
    EXPECT_EQ(e.allowed(), "a matrix view of toy: grid or capped");
  }
  try {
    (void)scheme->series(p, "nope");
    FAIL() << "unknown view";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.allowed(), "a series view of toy: line");
  }
  EXPECT_THROW((void)scheme->explainCell(p, "line", 0, 0), ParamError);
}

TEST(ViewTable, ValidatesOnTheTypedParametersAndChecksTheRowLength) {
  const auto scheme = detail::makeTableScheme(toyTable());
  EXPECT_THROW((void)makeParams(*scheme, {{"n", "13"}}), ParamError);
  const ParamSet p = makeParams(*scheme, {{"n", "6"}});
  EXPECT_EQ(scheme->shape(p, "grid").rows, 6);  // only the capped view has a row rule
  try {
    (void)scheme->shape(p, "capped");
    FAIL() << "rows of 6 keys over a cap of 5";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "n");
    EXPECT_NE(e.allowed().find("capped at 5 keys"), std::string::npos) << e.allowed();
  }
}

TEST(ViewTable, RefusesAnEntryThatIsNeitherMatrixNorSeries) {
  detail::SchemeTable<Toy> table = toyTable();
  table.views.push_back({.spec = {.id = "empty"}});
  EXPECT_THROW((void)detail::makeTableScheme(table), std::logic_error);
  table.views.back() = {.spec = {.id = "both"},
                        .evaluate = cellsOf,
                        .series = toyTable().views[1].series};
  EXPECT_THROW((void)detail::makeTableScheme(table), std::logic_error);
}

}  // namespace
}  // namespace posenc
