// SPDX-License-Identifier: GPL-3.0-or-later
// T5 drawn from a trained table (`table`, `stack`) and the `curves` view. Expected numbers come
// from tests/reference/t5_table_bias.py, a NumPy re-implementation of Hugging Face
// transformers' modeling_t5.py (T5Attention._relative_position_bucket and compute_bias) on the
// table these tests write: t5TestTable(b, h) = ((7 b + 3 h) % 11 - 5) / 4 + h, the decoder's
// = -t5TestTable - 0.5, buckets 8, heads 3, max_distance 20, length 12.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/random.hpp"
#include "posenc/maths/t5_bucket.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc/schemes/t5/t5_bias.hpp"
#include "posenc/tensors/tensor_ref.hpp"
#include "support/eigen_near.hpp"
#include "support/refused.hpp"
#include "support/tensor_files.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;
using Sets = std::vector<std::pair<std::string, std::string>>;
using test::refusedParam;

constexpr std::int64_t kBuckets = 8;
constexpr std::int64_t kHeads = 3;
const std::string kEncoderName =
    "encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight";
const std::string kDecoderName =
    "decoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight";

double t5TestTable(std::int64_t b, std::int64_t h, bool decoder) {
  const double v = static_cast<double>((7 * b + 3 * h) % 11 - 5) / 4 + static_cast<double>(h);
  return decoder ? -v - 0.5 : v;
}

std::vector<double> tableValues(bool decoder) {
  std::vector<double> v;
  for (std::int64_t b = 0; b < kBuckets; ++b)
    for (std::int64_t h = 0; h < kHeads; ++h) v.push_back(t5TestTable(b, h, decoder));
  return v;
}

/// A folder with t5.safetensors (both stacks' tables) and encoder.npy.
class T5Table : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = test::freshTempDir("posenc_t5_table_test");
    test::writeSafetensors(m_dir / "t5.safetensors",
                           {{kEncoderName, {kBuckets, kHeads}, tableValues(false)},
                            {kDecoderName, {kBuckets, kHeads}, tableValues(true)}});
    test::writeNpy(m_dir / "encoder.npy", {kBuckets, kHeads}, tableValues(false));
  }
  void TearDown() override {
    clearTensorCache();
    fs::remove_all(m_dir);
  }
  [[nodiscard]] std::string file(const char* name) const { return (m_dir / name).string(); }
  [[nodiscard]] Sets sets(const std::string& table, Sets more = {}) const {
    Sets s = {{"buckets", "8"}, {"heads", "3"}, {"max_distance", "20"},
              {"length", "12"}, {"head", "1"},  {"table", table}};
    s.insert(s.end(), more.begin(), more.end());
    return s;
  }
  fs::path m_dir;
};

const std::vector<Index> kRows = {0, 5, 11};
std::vector<Index> allCols() {
  std::vector<Index> c;
  for (Index j = 0; j < 12; ++j) c.push_back(j);
  return c;
}

TEST_F(T5Table, EncoderBiasIsTheFilesTableAtHfBuckets) {
  // tests/reference/t5_table_bias.py: encoder, head 1, rows 0, 5, 11, cols 0..11.
  Matrix expected(3, 12);
  expected << 0.5, 1, 0, 0, 0, 0, 0, 1.75, 1.75, 1.75, 1.75, 1.75,  //
      1.25, 1.25, 1.25, 1.25, 2.25, 0.5, 1, 0, 0, 0, 0, 0,          //
      0.25, 0.25, 0.25, 0.25, 0.25, 1.25, 1.25, 1.25, 1.25, 1.25, 2.25, 0.5;
  const auto scheme = makeT5Scheme();
  const std::vector<Index> cols = allCols();
  for (const std::string& table :
       {file("t5.safetensors"), file("encoder.npy"), file("t5.safetensors") + ":" + kEncoderName}) {
    SCOPED_TRACE(table);
    const ParamSet p = makeParams(*scheme, sets(table));
    EXPECT_MATRIX_NEAR(scheme->evaluate(p, "bias", kRows, cols), expected, 0.0);
  }
}

