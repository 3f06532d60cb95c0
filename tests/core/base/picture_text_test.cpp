// SPDX-License-Identifier: GPL-3.0-or-later
// What the pictures show is written in real mathematical symbols (issue 14): θₖ, ⟨⟩, √, ·,
// −, subscripts, in every view's title, axis and value labels, legend (curve) names and
// readout term names; ASCII stand-ins such as "theta_k", "sqrt(d_head)" or "q_i . k_j" are
// gone from all of them. Descriptions (one-line help) may keep ASCII.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "posenc/base/scheme.hpp"

namespace posenc {
namespace {

/// Every text one view draws at the defaults: title, labels, curve names or the term names of
/// a few cells (corners and centre).
std::vector<std::string> pictureTexts(const Scheme& scheme, const ViewSpec& view) {
  const ParamSet params(scheme.info().params);
  std::vector<std::string> out = {view.title, view.xLabel, view.yLabel, view.valueLabel};
  if (view.kind == ViewKind::Series) {
    for (const Curve& c : scheme.series(params, view.id).curves) out.push_back(c.name);
    return out;
  }
  const MatrixShape shape = scheme.shape(params, view.id);
  const Index r = shape.rows - 1, c = shape.cols - 1;
  for (const auto& [row, col] : std::vector<std::pair<Index, Index>>{
           {0, 0}, {r, 0}, {r, c}, {r / 2, c / 2}, {r / 2, std::min(c, r / 2 + 1)}})
    for (const Term& t : scheme.explainCell(params, view.id, row, col)) out.push_back(t.name);
  return out;
}

TEST(PictureText, NoAsciiMathsInTitlesLabelsLegendsOrTerms) {
  // ASCII stand-ins for symbols; " - " is a minus between two operands (a word's hyphen has
  // no spaces around it).
  const std::vector<std::string> ascii = {"theta", "alpha", "delta", "sqrt", " . ", "sum_",
                                          " pi",   "<R_",   "m_h",   "w_i",  " - ", "_ij",
                                          "PE_p",  "^(",    "d^p",   "r_(",  "r_δ"};
  int texts = 0;
  for (const auto& scheme : allSchemes()) {
    for (const ViewSpec& view : scheme->info().views) {
      for (const std::string& text : pictureTexts(*scheme, view)) {
        ++texts;
        for (const std::string& a : ascii)
          EXPECT_EQ(text.find(a), std::string::npos)
              << scheme->info().id << "/" << view.id << ": \"" << text << "\" holds \"" << a
              << "\"";
      }
    }
  }
  EXPECT_GT(texts, 300);
}

TEST(PictureText, TitlesUseTheSymbols) {
  const auto title = [](const char* scheme, const char* view) {
    return findView(findScheme(scheme), view).title;
  };
  EXPECT_EQ(title("rope", "scores"), "RoPE scores ⟨Rₘq, Rₙk⟩");
  EXPECT_NE(title("rope", "angles").find("mθₖ"), std::string::npos);
  EXPECT_NE(title("rope", "frequencies").find("2π/θₖ"), std::string::npos);
  EXPECT_EQ(title("xl", "a"), "(a) content-content  qᵢ · kⱼ / √d_head");
  EXPECT_NE(title("alibi", "bias").find("−mₕ(i − j)"), std::string::npos);
  EXPECT_NE(title("t5", "bias").find("bucket(j − i)"), std::string::npos);
  EXPECT_NE(title("tupe", "total").find("αᵢⱼ"), std::string::npos);
  EXPECT_NE(title("tupe", "bias").find("bⱼ₋ᵢ"), std::string::npos);
  EXPECT_NE(title("sinusoidal", "similarity").find("Σᵢ cos((p − q) wᵢ)"), std::string::npos);
  EXPECT_EQ(findView(findScheme("alibi"), "slopes").yLabel, "slope mₕ");
}

}  // namespace
}  // namespace posenc
