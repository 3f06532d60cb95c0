// SPDX-License-Identifier: GPL-3.0-or-later
// Transformer-XL drawn with a checkpoint's u and v (`u_table` = r_w_bias, `v_table` =
// r_r_bias, each [n_head, d_head] as in HF transformers' modeling_transfo_xl.py
// RelPartialLearnableMultiHeadAttn). The arithmetic of the terms is the reference rel-shift
// computation (xlTerm, tested against the paper's equations in transformer_xl_test.cpp); here:
// row `head` of the file is u / v, terms (c) and (d) follow it linearly, (a) and (b) do not
// depend on it, and a file holding the stand-in draws the stand-in picture bit for bit.
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/random.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc/schemes/xl/transformer_xl.hpp"
#include "posenc/tensors/tensor_ref.hpp"
#include "support/eigen_near.hpp"
#include "support/refused.hpp"
#include "support/tensor_files.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;
using Sets = std::vector<std::pair<std::string, std::string>>;
using test::refusedParam;

const std::string kU = "transformer.layers.0.dec_attn.r_w_bias";
const std::string kV = "transformer.layers.0.dec_attn.r_r_bias";

/// heads 3, d_head 4: u[h][c] = h - c / 2, v[h][c] = (h + 1) (c - 1.5).
std::vector<double> biasValues(bool u) {
  std::vector<double> out;
  for (int h = 0; h < 3; ++h)
    for (int c = 0; c < 4; ++c) out.push_back(u ? h - c / 2.0 : (h + 1) * (c - 1.5));
  return out;
}

class XlTable : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = test::freshTempDir("posenc_xl_table_test");
    test::writeSafetensors(m_dir / "xl.safetensors", {{kU, {3, 4}, biasValues(true)},
                                                      {kV, {3, 4}, biasValues(false)},
                                                      {"transformer.r_w_bias", {1, 1}, {9}}});
  }
  void TearDown() override {
    clearTensorCache();
    fs::remove_all(m_dir);
  }
  [[nodiscard]] std::string file() const { return (m_dir / "xl.safetensors").string(); }
  [[nodiscard]] Sets sets(Sets more = {}) const {
    Sets s = {{"qlen", "7"}, {"mlen", "3"},       {"d_model", "12"},  {"heads", "3"},
              {"head", "2"}, {"u_table", file()}, {"v_table", file()}};
    s.insert(s.end(), more.begin(), more.end());
    return s;
  }
  fs::path m_dir;
};

Matrix viewOf(const Scheme& s, const ParamSet& p, const char* id) {
  return computeMatrix(s, p, id).values;
}

TEST_F(XlTable, RowHeadOfTheFileIsUAndV) {
  const auto scheme = makeXlScheme();
  const XlParams p = xlParamsFrom(makeParams(*scheme, sets()));
  const Vector u = xlHeadBias(p, XlBias::U);
  const Vector v = xlHeadBias(p, XlBias::V);
  ASSERT_EQ(u.size(), 4);
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(u(c), 2 - c / 2.0);
    EXPECT_EQ(v(c), 3 * (c - 1.5));
  }
  const XlTensors t = xlTensors(p);
  EXPECT_MATRIX_NEAR(t.u.transpose(), u.transpose(), 0.0);
  EXPECT_MATRIX_NEAR(t.v.transpose(), v.transpose(), 0.0);
  // Each view equals the reference rel-shift computation on these tensors.
  const ParamSet ps = makeParams(*scheme, sets());
  for (const auto& [id, term] : {std::pair{"c", XlTerm::C}, std::pair{"d", XlTerm::D},
                                 std::pair{"scores", XlTerm::Scores}}) {
    SCOPED_TRACE(id);
    EXPECT_MATRIX_NEAR(viewOf(*scheme, ps, id), xlTerm(t, term), 1e-12);
  }
}