TEST_F(T5Table, DecoderStackReadsTheDecodersTableUnidirectionally) {
  // tests/reference/t5_table_bias.py: decoder (bidirectional = False), head 1.
  Matrix expected(3, 12);
  expected << -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,       //
      -2.5, -2.5, -0.75, -1.75, -2.75, -1, -1, -1, -1, -1, -1, -1,  //
      -0.5, -0.5, -0.5, -1.5, -1.5, -1.5, -2.5, -2.5, -0.75, -1.75, -2.75, -1;
  const auto scheme = makeT5Scheme();
  const ParamSet p = makeParams(*scheme, sets(file("t5.safetensors"),
                                              {{"stack", "decoder"}, {"bidirectional", "false"}}));
  EXPECT_MATRIX_NEAR(scheme->evaluate(p, "bias", kRows, allCols()), expected, 0.0);
  // A named tensor wins over `stack`: the decoder's table read with the encoder's buckets.
  const ParamSet named = makeParams(*scheme, sets(file("t5.safetensors") + ":" + kDecoderName));
  const T5Params tp = t5ParamsFrom(named);
  for (Index i : kRows)
    for (Index j : allCols())
      EXPECT_EQ(scheme->evaluate(named, "bias", std::vector<Index>{i}, std::vector<Index>{j})(0, 0),
                t5TestTable(t5Bucket(j - i, true, kBuckets, 20), 1, true));
  EXPECT_EQ(t5StackTensorName(tp), kEncoderName);
}

TEST_F(T5Table, EveryCellIsTheFileValueOfItsBucketAndTheReadoutSaysSo) {
  const auto scheme = makeT5Scheme();
  const ParamSet p = makeParams(*scheme, sets(file("t5.safetensors"), {{"length", "64"}}));
  const MatrixResult m = computeMatrix(*scheme, p, "bias");
  for (Index i = 0; i < 64; ++i)
    for (Index j = 0; j < 64; ++j)
      ASSERT_EQ(m.values(i, j), t5TestTable(t5Bucket(j - i, true, kBuckets, 20), 1, false));
  const std::vector<Term> terms = scheme->explainCell(p, "bias", 40, 3);
  ASSERT_EQ(terms.size(), 5U);
  EXPECT_EQ(terms[4].name, "bias table[bucket][h] (the file's trained table)");
  EXPECT_EQ(terms[4].value, m.values(40, 3));
  EXPECT_EQ(scheme->explainCell(makeParams(*scheme, {}), "bias", 0, 0)[4].name,
            "bias table[bucket][h] (random stand-in)");
  const std::vector<double> values = tableValues(false);
  const Matrix stored = Eigen::Map<const Matrix>(values.data(), kBuckets, kHeads);
  EXPECT_MATRIX_NEAR(t5BiasTable(t5ParamsFrom(p)), stored, 0.0);
}

TEST_F(T5Table, CurvesHoldEveryHeadsBiasAgainstR) {
  // tests/reference/t5_table_bias.py: curves (encoder) at these offsets, one row per head.
  const std::vector<Index> offsets = {-30, -19, -8, -3, -1, 0, 1, 2, 5, 19, 30};
  Matrix expected(3, 11);
  expected << 1.25, 1.25, 1.25, -0.5, 0.5, -1.25, -0.75, 1, 1, 0, 0,  //
      0.25, 0.25, 0.25, 1.25, 2.25, 0.5, 1, 0, 0, 1.75, 1.75,         //
      2, 2, 2, 3, 1.25, 2.25, 2.75, 1.75, 1.75, 0.75, 0.75;
  const auto scheme = makeT5Scheme();
  const ParamSet p = makeParams(*scheme, sets(file("t5.safetensors")));
  EXPECT_MATRIX_NEAR(t5BiasCurves(t5ParamsFrom(p), offsets), expected, 0.0);

  // The view: x = -R .. R, R = max(length - 1, max_distance) = 20; one curve per head, and
  // the curve of `head` is the bias view's value at every j - i = r.
  const SeriesResult s = scheme->series(p, "curves");
  ASSERT_EQ(s.x.size(), 41U);
  EXPECT_EQ(s.x.front(), -20);
  EXPECT_EQ(s.x.back(), 20);
  ASSERT_EQ(s.curves.size(), 3U);
  EXPECT_EQ(s.curves[2].name, "head 2");
  for (std::size_t k = 0; k < s.x.size(); ++k) {
    const auto r = static_cast<Index>(s.x[k]);
    for (std::int64_t h = 0; h < kHeads; ++h)
      EXPECT_EQ(s.curves[static_cast<std::size_t>(h)].y[k],
                t5TestTable(t5Bucket(r, true, kBuckets, 20), h, false));
    if (r > -12 && r < 12) {
      const Index i = r < 0 ? -r : 0;
      EXPECT_EQ(s.curves[1].y[k], scheme->evaluate(p, "bias", std::vector<Index>{i},
                                                   std::vector<Index>{i + r})(0, 0));
    }
  }
}

