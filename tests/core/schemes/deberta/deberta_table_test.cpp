// SPDX-License-Identifier: GPL-3.0-or-later
// DeBERTa drawn from a checkpoint's relative embeddings (`rel_table`, `rel_norm`). The
// LayerNorm numbers come from tests/reference/deberta_rel_layernorm.py (NumPy, following HF
// transformers' modeling_deberta_v2.py DebertaV2Encoder.get_rel_embedding); the attention
// terms are checked by properties: a file holding exactly the stand-in P draws the stand-in
// picture bit for bit, and c2p / p2c read the row debertaC2pRow / debertaP2cRow names.
#include <cmath>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/random.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc/schemes/deberta/deberta.hpp"
#include "posenc/tensors/tensor_ref.hpp"
#include "support/eigen_near.hpp"
#include "support/refused.hpp"
#include "support/tensor_files.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;
using Sets = std::vector<std::pair<std::string, std::string>>;
using test::refusedParam;

class DebertaTable : public ::testing::Test {
 protected:
  void SetUp() override { m_dir = test::freshTempDir("posenc_deberta_table_test"); }
  void TearDown() override {
    clearTensorCache();
    fs::remove_all(m_dir);
  }
  [[nodiscard]] std::string file(const char* name) const { return (m_dir / name).string(); }
  fs::path m_dir;
};

/// The small model of these tests: buckets 4 (a table of 8 rows), d_model 4, one head.
Sets smallModel(const std::string& table, Sets more = {}) {
  Sets s = {{"length", "24"},
            {"d_model", "4"},
            {"heads", "1"},
            {"buckets", "4"},
            {"max_relative_positions", "12"},
            {"rel_table", table}};
  s.insert(s.end(), more.begin(), more.end());
  return s;
}

std::vector<double> referenceRel() {
  std::vector<double> v;
  for (int m = 0; m < 8; ++m)
    for (int c = 0; c < 4; ++c)
      v.push_back(static_cast<double>((3 * m + 5 * c) % 7 - 3) / 2 + (m * c % 3) / 4.0);
  return v;
}

TEST_F(DebertaTable, LayerNormMatchesTheHfEncoder) {
  // tests/reference/deberta_rel_layernorm.py.
  Matrix expected(8, 4);
  expected << -1.4217001352775787, 1.665097428896301, 0.58585006763878944, -1.014152909297646,
      -0.68495881470480646, -1.6007531213198791, 2.330136507347178, 0.23373970367620162,
      0.87733902531470043, 0.74734567435066102, -0.56366951265735021, -2.4115128069580756,
      -0.52735008104491787, -1.8584380065307362, 2.0801256078368833, 0.61036264182860611,
      0.32735021891695582, -0.64049126689013913, -2.1032043689117677, 2.2900633209385841,
      -1.3773390253147004, 1.6867948621129112, 0.56366951265735021, -1.0962839440909256,
      0.40094451959865485, -0.61320838969899116, -2.148116914675561, 2.1754752367357626,
      -1.4332159085400396, 1.4948789224060064, 0.92966964242431671, -1.1568172342517096;
  const std::vector<double> w = {1, 1.25, 1.5, 1.75};
  const std::vector<double> b = {-0.25, -0.125, 0, 0.125};
  test::writeSafetensors(m_dir / "model.safetensors",
                         {{"deberta.encoder.rel_embeddings.weight", {8, 4}, referenceRel()},
                          {"deberta.encoder.LayerNorm.weight", {4}, w},
                          {"deberta.encoder.LayerNorm.bias", {4}, b},
                          {"deberta.embeddings.LayerNorm.weight", {4}, {9, 9, 9, 9}}});
  const auto scheme = makeDebertaScheme();
  // Unnamed (the task model's prefix is found) and named (the prefix comes from the name).
  for (const std::string& ref :
       {file("model.safetensors"),
        file("model.safetensors") + ":deberta.encoder.rel_embeddings.weight"}) {
    SCOPED_TRACE(ref);
    const ParamSet p = makeParams(*scheme, smallModel(ref, {{"rel_norm", "layer_norm"}}));
    // float32 storage of the table (all values exact) and of w, b (exact): 1e-12 is rounding.
    EXPECT_MATRIX_NEAR(debertaRelEmbeddings(debertaParamsFrom(p)), expected, 1e-12);
  }
  const ParamSet raw = makeParams(*scheme, smallModel(file("model.safetensors")));
  const Matrix stored = Eigen::Map<const Matrix>(referenceRel().data(), 8, 4);
  EXPECT_MATRIX_NEAR(debertaRelEmbeddings(debertaParamsFrom(raw)), stored, 0.0);
}

TEST_F(DebertaTable, AFileHoldingTheStandInDrawsTheStandInPicture) {
  const auto scheme = makeDebertaScheme();
  const ParamSet standIn = makeParams(*scheme, {{"seed", "3"}});
  const DebertaParams dp = debertaParamsFrom(standIn);
  std::vector<double> p;
  for (Index m = 0; m < 2 * dp.buckets; ++m)
    for (Index c = 0; c < dp.dModel; ++c)
      p.push_back(normal(3, Tensor::DebertaRelEmbed, static_cast<std::uint64_t>(m),
                         static_cast<std::uint64_t>(c)));
  test::writeNpy(m_dir / "p.npy", {2 * dp.buckets, dp.dModel}, p);
  const ParamSet fromFile = makeParams(*scheme, {{"seed", "3"}, {"rel_table", file("p.npy")}});
  const Region region{0, 512, 0, 512, 64, 64};
  for (const char* view : {"c2c", "c2p", "p2c", "total"}) {
    SCOPED_TRACE(view);
    EXPECT_MATRIX_NEAR(computeMatrix(*scheme, fromFile, view, region).values,
                       computeMatrix(*scheme, standIn, view, region).values, 0.0);
  }
  // The stand-ins are still stand-ins: the picture keeps its seed label.
  EXPECT_EQ(standInSeed(*scheme, fromFile, "c2p"), 3U);
}

