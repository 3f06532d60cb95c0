// SPDX-License-Identifier: GPL-3.0-or-later
// Slips are data (check.hpp Slip::headline and Slip::detail): whatever slip the diagnosis
// names, for whatever scheme, carries a headline and a sentence made of registered templates
// (so posenc_extract_strings lists them and the window shows them translated, with no table of
// slips in the ui), the sentence's English being Slip::text byte for byte. Every scheme's
// first views are checked against arrays that are ours under each other choice or flag,
// negated, scaled, transposed, shifted by a row and offset per row; then the slips of the
// schemes' own code (KERPLE's swapped numbers, xPos's direction, ALiBi's slopes, T5's
// buckets) and a pair.
#include <cmath>
#include <exception>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "posenc/check/check.hpp"
#include "support/slip_messages.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;

/// Checks `yours` against view `view` of `scheme` under `sets`, expects the slips' messages and
/// adds the ids named to `seen`.
void checkSlips(const Scheme& s, const Sets& sets, const std::string& view, const Matrix& yours,
                std::set<std::string>& seen) {
  const CheckReport r = checkArray(s, makeParams(s, sets), view, test::asAgainst(yours));
  SCOPED_TRACE(s.info().id + " " + view);
  test::expectSlipMessages(r);
  for (const Slip& slip : r.diagnosis) seen.insert(slip.id);
}

Matrix ours(const Scheme& s, const Sets& sets, const std::string& view) {
  return computeMatrix(s, makeParams(s, sets), view).values;
}

/// Small parameters: a short length where the scheme has one.
Sets small(const Scheme& s) {
  for (const ParamSpec& p : s.info().params)
    if (p.id == "length") return {{"length", "24"}};
  return {};
}

TEST(SlipMessages, EverySchemesSlipsAreMessagesOfRegisteredTemplates) {
  std::set<std::string> seen;
  for (const auto& scheme : allSchemes()) {
    const Scheme& s = *scheme;
    const Sets base = small(s);
    int views = 0;
    for (const ViewSpec& v : s.info().views) {
      if (v.kind != ViewKind::Matrix || v.randomStandIns || views == 2) continue;
      ++views;
      const Matrix o = ours(s, base, v.id);
      checkSlips(s, base, v.id, -o, seen);
      checkSlips(s, base, v.id, 2.5 * o, seen);
      if (o.rows() == o.cols()) checkSlips(s, base, v.id, Matrix(o.transpose()), seen);
      Matrix offset = o;
      for (Index i = 0; i < o.rows(); ++i) offset.row(i).array() += 0.125 * static_cast<double>(i);
      checkSlips(s, base, v.id, offset, seen);
      if (o.rows() > 2) {
        Matrix shifted = o;
        shifted.topRows(o.rows() - 1) = o.bottomRows(o.rows() - 1);
        checkSlips(s, base, v.id, shifted, seen);
      }
      // Ours under each other value of a choice or flag.
      for (const ParamSpec& p : s.info().params) {
        std::vector<std::string> values = p.choices;
        if (p.type == ParamType::Bool) values = {"true", "false"};
        if (p.type != ParamType::Choice && p.type != ParamType::Bool) continue;
        for (const std::string& value : values) {
          Sets other = base;
          other.emplace_back(p.id, value);
          Matrix theirs;
          try {
            theirs = ours(s, other, v.id);
          } catch (const std::exception&) {
            continue;  // refused, or another shape
          }
          if (theirs.rows() == o.rows() && theirs.cols() == o.cols())
            checkSlips(s, base, v.id, theirs, seen);
        }
      }
    }
  }
  // The generic slips were reached (the sweep does test something).
  for (const char* id : {"sign", "scale", "transpose", "rows_shifted", "layout"})
    EXPECT_TRUE(seen.contains(id)) << id;
}

TEST(SlipMessages, TheSchemesOwnSlipsAndAPairAreMessagesToo) {
  std::set<std::string> seen;
  const Scheme& kerple = findScheme("kerple");
  checkSlips(kerple, {{"length", "32"}, {"r1", "2"}, {"r2", "0.5"}}, "bias",
             ours(kerple, {{"length", "32"}, {"r1", "0.5"}, {"r2", "2"}}, "bias"), seen);
  const Scheme& xpos = findScheme("xpos");
  checkSlips(xpos, {}, "decay", ours(xpos, {}, "decay").cwiseInverse(), seen);
  const Scheme& alibi = findScheme("alibi");
  Matrix simple(1, 12);
  for (Index h = 0; h < 12; ++h)
    simple(0, h) = std::pow(2.0, -8.0 * static_cast<double>(h + 1) / 12);
  checkSlips(alibi, {{"heads", "12"}}, "slopes", simple, seen);
  const Scheme& t5 = findScheme("t5");
  checkSlips(t5, {{"length", "24"}, {"buckets", "16"}}, "buckets",
             ours(t5, {{"length", "24"}, {"buckets", "32"}}, "buckets"), seen);
  const Scheme& rope = findScheme("rope");
  checkSlips(rope, {{"length", "64"}, {"dim", "32"}, {"layout", "interleaved"}}, "cos",
             ours(rope, {{"length", "64"}, {"dim", "32"}, {"base", "500000"}}, "cos"), seen);
  for (const char* id :
       {"kerple_swapped", "xpos_direction", "alibi_slopes", "buckets_not_halved", "layout+base"})
    EXPECT_TRUE(seen.contains(id)) << id;
}

}  // namespace
}  // namespace posenc