TEST_F(XlTable, OnlyTheBiasTermsFollowTheFile) {
  const auto scheme = makeXlScheme();
  const ParamSet trained = makeParams(*scheme, sets());
  Sets standInSets = sets();
  standInSets.resize(5);  // without u_table, v_table
  const ParamSet standIn = makeParams(*scheme, standInSets);
  for (const char* id : {"a", "b"}) {
    SCOPED_TRACE(id);
    EXPECT_MATRIX_NEAR(viewOf(*scheme, trained, id), viewOf(*scheme, standIn, id), 0.0);
  }
  // (c) = u . k_j / sqrt(d_head) is linear in u: the file's u minus the stand-in's u gives
  // the difference of the two pictures, computed here from xlTensors' k and d_head.
  XlTensors t = xlTensors(xlParamsFrom(standIn));
  t.u = xlHeadBias(xlParamsFrom(trained), XlBias::U) - t.u;
  t.v = xlHeadBias(xlParamsFrom(trained), XlBias::V) - t.v;
  EXPECT_MATRIX_NEAR(viewOf(*scheme, trained, "c") - viewOf(*scheme, standIn, "c"),
                     xlTerm(t, XlTerm::C), 1e-12);
  EXPECT_MATRIX_NEAR(viewOf(*scheme, trained, "d") - viewOf(*scheme, standIn, "d"),
                     xlTerm(t, XlTerm::D), 1e-12);
  // The readout names what is the file's and what is a stand-in; the stand-in's has no such
  // lines (its terms are unchanged).
  const std::vector<Term> terms = scheme->explainCell(trained, "c", 4, 1);
  ASSERT_EQ(terms.size(), scheme->explainCell(standIn, "c", 4, 1).size() + 3);
  EXPECT_EQ(terms[terms.size() - 3].value, 1.0);
  EXPECT_EQ(terms[terms.size() - 2].value, 1.0);
  EXPECT_EQ(terms.back().name, "content h, W_q, W_k, W_R: random stand-ins, seed");
  EXPECT_EQ(standInSeed(*scheme, trained, "c"), 0U);  // content and W stay random
}

TEST_F(XlTable, AFileHoldingTheStandInDrawsTheStandInPicture) {
  std::vector<double> u, v;
  for (std::uint64_t h = 0; h < 4; ++h)
    for (std::uint64_t c = 0; c < 16; ++c) {
      u.push_back(normal(5, Tensor::XlU, h, c));
      v.push_back(normal(5, Tensor::XlV, h, c));
    }
  test::writeNpy(m_dir / "u.npy", {4, 16}, u);
  test::writeNpy(m_dir / "v.npy", {4, 16}, v);
  const auto scheme = makeXlScheme();
  const ParamSet standIn = makeParams(*scheme, {{"seed", "5"}, {"head", "3"}, {"mlen", "4"}});
  const ParamSet fromFile = makeParams(*scheme, {{"seed", "5"},
                                                 {"head", "3"},
                                                 {"mlen", "4"},
                                                 {"u_table", (m_dir / "u.npy").string()},
                                                 {"v_table", (m_dir / "v.npy").string()}});
  for (const char* id : {"c", "d", "scores", "attention"}) {
    SCOPED_TRACE(id);
    EXPECT_MATRIX_NEAR(viewOf(*scheme, fromFile, id), viewOf(*scheme, standIn, id), 0.0);
  }
}

TEST_F(XlTable, ShapeAndFileRefusalsNameTheParameter) {
  const auto scheme = makeXlScheme();
  EXPECT_EQ(refusedParam(*scheme, sets()), "(accepted)");
  EXPECT_EQ(refusedParam(*scheme, sets({{"heads", "4"}, {"head", "0"}})), "u_table");
  EXPECT_EQ(refusedParam(*scheme, sets({{"d_model", "24"}})), "u_table");
  EXPECT_EQ(refusedParam(*scheme, sets({{"u_table", ""}, {"d_model", "24"}})), "v_table");
  EXPECT_EQ(refusedParam(*scheme, sets({{"v_table", file() + ":nope"}})), "v_table");
  // Tied: transformer.r_w_bias is named explicitly, and its 1 x 1 shape is refused.
  try {
    (void)makeParams(*scheme, sets({{"u_table", file() + ":transformer.r_w_bias"}}));
    FAIL() << "a 1 x 1 r_w_bias taken";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "u_table");
    EXPECT_NE(std::string(e.what()).find("heads x d_head = 3 x 4"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("this one is 1 x 1"), std::string::npos) << e.what();
  }
}

TEST(XlMapping, UAndVFeedTheirParameters) {
  const ModelMapping m =
      mapConfig(R"({"model_type": "transfo-xl", "d_model": 1024, "n_head": 16, "untie_r": true})",
                "c");
  ASSERT_EQ(m.tensors.size(), 2U);
  EXPECT_EQ(m.tensors[0].param, "u_table");
  EXPECT_EQ(m.tensors[0].names[0], kU);
  EXPECT_EQ(m.tensors[1].param, "v_table");
  EXPECT_EQ(m.tensors[1].names[0], kV);
  EXPECT_EQ(xlBiasTensorNames(XlBias::U), (std::vector<std::string>{kU, "transformer.r_w_bias"}));
}

}  // namespace
}  // namespace posenc