TEST_F(DebertaTable, PositionTermsReadTheRowTheBucketNames) {
  // P zero but for row m0: c2p and p2c vanish exactly where their row is not m0, and c2c does
  // not depend on P.
  constexpr Index kRow = 5;  // delta = +1: span 4 + 1
  std::vector<double> p(8 * 4, 0.0);
  for (int c = 0; c < 4; ++c) p[kRow * 4 + c] = 1.0 + c;
  test::writeNpy(m_dir / "one_row.npy", {8, 4}, p);
  const auto scheme = makeDebertaScheme();
  const ParamSet params = makeParams(*scheme, smallModel(file("one_row.npy")));
  const DebertaParams dp = debertaParamsFrom(params);
  const MatrixResult c2p = computeMatrix(*scheme, params, "c2p");
  const MatrixResult p2c = computeMatrix(*scheme, params, "p2c");
  int hits = 0;
  for (Index i = 0; i < 24; ++i)
    for (Index j = 0; j < 24; ++j) {
      EXPECT_EQ(c2p.values(i, j) != 0.0, debertaC2pRow(dp, i, j) == kRow) << i << "," << j;
      EXPECT_EQ(p2c.values(i, j) != 0.0, debertaP2cRow(dp, i, j) == kRow) << i << "," << j;
      hits += debertaC2pRow(dp, i, j) == kRow ? 1 : 0;
    }
  EXPECT_EQ(hits, 23);  // i - j = 1
  const ParamSet noFile = makeParams(*scheme, smallModel(""));
  EXPECT_MATRIX_NEAR(computeMatrix(*scheme, params, "c2c").values,
                     computeMatrix(*scheme, noFile, "c2c").values, 0.0);
  const std::vector<Term> terms = scheme->explainCell(params, "c2p", 3, 2);
  ASSERT_GE(terms.size(), 3U);
  EXPECT_EQ(terms[terms.size() - 3].name, "P = rel_embeddings from the file (1 = yes)");
  EXPECT_EQ(terms.back().name, "content H, W_q, W_k: random stand-ins, seed");
  EXPECT_EQ(scheme->explainCell(noFile, "c2p", 3, 2).size(), terms.size() - 3);
}

TEST_F(DebertaTable, RefusalsNameTheParameter) {
  test::writeNpy(m_dir / "rel.npy", {8, 4}, referenceRel());
  test::writeSafetensors(m_dir / "no_norm.safetensors",
                         {{"encoder.rel_embeddings.weight", {8, 4}, referenceRel()},
                          {"encoder.other", {4}, {1, 2, 3, 4}}});
  const auto scheme = makeDebertaScheme();
  EXPECT_EQ(refusedParam(*scheme, smallModel(file("rel.npy"))), "(accepted)");
  EXPECT_EQ(refusedParam(*scheme, smallModel(file("rel.npy"), {{"d_model", "8"}})), "rel_table");
  EXPECT_EQ(refusedParam(*scheme, smallModel(file("rel.npy"), {{"buckets", "6"}})), "rel_table");
  EXPECT_EQ(refusedParam(*scheme, smallModel(file("missing.npy"))), "rel_table");
  // A lone .npy has no LayerNorm beside it; nor has this checkpoint.
  EXPECT_EQ(refusedParam(*scheme, smallModel(file("rel.npy"), {{"rel_norm", "layer_norm"}})),
            "rel_norm");
  EXPECT_EQ(refusedParam(*scheme,
                         smallModel(file("no_norm.safetensors"), {{"rel_norm", "layer_norm"}})),
            "rel_norm");
  try {
    (void)makeParams(*scheme, smallModel(file("rel.npy"), {{"d_model", "8"}}));
    FAIL() << "an 8 x 4 table taken for d_model 8";
  } catch (const ParamError& e) {
    EXPECT_NE(std::string(e.what()).find("8 x 8"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("this one is 8 x 4"), std::string::npos) << e.what();
  }
}

TEST(DebertaMapping, RelTableAndLayerNormFromTheConfig) {
  const ModelMapping v3 = mapConfig(R"({"model_type": "deberta-v2", "hidden_size": 768,
      "num_attention_heads": 12, "position_buckets": 256, "norm_rel_ebd": "layer_norm"})",
                                    "c");
  ASSERT_EQ(v3.tensors.size(), 1U);
  EXPECT_EQ(v3.tensors[0].param, "rel_table");
  EXPECT_FALSE(v3.tensors[0].fileOnly);
  const auto norm = [](const ModelMapping& m) {
    for (const auto& [k, v] : m.params)
      if (k == "rel_norm") return v;
    return std::string("(unset)");
  };
  EXPECT_EQ(norm(v3), "layer_norm");
  const ModelMapping v2 = mapConfig(R"({"model_type": "deberta-v2", "hidden_size": 768,
      "num_attention_heads": 12, "position_buckets": 256, "norm_rel_ebd": "none"})",
                                    "c");
  EXPECT_EQ(norm(v2), "none");
}

}  // namespace
}  // namespace posenc
