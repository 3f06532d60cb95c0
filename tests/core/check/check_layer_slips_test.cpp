// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's slips of partial rotary and of a model's layers (issue 29 item 5): each
// engineer's array is built here with the canonical formula and the one slip written in
// directly (huggingface/transformers, src/transformers/modeling_rope_utils.py:
// _compute_default_rope_parameters, dim = int(head_dim * partial_rotary_factor), inv_freq =
// 1 / base^(arange(0, dim, 2) / dim); _compute_proportional_rope_parameters, the exponent over
// head_dim and rope_angles = int(partial_rotary_factor * head_dim // 2) turning pairs;
// _compute_linear_scaling_rope_parameters, inv_freq /= factor), and the check must name that
// slip first, explaining every cell, while the right array passes with no diagnosis.
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "posenc/check/check.hpp"
#include "posenc/models/model_config.hpp"
#include "support/slip_messages.hpp"

namespace posenc {
namespace {

using test::expectNamed;

namespace fs = std::filesystem;
using Sets = std::vector<std::pair<std::string, std::string>>;

const fs::path kConfigs = fs::path(POSENC_TEST_DATA_DIR) / "model-configs";

ModelMapping mapFile(const std::string& name) {
  std::ifstream in(kConfigs / name, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return mapConfig(s.str(), name);
}

/// A cos cache (length x cols, half layout: column c holds pair c mod cols/2) of per-pair
/// frequencies `theta`, in float64 as numpy writes it: cos(m theta_k).
Matrix cosCache(Index length, const std::vector<double>& theta) {
  const auto half = static_cast<Index>(theta.size());
  Matrix out(length, 2 * half);
  for (Index m = 0; m < length; ++m)
    for (Index c = 0; c < 2 * half; ++c)
      out(m, c) = std::cos(static_cast<double>(m) * theta[static_cast<std::size_t>(c % half)]);
  return out;
}

/// inv_freq = 1 / base^(2k / over) for k < pairs, divided by a linear factor; pairs up to
/// `total` past `pairs` at frequency 0 (proportional partial rotary).
std::vector<double> invFreq(double base, Index pairs, double over, double factor = 1,
                            Index total = 0) {
  std::vector<double> out;
  for (Index k = 0; k < std::max(pairs, total); ++k)
    out.push_back(k < pairs ? 1.0 / std::pow(base, static_cast<double>(2 * k) / over) / factor
                            : 0.0);
  return out;
}

CheckReport check(const ParamSet& params, const Matrix& yours, const CheckOptions& options = {}) {
  return checkArray(findScheme("rope"), params, "cos", test::asAgainst(yours), options);
}

ParamSet rope(const Sets& sets) { return makeParams(findScheme("rope"), sets); }

bool names(const CheckReport& r, const std::string& id) {
  for (const Slip& s : r.diagnosis)
    if (s.id == id) return true;
  return false;
}

// ---- Partial rotary, no model needed ---------------------------------------------------

TEST(CheckPartialRotary, ExponentOverTheHeadDimIsNamedNotAnotherBase) {
  // head_dim 16, partial_rotary_factor 0.5: d_rot = 8 dims rotate, θₖ = 10000^(−2k/8).
  const ParamSet p = rope({{"length", "40"}, {"dim", "16"}, {"partial_rotary_factor", "0.5"}});
  const CheckReport right = check(p, cosCache(40, invFreq(10000, 4, 8)));
  EXPECT_TRUE(right.matches()) << checkReportText(right);
  EXPECT_TRUE(right.diagnosis.empty());
  // The slip: 10000^(−2k/16) for the 4 rotated pairs (read as a base, 100).
  const CheckReport r = check(p, cosCache(40, invFreq(10000, 4, 16)));
  ASSERT_NO_FATAL_FAILURE(expectNamed(r, "rotary_exponent"));
  EXPECT_FALSE(names(r, "base")) << checkReportText(r);
  EXPECT_NE(r.diagnosis.front().text.find("base^(−2k/16)"), std::string::npos);
}

TEST(CheckPartialRotary, ProportionalTakenForPlainIsNamedFromItsShape) {
  // Ours plain: d_rot = 8 columns. Yours proportional: 16 columns, θₖ = 10000^(−2k/16) for
  // k < int(0.5 · 16 // 2) = 4, the other 4 pairs at frequency 0.
  const ParamSet p = rope({{"length", "24"}, {"dim", "16"}, {"partial_rotary_factor", "0.5"}});
  const CheckReport r = check(p, cosCache(24, invFreq(10000, 4, 16, 1, 8)));
  EXPECT_FALSE(r.shapeMatches);
  ASSERT_NO_FATAL_FAILURE(expectNamed(r, "partial_rotary", "partial_rotary=proportional"));
  EXPECT_NE(r.diagnosis.front().text.find("proportional partial RoPE"), std::string::npos);
}

TEST(CheckPartialRotary, PlainTakenForProportionalIsNamed) {
  const ParamSet p = rope({{"length", "24"},
                           {"dim", "16"},
                           {"partial_rotary_factor", "0.5"},
                           {"partial_rotary", "proportional"}});
  const CheckReport right = check(p, cosCache(24, invFreq(10000, 4, 16, 1, 8)));
  EXPECT_TRUE(right.matches()) << checkReportText(right);
  const CheckReport r = check(p, cosCache(24, invFreq(10000, 4, 8)));
  ASSERT_NO_FATAL_FAILURE(expectNamed(r, "partial_rotary", "partial_rotary=plain"));
  EXPECT_NE(r.diagnosis.front().text.find("plain partial RoPE"), std::string::npos);
}

// ---- A model's layers (Gemma 3: local base 10000, global 1e6 with linear x8) -------------

/// Layer `index` of `m` as the check's parameters, 48 positions (the layer's own otherwise).
ParamSet layerParams(const ModelMapping& m, std::size_t index) {
  Sets sets = m.layers[index].params;
  sets.emplace_back("length", "48");
  return rope(sets);
}

CheckOptions withLayer(const ModelMapping& m, std::int64_t index) {
  CheckOptions o;
  o.layer = CheckLayer{m, index};
  return o;
}

TEST(CheckModelLayers, LocalLayerWithTheGlobalBaseAndScaling) {
  const ModelMapping m = mapFile("medgemma_27b_it.json");
  ASSERT_EQ(m.layers[0].type, "sliding_attention");
  ASSERT_EQ(m.layers[5].type, "full_attention");
  const ParamSet p = layerParams(m, 0);
  const CheckReport right = check(p, cosCache(48, invFreq(10000, 64, 128)), withLayer(m, 0));
  EXPECT_TRUE(right.matches()) << checkReportText(right);
  // Layer 0 computed as the global layers: base 1e6, inv_freq /= 8.
  const Matrix global = cosCache(48, invFreq(1e6, 64, 128, 8));
  const CheckReport r = check(p, global, withLayer(m, 0));
  ASSERT_NO_FATAL_FAILURE(expectNamed(r, "layer_rope", "base=1000000 scaling=linear factor=8"));
  EXPECT_NE(r.diagnosis.front().text.find("layer 0's (sliding_attention)"), std::string::npos);
  // Without the model, no layer is named.
  EXPECT_FALSE(names(check(p, global), "layer_rope"));
}

TEST(CheckModelLayers, LocalLayerWithTheGlobalBaseOnly) {
  const ModelMapping m = mapFile("medgemma_27b_it.json");
  const CheckReport r =
      check(layerParams(m, 0), cosCache(48, invFreq(1e6, 64, 128)), withLayer(m, 0));
  ASSERT_NO_FATAL_FAILURE(expectNamed(r, "layer_base", "base=1000000"));
  EXPECT_FALSE(names(r, "base")) << checkReportText(r);
  EXPECT_NE(r.diagnosis.front().text.find("full_attention layers' base 1000000"),
            std::string::npos);
}

TEST(CheckModelLayers, FullLayersScalingOnASlidingLayer) {
  // Gemma 3 scales its global layers only: linear x8 on a local one (base 10000 kept).
  const ModelMapping m = mapFile("medgemma_27b_it.json");
  const CheckReport r =
      check(layerParams(m, 0), cosCache(48, invFreq(10000, 64, 128, 8)), withLayer(m, 0));
  ASSERT_NO_FATAL_FAILURE(expectNamed(r, "sliding_scaling", "scaling=linear factor=8"));
  EXPECT_NE(r.diagnosis.front().text.find("a window of 1024 tokens"), std::string::npos);
}

TEST(CheckModelLayers, GlobalLayerWithTheLocalBaseAndNoScaling) {
  const ModelMapping m = mapFile("medgemma_27b_it.json");
  const ParamSet p = layerParams(m, 5);
  const CheckReport right = check(p, cosCache(48, invFreq(1e6, 64, 128, 8)), withLayer(m, 5));
  EXPECT_TRUE(right.matches()) << checkReportText(right);
  const CheckReport r = check(p, cosCache(48, invFreq(10000, 64, 128)), withLayer(m, 5));
  ASSERT_NO_FATAL_FAILURE(expectNamed(r, "layer_rope", "base=10000 scaling=none factor=1"));
}

TEST(CheckModelLayers, AModelThatScalesEveryLayerHasNoScalingSlip) {
  // gpt-oss applies YaRN to its sliding and full layers alike: nothing to propose.
  const ModelMapping m = mapFile("gpt_oss_20b.json");
  ASSERT_EQ(m.layers[0].type, "sliding_attention");
  // Yours without the scaling: whatever it is named, not a slip of the model's layers.
  const CheckReport r =
      check(layerParams(m, 0), cosCache(48, invFreq(150000, 32, 64)), withLayer(m, 0));
  for (const char* id : {"sliding_scaling", "layer_scaling", "layer_rope", "layer_base"})
    EXPECT_FALSE(names(r, id)) << id << "\n" << checkReportText(r);
}

// ---- RoPE on a NoPE layer (check.hpp checkView) ---------------------------------------------

/// Llama 4 Scout's RoPE layers' cos cache over `length` positions, computed here:
/// inv_freq = 1 / 500000^(2k/128) under transformers' _compute_llama3_parameters
/// (modeling_rope_utils.py) with factor 16, low_freq_factor = high_freq_factor = 1 and
/// original_max_position_embeddings 8192: a wavelength 2π/inv_freq above 8192 divides
/// inv_freq by 16, one below keeps it (the smooth band between is empty when the two
/// factors are equal).
std::vector<double> llama4Theta() {
  std::vector<double> theta = invFreq(500000, 64, 128);
  for (double& t : theta)
    if (2 * std::numbers::pi / t > 8192) t /= 16;
  return theta;
}

Matrix llama4Cos(Index length) { return cosCache(length, llama4Theta()); }

/// Layer 3 of Llama 4 Scout (no positional encoding) over 16 positions.
ParamSet nopeLayer3(const ModelMapping& m) {
  Sets sets = m.layers[3].params;
  sets.emplace_back("length", "16");
  return makeParams(findScheme("nope"), sets);
}

TEST(CheckRopeOnNope, TheCosOfTheRopeLayersAskedOfANopeLayerIsTheSlip) {
  const ModelMapping m = mapFile("llama4_scout_excerpt.json");
  ASSERT_EQ(m.layers[3].scheme, "nope");
  ASSERT_EQ(m.layers[0].scheme, "rope");
  const std::optional<std::int64_t> longRange = longRangeLayer(m);
  ASSERT_TRUE(longRange);
  const CheckReport r = checkView(findScheme("nope"), nopeLayer3(m), "cos",
                                  test::asAgainst(llama4Cos(16)), withLayer(m, 3), {}, {});
  EXPECT_FALSE(r.matches()) << checkReportText(r);
  EXPECT_EQ(r.mismatches, 0) << checkReportText(r);
  EXPECT_EQ(r.viewOfLayer, longRange);
  EXPECT_EQ(r.scheme, "rope");
  ASSERT_EQ(r.diagnosis.size(), 1U);
  EXPECT_EQ(r.diagnosis[0].id, "rope_on_nope");
  EXPECT_TRUE(r.diagnosis[0].explains);
  EXPECT_EQ(r.diagnosis[0].text, r.diagnosis[0].detail.english());
  EXPECT_NE(r.diagnosis[0].text.find("layer 3 (full_attention) is nope, which has no cos view"),
            std::string::npos)
      << r.diagnosis[0].text;
  const std::string text = checkReportText(r);
  EXPECT_NE(text.find("MISMATCH: every cell is layer"), std::string::npos) << text;
  std::ostringstream json;
  writeCheckReportJson(json, r);
  EXPECT_NE(json.str().find("\"view_of_layer\": " + std::to_string(*longRange)), std::string::npos)
      << json.str();
}

TEST(CheckRopeOnNope, AnArrayThatIsNeitherLayersViewIsRefusedNamingBoth) {
  const ModelMapping m = mapFile("llama4_scout_excerpt.json");
  Matrix wrong = llama4Cos(16);
  wrong(5, 7) += 0.25;  // one cell off: not the RoPE layers' cos either
  try {
    (void)checkView(findScheme("nope"), nopeLayer3(m), "cos", test::asAgainst(wrong),
                    withLayer(m, 3), {}, {});
    FAIL() << "a cos view of a NoPE layer accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "view");
    EXPECT_NE(std::string(e.what()).find("which has no cos view"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("of the model's rope layers"), std::string::npos)
        << e.what();
  }
  // Without the model the view is simply not the scheme's.
  EXPECT_THROW((void)checkView(findScheme("nope"), nopeLayer3(m), "cos",
                               test::asAgainst(llama4Cos(16)), {}, {}, {}),
               ParamError);
}

TEST(CheckRopeOnNope, YoursAgainstTheLayersOwnViewIsTriedOnTheRopeLayersViews) {
  // The window checks the view it shows: the NoPE layer's mask (16 x 16) against a cos cache
  // (16 x 128). The shapes differ; the diagnosis finds yours is the RoPE layers' cos.
  const ModelMapping m = mapFile("llama4_scout_excerpt.json");
  const CheckReport r = checkView(findScheme("nope"), nopeLayer3(m), "mask",
                                  test::asAgainst(llama4Cos(16)), withLayer(m, 3), {}, {});
  EXPECT_FALSE(r.shapeMatches);
  EXPECT_FALSE(r.viewOfLayer);
  ASSERT_FALSE(r.diagnosis.empty()) << checkReportText(r);
  EXPECT_EQ(r.diagnosis[0].id, "rope_on_nope");
  // The sin cache is named as sin.
  Matrix sin = llama4Cos(16);
  const std::vector<double> theta = llama4Theta();
  for (Index i = 0; i < sin.rows(); ++i)
    for (Index c = 0; c < sin.cols(); ++c)
      sin(i, c) = std::sin(static_cast<double>(i) * theta[static_cast<std::size_t>(c % 64)]);
  const CheckReport rs = checkView(findScheme("nope"), nopeLayer3(m), "mask", test::asAgainst(sin),
                                   withLayer(m, 3), {}, {});
  ASSERT_FALSE(rs.diagnosis.empty()) << checkReportText(rs);
  EXPECT_EQ(rs.diagnosis[0].id, "rope_on_nope");
  EXPECT_NE(rs.diagnosis[0].text.find("is the sin of"), std::string::npos) << rs.diagnosis[0].text;
  // Without the model, or on a RoPE layer, nothing of the kind is named.
  const CheckReport alone = checkView(findScheme("nope"), nopeLayer3(m), "mask",
                                      test::asAgainst(llama4Cos(16)), {}, {}, {});
  EXPECT_FALSE(names(alone, "rope_on_nope"));
  Sets sets = m.layers[0].params;
  sets.emplace_back("length", "16");
  Matrix off = llama4Cos(16);
  off(3, 3) += 0.5;
  const CheckReport ropeLayer = checkView(findScheme("rope"), rope(sets), "cos",
                                          test::asAgainst(off), withLayer(m, 0), {}, {});
  EXPECT_FALSE(names(ropeLayer, "rope_on_nope")) << checkReportText(ropeLayer);
}

TEST(CheckRopeOnNope, ALongLayerIsNotComputedToLearnTheShapesDiffer) {
  // Llama 4 draws 2^20 positions: the NoPE layer's mask is 2^20 x 2^20 (8 TiB of doubles).
  // A 16 x 128 cache against it is a shape mismatch known from the shapes alone; with the
  // rows it holds given, it is the RoPE layers' cos (16 x 128 of 2^20 x 128).
  const ModelMapping m = mapFile("llama4_scout_excerpt.json");
  Sets sets = m.layers[3].params;
  sets.emplace_back("length", "1048576");
  const ParamSet p = makeParams(findScheme("nope"), sets);
  const Against yours = test::asAgainst(llama4Cos(16));
  const CheckReport whole =
      checkView(findScheme("nope"), p, "mask", yours, withLayer(m, 3), {}, {});
  EXPECT_FALSE(whole.shapeMatches);
  EXPECT_EQ(whole.oursShape.rows, 1048576);
  EXPECT_FALSE(names(whole, "rope_on_nope"));
  const CheckReport rows =
      checkView(findScheme("nope"), p, "mask", yours, withLayer(m, 3), IndexRange{0, 16}, {});
  ASSERT_FALSE(rows.diagnosis.empty()) << checkReportText(rows);
  EXPECT_EQ(rows.diagnosis[0].id, "rope_on_nope");
}

}  // namespace
}  // namespace posenc