TEST(T5Curves, StandInCurvesAreTheSeedsTableAndSampleLongRanges) {
  const auto scheme = makeT5Scheme();
  const ParamSet p = makeParams(*scheme, {});
  const SeriesResult s = scheme->series(p, "curves");
  ASSERT_EQ(s.curves.size(), 8U);
  ASSERT_EQ(s.x.size(), 2U * 128 + 1);  // R = max(127, 128)
  for (std::size_t k = 0; k < s.x.size(); k += 17) {
    const std::int64_t b = t5Bucket(static_cast<Index>(s.x[k]), true, 32, 128);
    EXPECT_EQ(s.curves[5].y[k], normal(0, Tensor::T5Bias, static_cast<std::uint64_t>(b), 5));
  }
  // A million positions: at most kExtrapolationPoints + 3 offsets, r = 0 and both ends kept.
  const SeriesResult far = scheme->series(makeParams(*scheme, {{"length", "1048576"}}), "curves");
  EXPECT_LE(far.x.size(), 8192U + 3);
  EXPECT_EQ(far.x.front(), -1048575);
  EXPECT_EQ(far.x.back(), 1048575);
  EXPECT_NE(std::find(far.x.begin(), far.x.end(), 0.0), far.x.end());
  EXPECT_TRUE(std::is_sorted(far.x.begin(), far.x.end()));
}

TEST_F(T5Table, StandInSeedOnlyWithoutATable) {
  const auto scheme = makeT5Scheme();
  EXPECT_EQ(standInSeed(*scheme, makeParams(*scheme, {{"seed", "7"}}), "bias"), 7U);
  EXPECT_EQ(standInSeed(*scheme, makeParams(*scheme, {{"seed", "7"}}), "curves"), 7U);
  const ParamSet trained = makeParams(*scheme, sets(file("t5.safetensors")));
  EXPECT_FALSE(standInSeed(*scheme, trained, "bias").has_value());
  EXPECT_FALSE(standInSeed(*scheme, trained, "curves").has_value());
}

TEST_F(T5Table, RefusalsNameTheParameter) {
  const auto scheme = makeT5Scheme();
  EXPECT_EQ(refusedParam(*scheme, sets(file("t5.safetensors"), {{"heads", "4"}})), "table");
  EXPECT_EQ(refusedParam(*scheme, sets(file("t5.safetensors"), {{"buckets", "16"}})), "table");
  EXPECT_EQ(refusedParam(*scheme, sets(file("missing.npy"))), "table");
  EXPECT_EQ(refusedParam(*scheme, sets(file("t5.safetensors") + ":nope")), "table");
  EXPECT_EQ(refusedParam(*scheme, {{"stack", "decoder"}}), "bidirectional");
  EXPECT_EQ(refusedParam(*scheme, {{"stack", "decoder"}, {"bidirectional", "false"}}),
            "(accepted)");
  try {
    (void)makeParams(*scheme, sets(file("t5.safetensors"), {{"heads", "4"}}));
    FAIL() << "a 8 x 3 table taken for 4 heads";
  } catch (const ParamError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("8 x 4"), std::string::npos) << what;
    EXPECT_NE(what.find("this one is 8 x 3"), std::string::npos) << what;
    EXPECT_NE(what.find("heads = 3"), std::string::npos) << what;
  }
  test::writeNpy(m_dir / "transposed.npy", {kHeads, kBuckets}, tableValues(false));
  try {
    (void)makeParams(*scheme, sets(file("transposed.npy")));
    FAIL() << "a transposed table taken";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "table");
    EXPECT_NE(std::string(e.what()).find("transposed"), std::string::npos) << e.what();
  }
}

TEST_F(T5Table, AModelFolderDrawsItsEncoderTable) {
  // config.json + model.safetensors -> modelSetup -> table = FILE (fileOnly), stack picks.
  {
    std::ofstream cfg(m_dir / "config.json");
    cfg << R"({"model_type": "t5", "num_heads": 3, "relative_attention_num_buckets": 8,
               "relative_attention_max_distance": 20})";
  }
  fs::copy_file(m_dir / "t5.safetensors", m_dir / "model.safetensors");
  const ModelMapping m = mapConfig(R"({"model_type": "t5", "num_heads": 3})", "c");
  ASSERT_EQ(m.tensors.size(), 2U);
  for (const TensorUse& use : m.tensors) {
    EXPECT_EQ(use.param, "table");
    EXPECT_TRUE(use.fileOnly);
  }
  const ModelSetup setup = modelSetup(m_dir.string(), m_dir / "no-cache");
  EXPECT_EQ(setup.scheme, "t5");
  const auto scheme = makeT5Scheme();
  Sets params = setup.params;
  const auto table = std::find_if(params.begin(), params.end(),
                                  [](const auto& kv) { return kv.first == "table"; });
  ASSERT_NE(table, params.end());
  EXPECT_EQ(fs::path(table->second), m_dir / "model.safetensors");
  params.emplace_back("head", "2");
  const ParamSet p = makeParams(*scheme, params);
  EXPECT_EQ(scheme->evaluate(p, "bias", std::vector<Index>{5}, std::vector<Index>{0})(0, 0),
            t5TestTable(t5Bucket(-5, true, kBuckets, 20), 2, false));
}

}  // namespace
}  // namespace posenc
