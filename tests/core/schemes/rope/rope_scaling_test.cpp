// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of RoPE's scalings (yarn, llama3, longrope), partial rotary, the attention factor and
// the cos / sin caches (rope_scaling.cpp, rope_views.cpp), against:
//  - Hugging Face transformers' own expected values, tests/utils/test_modeling_rope_utils.py
//    (test_default_rope_numerically, test_yarn_rope_numerically, test_llama3_rope_numerically:
//    EXPECTED_INV_FREQ copied verbatim, 5 significant digits; test_longrope_rope_numerically's
//    relations), identical in the file at commit e42e4a43c16b458045aa7b0f721cfe4015680880 and
//    in the v5 main-branch text;
//  - full-precision numbers printed by tests/reference/rope_scaling.py, a numpy re-implementation
//    of transformers' src/transformers/modeling_rope_utils.py (_compute_yarn_parameters,
//    _compute_llama3_parameters, _compute_longrope_parameters; v5 main, after PR #40320) and of
//    Meta's apply_scaling (meta-llama/llama-models), in float64.
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "posenc/modes/animation.hpp"
#include "posenc/modes/compare.hpp"
#include "posenc/schemes/rope/rope.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;

/// |actual(k) - expected[k]| <= rel |expected[k]| for every k (and the same length).
void expectRelative(const Vector& actual, const std::vector<double>& expected, double rel) {
  ASSERT_EQ(actual.size(), static_cast<Index>(expected.size()));
  for (Index k = 0; k < actual.size(); ++k) {
    const double e = expected[static_cast<std::size_t>(k)];
    EXPECT_NEAR(actual(k), e, rel * std::fabs(e)) << "k = " << k;
  }
}

/// HF's test config: LlamaConfig() (hidden 4096, 32 heads: head_dim 128), rope_theta 1e4,
/// max_position_embeddings 2048 (= original_max_position_embeddings).
RopeParams hfTestConfig(RopeScaling scaling, double factor) {
  RopeParams p;
  p.dim = 128;
  p.base = 10000.0;
  p.scaling = scaling;
  p.factor = factor;
  p.trainLength = 2048;
  return p;
}

// HF's EXPECTED_INV_FREQ (5 significant digits: relative error below 5e-5).
constexpr double kHfDigits = 5e-5;
// The numpy reference in float64: a few ulp apart from pow / log orderings.
constexpr double kNumpy = 1e-13;

const std::vector<double> kHfDefault = {
    1.0000e+00, 8.6596e-01, 7.4989e-01, 6.4938e-01, 5.6234e-01, 4.8697e-01, 4.2170e-01, 3.6517e-01,
    3.1623e-01, 2.7384e-01, 2.3714e-01, 2.0535e-01, 1.7783e-01, 1.5399e-01, 1.3335e-01, 1.1548e-01,
    1.0000e-01, 8.6596e-02, 7.4989e-02, 6.4938e-02, 5.6234e-02, 4.8697e-02, 4.2170e-02, 3.6517e-02,
    3.1623e-02, 2.7384e-02, 2.3714e-02, 2.0535e-02, 1.7783e-02, 1.5399e-02, 1.3335e-02, 1.1548e-02,
    1.0000e-02, 8.6596e-03, 7.4989e-03, 6.4938e-03, 5.6234e-03, 4.8697e-03, 4.2170e-03, 3.6517e-03,
    3.1623e-03, 2.7384e-03, 2.3714e-03, 2.0535e-03, 1.7783e-03, 1.5399e-03, 1.3335e-03, 1.1548e-03,
    1.0000e-03, 8.6596e-04, 7.4989e-04, 6.4938e-04, 5.6234e-04, 4.8697e-04, 4.2170e-04, 3.6517e-04,
    3.1623e-04, 2.7384e-04, 2.3714e-04, 2.0535e-04, 1.7783e-04, 1.5399e-04, 1.3335e-04, 1.1548e-04};
const std::vector<double> kHfYarn = {
    1.0000e+00, 8.6596e-01, 7.4989e-01, 6.4938e-01, 5.6234e-01, 4.8697e-01, 4.2170e-01, 3.6517e-01,
    3.1623e-01, 2.7384e-01, 2.3714e-01, 2.0535e-01, 1.7783e-01, 1.5399e-01, 1.3335e-01, 1.1548e-01,
    1.0000e-01, 8.3479e-02, 6.9590e-02, 5.7925e-02, 4.8136e-02, 3.9931e-02, 3.3061e-02, 2.7315e-02,
    2.2515e-02, 1.8512e-02, 1.5177e-02, 1.2403e-02, 1.0101e-02, 8.1924e-03, 6.6143e-03, 5.3120e-03,
    4.2400e-03, 3.3599e-03, 2.6396e-03, 2.0520e-03, 1.5746e-03, 1.1882e-03, 8.7713e-04, 6.2810e-04,
    4.3007e-04, 2.7384e-04, 2.3714e-04, 2.0535e-04, 1.7783e-04, 1.5399e-04, 1.3335e-04, 1.1548e-04,
    1.0000e-04, 8.6596e-05, 7.4989e-05, 6.4938e-05, 5.6234e-05, 4.8697e-05, 4.2170e-05, 3.6517e-05,
    3.1623e-05, 2.7384e-05, 2.3714e-05, 2.0535e-05, 1.7783e-05, 1.5399e-05, 1.3335e-05, 1.1548e-05};
const std::vector<double> kHfLlama3 = {
    1.0000e+00, 8.6596e-01, 7.4989e-01, 6.4938e-01, 5.6234e-01, 4.8697e-01, 4.2170e-01, 3.6517e-01,
    3.1623e-01, 2.7384e-01, 2.3714e-01, 2.0535e-01, 1.7783e-01, 1.5399e-01, 1.3335e-01, 1.1548e-01,
    1.0000e-01, 8.6596e-02, 7.4989e-02, 6.4938e-02, 5.6234e-02, 4.8697e-02, 4.2170e-02, 3.6517e-02,
    3.1623e-02, 2.7384e-02, 2.3714e-02, 2.0535e-02, 1.7783e-02, 1.5399e-02, 1.3335e-02, 1.0730e-02,
    7.7785e-03, 5.6009e-03, 3.9991e-03, 2.8248e-03, 1.9675e-03, 1.3449e-03, 8.9549e-04, 5.7363e-04,
    3.4539e-04, 2.7384e-04, 2.3714e-04, 2.0535e-04, 1.7783e-04, 1.5399e-04, 1.3335e-04, 1.1548e-04,
    1.0000e-04, 8.6596e-05, 7.4989e-05, 6.4938e-05, 5.6234e-05, 4.8697e-05, 4.2170e-05, 3.6517e-05,
    3.1623e-05, 2.7384e-05, 2.3714e-05, 2.0535e-05, 1.7783e-05, 1.5399e-05, 1.3335e-05, 1.1548e-05};

// ---------------------------------------------------------------- HF's own expected values

TEST(RopeHfExpected, DefaultInvFreq) {
  const RopeParams p = hfTestConfig(RopeScaling::None, 1.0);
  expectRelative(ropeScaledFrequencies(p), kHfDefault, kHfDigits);
  EXPECT_EQ(ropeAttentionFactor(p), 1.0);
}

TEST(RopeHfExpected, YarnInvFreqAndAttentionFactor) {
  // {"rope_type": "yarn", "rope_theta": 10000.0, "factor": 10.0, "beta_fast": 32, "beta_slow": 1}
  const RopeParams p = hfTestConfig(RopeScaling::Yarn, 10.0);
  expectRelative(ropeScaledFrequencies(p), kHfYarn, kHfDigits);
  // rope_scaling.py "yarn HF test" (range (16, 41), attention 1.2302585092994045).
  expectRelative(ropeScaledFrequencies(p),
                 {1.0,
                  0.8659643233600655,
                  0.7498942093324559,
                  0.6493816315762113,
                  0.5623413251903491,
                  0.48696752516586317,
                  0.4216965034285823,
                  0.3651741272548377,
                  0.31622776601683794,
                  0.27384196342643613,
                  0.23713737056616555,
                  0.2053525026457146,
                  0.1778279410038923,
                  0.1539926526059492,
                  0.1333521432163324,
                  0.11547819846894583,
                  0.1,
                  0.0834789607719103,
                  0.0695901826260519,
                  0.05792484153659805,
                  0.04813641743629388,
                  0.03993133706360078,
                  0.03306100586880085,
                  0.02731502471866186,
                  0.02251541694039886,
                  0.018511716727627085,
                  0.015176791716234591,
                  0.012403291159801162,
                  0.010100627049021082,
                  0.008192409118636498,
                  0.006614266303530087,
                  0.005311997129571509,
                  0.00424,
                  0.0033599415746370528,
                  0.002639627616850245,
                  0.002052045955780828,
                  0.0015745557105329773,
                  0.0011882007614047061,
                  0.0008771287271314512,
                  0.0006280994988783207,
                  0.0004300697617828997,
                  0.0002738419634264361,
                  0.00023713737056616554,
                  0.0002053525026457146,
                  0.0001778279410038923,
                  0.0001539926526059492,
                  0.0001333521432163324,
                  0.00011547819846894582,
                  0.0001,
                  8.659643233600654e-05,
                  7.498942093324559e-05,
                  6.493816315762113e-05,
                  5.6234132519034914e-05,
                  4.869675251658631e-05,
                  4.216965034285823e-05,
                  3.651741272548377e-05,
                  3.1622776601683795e-05,
                  2.7384196342643618e-05,
                  2.3713737056616554e-05,
                  2.0535250264571462e-05,
                  1.778279410038923e-05,
                  1.5399265260594922e-05,
                  1.333521432163324e-05,
                  1.1547819846894583e-05},
                 kNumpy);
  EXPECT_EQ(ropeYarnRange(p).low, 16.0);
  EXPECT_EQ(ropeYarnRange(p).high, 41.0);
  // attention_scale == 0.1 * math.log(factor) + 1.0 for factor 2, 10, 20; 0.5 when given.
  for (const double factor : {2.0, 10.0, 20.0}) {
    const RopeParams q = hfTestConfig(RopeScaling::Yarn, factor);
    EXPECT_DOUBLE_EQ(ropeAttentionFactor(q), 0.1 * std::log(factor) + 1.0);
    RopeParams given = q;
    given.attentionFactor = 0.5;
    EXPECT_EQ(ropeAttentionFactor(given), 0.5);
  }
}

TEST(RopeHfExpected, YarnBoundsAndBetaFast1000) {
  const Vector def = ropeFrequencies(128, 10000.0);
  const Vector inv = ropeScaledFrequencies(hfTestConfig(RopeScaling::Yarn, 10.0));
  for (Index k = 0; k < def.size(); ++k) {
    EXPECT_GE(inv(k), def(k) / 10.0 - 1e-8) << k;
    EXPECT_LE(inv(k), def(k) + 1e-8) << k;
  }
  RopeParams p = hfTestConfig(RopeScaling::Yarn, 10.0);
  p.betaFast = 1000;  // the ramp starts at pair 0: every pair but 0 interpolates
  const Vector wide = ropeScaledFrequencies(p);
  EXPECT_EQ(wide(0), def(0));
  for (Index k = 1; k < def.size(); ++k) EXPECT_LT(wide(k), def(k)) << k;
  for (Index k = def.size() - 20; k < def.size(); ++k)
    EXPECT_NEAR(wide(k), def(k) / 10.0, 1e-15 * def(k)) << k;
}

TEST(RopeHfExpected, Llama3InvFreqAndBounds) {
  // factor 10, original_max_position_embeddings 2048, low_freq_factor 1, high_freq_factor 4.
  const RopeParams p = hfTestConfig(RopeScaling::Llama3, 10.0);
  expectRelative(ropeScaledFrequencies(p), kHfLlama3, kHfDigits);
  expectRelative(ropeScaledFrequencies(p),
                 {1.0,
                  0.8659643233600655,
                  0.7498942093324559,
                  0.6493816315762113,
                  0.5623413251903491,
                  0.48696752516586317,
                  0.4216965034285823,
                  0.3651741272548377,
                  0.31622776601683794,
                  0.27384196342643613,
                  0.23713737056616555,
                  0.2053525026457146,
                  0.1778279410038923,
                  0.1539926526059492,
                  0.1333521432163324,
                  0.11547819846894583,
                  0.1,
                  0.08659643233600654,
                  0.07498942093324558,
                  0.06493816315762113,
                  0.056234132519034905,
                  0.04869675251658631,
                  0.042169650342858224,
                  0.03651741272548377,
                  0.03162277660168379,
                  0.027384196342643618,
                  0.02371373705661655,
                  0.02053525026457146,
                  0.01778279410038923,
                  0.01539926526059492,
                  0.01333521432163324,
                  0.010730248289300482,
                  0.007778479703566049,
                  0.005600896659058997,
                  0.003999054816185353,
                  0.0028247874366887408,
                  0.0019675441413189855,
                  0.0013449079147065449,
                  0.0008954939049763373,
                  0.0005736329713582642,
                  0.0003453924383229293,
                  0.0002738419634264361,
                  0.00023713737056616554,
                  0.0002053525026457146,
                  0.0001778279410038923,
                  0.00015399265260594922,
                  0.0001333521432163324,
                  0.00011547819846894581,
                  0.0001,
                  8.659643233600654e-05,
                  7.498942093324559e-05,
                  6.493816315762113e-05,
                  5.623413251903491e-05,
                  4.869675251658631e-05,
                  4.216965034285823e-05,
                  3.651741272548377e-05,
                  3.1622776601683795e-05,
                  2.7384196342643615e-05,
                  2.3713737056616554e-05,
                  2.0535250264571462e-05,
                  1.778279410038923e-05,
                  1.539926526059492e-05,
                  1.3335214321633239e-05,
                  1.1547819846894583e-05},
                 kNumpy);
  for (const double factor : {2.0, 10.0, 20.0})
    EXPECT_EQ(ropeAttentionFactor(hfTestConfig(RopeScaling::Llama3, factor)), 1.0);
  const Vector def = ropeFrequencies(128, 10000.0);
  const Vector inv = ropeScaledFrequencies(p);
  for (Index k = 0; k < def.size(); ++k) {
    EXPECT_LE(def(k) / 10.0, inv(k)) << k;
    EXPECT_LE(inv(k), def(k)) << k;
  }
  RopeParams wide = p;
  wide.highFreqFactor = 1000;  // every wavelength above 2048 / 1000: all pairs scaled
  const Vector all = ropeScaledFrequencies(wide);
  for (Index k = 0; k < def.size(); ++k) EXPECT_LT(all(k), def(k)) << k;
}

TEST(RopeHfExpected, LongRopeRelationsAndAttentionFactor) {
  // short_factor = [2.0] * 64, long_factor = 1, 2, ..., 64; seq_len 0 (short) and
  // max_position_embeddings + 1 (long): inv_freq == default / factor list.
  RopeParams p = hfTestConfig(RopeScaling::LongRope, 1.0);
  p.shortFactor.assign(64, 2.0);
  for (int k = 1; k <= 64; ++k) p.longFactor.push_back(k);
  const Vector def = ropeFrequencies(128, 10000.0);
  p.length = 2048;
  Vector inv = ropeScaledFrequencies(p);
  for (Index k = 0; k < def.size(); ++k) EXPECT_NEAR(inv(k), def(k) / 2.0, 1e-15 * def(k));
  p.length = 2049;
  inv = ropeScaledFrequencies(p);
  for (Index k = 0; k < def.size(); ++k)
    EXPECT_NEAR(inv(k), def(k) / static_cast<double>(k + 1), 1e-15 * def(k));
  // attention_scale == sqrt(1 + log(factor) / log(original_max_position_embeddings)).
  for (const double factor : {2.0, 10.0, 20.0}) {
    p.factor = factor;
    EXPECT_DOUBLE_EQ(ropeAttentionFactor(p), std::sqrt(1 + std::log(factor) / std::log(2048.0)));
  }
  p.attentionFactor = 0.5;
  EXPECT_EQ(ropeAttentionFactor(p), 0.5);
  p.attentionFactor = 0;
  p.factor = 1.0;
  EXPECT_EQ(ropeAttentionFactor(p), 1.0);
}

// ---------------------------------------------------------------- models' configurations

TEST(RopeModels, Llama31MatchesMetaApplyScaling) {
  // Llama 3.1: rope_theta 500000, head 128, llama3 factor 8, 1, 4, 8192.
  RopeParams p;
  p.dim = 128;
  p.base = 500000.0;
  p.scaling = RopeScaling::Llama3;
  p.factor = 8.0;
  p.trainLength = 8192;
  // rope_scaling.py "llama3 Llama-3.1" (HF = Meta apply_scaling bit for bit there).
  expectRelative(ropeScaledFrequencies(p),
                 {1.0,
                  0.8146172338565447,
                  0.6636012376960884,
                  0.540581004635767,
                  0.44036660267178046,
                  0.35873022375128993,
                  0.29222782257301516,
                  0.23805382048035076,
                  0.19392274474868576,
                  0.1579728099090432,
                  0.12868737343265052,
                  0.10483095217796996,
                  0.08539710028576561,
                  0.06956594961416032,
                  0.056669621445291044,
                  0.04616405026546052,
                  0.03760603093086393,
                  0.030634520893224042,
                  0.024955408670558694,
                  0.020329105980970156,
                  0.016560440080994446,
                  0.01349041989022675,
                  0.010989528534539824,
                  0.008952259336194401,
                  0.00729266473721711,
                  0.005940730375674967,
                  0.004839421345719893,
                  0.003942276030116656,
                  0.0032114459947525913,
                  0.002166570763503359,
                  0.0013718935677611381,
                  0.0008567514129196321,
                  0.0005248461609929549,
                  0.00031269375038406517,
                  0.00017850781276799638,
                  9.556212353964683e-05,
                  7.784655273932451e-05,
                  6.341514345777614e-05,
                  5.165906874818956e-05,
                  4.208236768725526e-05,
                  3.428102195952591e-05,
                  2.7925911282444464e-05,
                  2.2748928601828186e-05,
                  1.8531669290821308e-05,
                  1.509621717643313e-05,
                  1.2297638677963614e-05,
                  1.0017868402809974e-05,
                  8.160728247435943e-06,
                  6.647869871181236e-06,
                  5.415469365499923e-06,
                  4.411534674558404e-06,
                  3.593712173651e-06,
                  2.9274998701761677e-06,
                  2.3847918463583037e-06,
                  1.942692537204043e-06,
                  1.5825508208909103e-06,
                  1.2891731721515574e-06,
                  1.0501826834601687e-06,
                  8.55496912644366e-07,
                  6.969025285511675e-07,
                  5.677088100759837e-07,
                  4.6246538050008837e-07,
                  3.7673226901739645e-07,
                  3.068925988914511e-07},
                 kNumpy);
}

TEST(RopeModels, GptOssYarnTruncateFalseAndTrue) {
  // gpt-oss: rope_theta 150000, head_dim 64, yarn factor 32 over 4096, beta 32 / 1, truncate false.
  RopeParams p;
  p.dim = 64;
  p.base = 150000.0;
  p.scaling = RopeScaling::Yarn;
  p.factor = 32.0;
  p.trainLength = 4096;
  p.truncate = false;
  EXPECT_NEAR(ropeYarnRange(p).low, 8.092779115512402, 1e-13);
  EXPECT_NEAR(ropeYarnRange(p).high, 17.39802450158856, 1e-13);
  expectRelative(ropeScaledFrequencies(p),
                 {1.0,
                  0.6890443058881632,
                  0.4747820554769007,
                  0.3271458718642365,
                  0.2254180002028708,
                  0.15532298948448497,
                  0.10702442147781144,
                  0.07374456821026082,
                  0.050813274815461475,
                  0.03170569618466377,
                  0.019335001126540362,
                  0.011592049256286924,
                  0.00679495948973222,
                  0.0038603593171920685,
                  0.0020937923789696887,
                  0.0010526021013863359,
                  0.00045648391922324086,
                  0.00012931870124506317,
                  3.8308812373753384e-05,
                  2.6396469031472782e-05,
                  1.818833668168956e-05,
                  1.2532569824095001e-05,
                  8.63549587543848e-06,
                  5.950239261491605e-06,
                  4.09997848180298e-06,
                  2.8250668271503398e-06,
                  1.9465962110014815e-06,
                  1.3412910350540445e-06,
                  9.242089502428301e-07,
                  6.36820914615699e-07,
                  4.387978250864396e-07,
                  3.0235114281192144e-07},
                 kNumpy);
  EXPECT_DOUBLE_EQ(ropeAttentionFactor(p), 1.3465735902799727);
  p.truncate = true;
  EXPECT_EQ(ropeYarnRange(p).low, 8.0);
  EXPECT_EQ(ropeYarnRange(p).high, 18.0);
  expectRelative(ropeScaledFrequencies(p),
                 {1.0,
                  0.6890443058881632,
                  0.4747820554769007,
                  0.3271458718642365,
                  0.2254180002028708,
                  0.15532298948448497,
                  0.10702442147781144,
                  0.07374456821026082,
                  0.050813274815461475,
                  0.031620752275346484,
                  0.019450967544057934,
                  0.011792191099482284,
                  0.00701571391050439,
                  0.004069554714758243,
                  0.0022772719363418326,
                  0.001206130969041873,
                  0.0005809475019311124,
                  0.0002279477957951252,
                  3.8308812373753384e-05,
                  2.6396469031472782e-05,
                  1.818833668168956e-05,
                  1.2532569824095001e-05,
                  8.63549587543848e-06,
                  5.950239261491605e-06,
                  4.09997848180298e-06,
                  2.8250668271503398e-06,
                  1.9465962110014815e-06,
                  1.3412910350540445e-06,
                  9.242089502428301e-07,
                  6.36820914615699e-07,
                  4.387978250864396e-07,
                  3.0235114281192144e-07},
                 kNumpy);
}

TEST(RopeModels, DeepSeekV3AttentionFactorFromMscale) {
  // DeepSeek-V3: yarn factor 40 over 4096, qk_rope_head_dim 64, theta 1e4, mscale 1,
  // mscale_all_dim 1.
  RopeParams p;
  p.dim = 64;
  p.scaling = RopeScaling::Yarn;
  p.factor = 40.0;
  p.trainLength = 4096;
  p.mscale = 1.0;
  p.mscaleAllDim = 1.0;
  EXPECT_EQ(ropeAttentionFactor(p), 1.0);  // get_mscale(40, 1) / get_mscale(40, 1)
  EXPECT_EQ(ropeYarnRange(p).low, 10.0);
  EXPECT_EQ(ropeYarnRange(p).high, 23.0);
  expectRelative(ropeScaledFrequencies(p),
                 {1.0,
                  0.7498942093324559,
                  0.5623413251903491,
                  0.4216965034285823,
                  0.31622776601683794,
                  0.23713737056616555,
                  0.1778279410038923,
                  0.1333521432163324,
                  0.1,
                  0.07498942093324558,
                  0.056234132519034905,
                  0.03900692656714386,
                  0.026879360111431223,
                  0.018378146218877827,
                  0.01244795587027246,
                  0.008334508951020777,
                  0.0055,
                  0.0035619974943291656,
                  0.002249365300761396,
                  0.0013705136361428923,
                  0.0007905694150420947,
                  0.0004149903984907897,
                  0.0001778279410038922,
                  3.33380358040831e-05,
                  2.5e-05,
                  1.8747355233311396e-05,
                  1.4058533129758728e-05,
                  1.0542412585714557e-05,
                  7.905694150420949e-06,
                  5.9284342641541385e-06,
                  4.445698525097307e-06,
                  3.33380358040831e-06},
                 kNumpy);
  p.mscaleAllDim = 0.707;  // DeepSeek-V2's value
  EXPECT_DOUBLE_EQ(ropeAttentionFactor(p), 1.0857263992561355);
  p.mscaleAllDim = 0;  // a lone mscale is not used (HF: `if mscale and mscale_all_dim`)
  EXPECT_DOUBLE_EQ(ropeAttentionFactor(p), 1.3688879454113936);
  p.mscale = 0;
  EXPECT_DOUBLE_EQ(ropeAttentionFactor(p), 1.3688879454113936);
}

TEST(RopeModels, LongRopeSwitchesListsPastTrainLength) {
  // rope_scaling.py "longrope": d 8, theta 1e4, factor 4, L0 16.
  RopeParams p;
  p.dim = 8;
  p.scaling = RopeScaling::LongRope;
  p.factor = 4.0;
  p.trainLength = 16;
  p.shortFactor = {1.0, 1.5, 2.0, 3.0};
  p.longFactor = {2.0, 4.0, 8.0, 16.0};
  p.length = 16;  // = train_length: short_factor
  EXPECT_FALSE(ropeUsesLongFactor(p));
  expectRelative(ropeScaledFrequencies(p), {1.0, 0.06666666666666667, 0.005, 0.0003333333333333333},
                 kNumpy);
  p.length = 17;  // train_length + 1: long_factor
  EXPECT_TRUE(ropeUsesLongFactor(p));
  expectRelative(ropeScaledFrequencies(p), {0.5, 0.025, 0.00125, 6.25e-05}, kNumpy);
  EXPECT_DOUBLE_EQ(ropeAttentionFactor(p), 1.224744871391589);
  // Phi-3-mini-128k: factor 131072 / 4096 = 32, L0 4096.
  p.factor = 32.0;
  p.trainLength = 4096;
  EXPECT_DOUBLE_EQ(ropeAttentionFactor(p), 1.1902380714238083);
}

TEST(RopeModels, PartialRotaryGptNeoX20B) {
  // GPT-NeoX-20B: head 96, rotary_pct 0.25: d_rot = int(96 * 0.25) = 24.
  RopeParams p;
  p.dim = 96;
  p.partialRotaryFactor = 0.25;
  p.length = 40;
  EXPECT_EQ(ropeRotaryDim(p), 24);
  expectRelative(ropeScaledFrequencies(p),
                 {1.0, 0.464158883361278, 0.2154434690031884, 0.1, 0.0464158883361278,
                  0.021544346900318832, 0.01, 0.004641588833612778, 0.0021544346900318843, 0.001,
                  0.0004641588833612778, 0.00021544346900318845},
                 kNumpy);
  // Scores: the first 24 dims rotate (half layout within them), the other 72 pass.
  const Vector q = ropeQuery(p), k = ropeKey(p), theta = ropeScaledFrequencies(p);
  const std::vector<Index> rows = {0, 5, 39}, cols = {0, 17, 39};
  const Matrix s = ropeScores(p, rows, cols);
  for (std::size_t a = 0; a < rows.size(); ++a) {
    for (std::size_t b = 0; b < cols.size(); ++b) {
      const Vector qm = ropeRotate(q.head(24), static_cast<double>(rows[a]), theta, p.layout);
      const Vector kn = ropeRotate(k.head(24), static_cast<double>(cols[b]), theta, p.layout);
      const double direct = qm.dot(kn) + q.tail(72).dot(k.tail(72));
      EXPECT_NEAR(s(static_cast<Index>(a), static_cast<Index>(b)), direct, 1e-12);
    }
  }
  const auto scheme = makeRopeScheme();
  const ParamSet params =
      makeParams(*scheme, {{"dim", "96"}, {"partial_rotary_factor", "0.25"}, {"length", "40"}});
  EXPECT_EQ(scheme->shape(params, "cos").cols, 24);
  EXPECT_EQ(scheme->shape(params, "angles").cols, 12);
  EXPECT_EQ(scheme->series(params, "scale").x.size(), 12u);
  // The animation's pair 3 is dims (3, 3 + 12) of the rotated part (half layout within d_rot).
  const ParamSet pair3 =
      makeParams(*scheme, {{"dim", "96"}, {"partial_rotary_factor", "0.25"}, {"pair", "3"}});
  const AnimationFrame frame = animationFrame(*scheme, pair3, 10.0, 2);
  ASSERT_EQ(frame.hands.size(), 2u);
  EXPECT_EQ(frame.hands[0].radius, std::hypot(q(3), q(15)));
  EXPECT_EQ(frame.rate, theta(3));
}

// ---------------------------------------------------------------- the cos / sin caches

TEST(RopeCache, GoldenForBothLayouts) {
  // rope_scaling.py "cache yarn d 8": theta 1e4, factor 4, L0 64, positions 0, 1, 5.
  RopeParams p;
  p.dim = 8;
  p.scaling = RopeScaling::Yarn;
  p.factor = 4.0;
  p.trainLength = 64;
  const std::vector<Index> rows = {0, 1, 5}, cols = {0, 1, 2, 3, 4, 5, 6, 7};
  const auto flat = [](const Matrix& m) {
    Vector v(m.size());
    for (Index r = 0; r < m.rows(); ++r)
      for (Index c = 0; c < m.cols(); ++c) v(r * m.cols() + c) = m(r, c);
    return v;
  };
  const auto expectCells = [&](const Matrix& m, const std::vector<double>& want) {
    const Vector v = flat(m);
    ASSERT_EQ(v.size(), static_cast<Index>(want.size()));
    for (Index i = 0; i < v.size(); ++i)
      EXPECT_NEAR(v(i), want[static_cast<std::size_t>(i)], 1e-14) << i;
  };
  expectCells(ropeCache(p, rows, cols, false),
              {1.138629436111989,   1.138629436111989,  1.138629436111989,  1.138629436111989,
               1.138629436111989,   1.138629436111989,  1.138629436111989,  1.138629436111989,
               0.6152041098606473,  1.1364062743214283, 1.1386258778968545, 1.1386294005298192,
               0.6152041098606473,  1.1364062743214283, 1.1386258778968545, 1.1386294005298192,
               0.32298611428028784, 1.0834832761083328, 1.1385404818455607, 1.1386285465578578,
               0.32298611428028784, 1.0834832761083328, 1.1385404818455607, 1.1386285465578578});
  expectCells(ropeCache(p, rows, cols, true), {0.0,
                                               0.0,
                                               0.0,
                                               0.0,
                                               0.0,
                                               0.0,
                                               0.0,
                                               0.0,
                                               0.9581236329364153,
                                               0.07111801785480887,
                                               0.002846570625100076,
                                               0.00028465735606281645,
                                               0.9581236329364153,
                                               0.07111801785480887,
                                               0.002846570625100076,
                                               0.00028465735606281645,
                                               -1.0918594061337876,
                                               0.3500585424957666,
                                               0.014232497306692637,
                                               0.0014232864244924123,
                                               -1.0918594061337876,
                                               0.3500585424957666,
                                               0.014232497306692637,
                                               0.0014232864244924123});
  p.layout = RopeLayout::Interleaved;
  expectCells(ropeCache(p, rows, cols, false),
              {1.138629436111989,   1.138629436111989,   1.138629436111989,  1.138629436111989,
               1.138629436111989,   1.138629436111989,   1.138629436111989,  1.138629436111989,
               0.6152041098606473,  0.6152041098606473,  1.1364062743214283, 1.1364062743214283,
               1.1386258778968545,  1.1386258778968545,  1.1386294005298192, 1.1386294005298192,
               0.32298611428028784, 0.32298611428028784, 1.0834832761083328, 1.0834832761083328,
               1.1385404818455607,  1.1385404818455607,  1.1386285465578578, 1.1386285465578578});
  expectCells(ropeCache(p, rows, cols, true), {0.0,
                                               0.0,
                                               0.0,
                                               0.0,
                                               0.0,
                                               0.0,
                                               0.0,
                                               0.0,
                                               0.9581236329364153,
                                               0.9581236329364153,
                                               0.07111801785480887,
                                               0.07111801785480887,
                                               0.002846570625100076,
                                               0.002846570625100076,
                                               0.00028465735606281645,
                                               0.00028465735606281645,
                                               -1.0918594061337876,
                                               -1.0918594061337876,
                                               0.3500585424957666,
                                               0.3500585424957666,
                                               0.014232497306692637,
                                               0.014232497306692637,
                                               0.0014232864244924123,
                                               0.0014232864244924123});
}

/// One parameter set per scaling (longrope with lists of d_rot/2 = 16), length past L_train.
std::vector<Sets> everyScaling() {
  const std::string ones = "1,1.1,1.2,1.3,1.4,1.5,1.6,1.7,1.8,1.9,2,2.1,2.2,2.3,2.4,2.5";
  const std::string longer = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16";
  std::vector<Sets> out;
  for (const char* s : {"none", "linear", "ntk", "dynamic", "yarn", "llama3", "longrope"})
    out.push_back({{"scaling", s},
                   {"factor", "8"},
                   {"dim", "32"},
                   {"length", "96"},
                   {"train_length", "64"},
                   {"short_factor", ones},
                   {"long_factor", longer}});
  out.push_back({{"scaling", "yarn"},
                 {"factor", "8"},
                 {"dim", "48"},
                 {"length", "96"},
                 {"partial_rotary_factor", "0.5"},
                 {"train_length", "64"},
                 {"layout", "interleaved"},
                 {"mscale", "1"},
                 {"mscale_all_dim", "0.5"}});
  return out;
}

TEST(RopeCache, CosSquaredPlusSinSquaredIsTheAttentionFactorSquaredUnderEveryScaling) {
  const auto scheme = makeRopeScheme();
  for (const Sets& sets : everyScaling()) {
    const ParamSet params = makeParams(*scheme, sets);
    SCOPED_TRACE(sets[0].second);
    const RopeParams p = ropeParamsFrom(params);
    const double a = ropeAttentionFactor(p);
    const MatrixResult c = computeMatrix(*scheme, params, "cos", Region{});
    const MatrixResult s = computeMatrix(*scheme, params, "sin", Region{});
    ASSERT_EQ(c.values.cols(), ropeRotaryDim(p));
    for (Index j = 0; j < c.values.cols(); ++j) {
      EXPECT_EQ(c.values(0, j), a);  // position 0 holds the attention factor
      EXPECT_EQ(s.values(0, j), 0.0);
    }
    const Matrix sum = c.values.array().square() + s.values.array().square();
    EXPECT_LT((sum.array() - a * a).abs().maxCoeff(), 1e-13);
  }
  // The factor is not 1 for yarn (0.1 ln 8 + 1) and longrope (sqrt(1 + ln 8 / ln 64)).
  const auto factorOf = [&](const char* s) {
    return ropeAttentionFactor(
        ropeParamsFrom(makeParams(*scheme, everyScaling()[s[0] == 'y' ? 4 : 6])));
  };
  EXPECT_DOUBLE_EQ(factorOf("yarn"), 0.1 * std::log(8.0) + 1.0);
  EXPECT_DOUBLE_EQ(factorOf("longrope"), std::sqrt(1.5));
}

TEST(RopeScores, DependOnlyOnTheDistanceUnderEveryScaling) {
  const auto scheme = makeRopeScheme();
  for (const Sets& sets : everyScaling()) {
    const ParamSet params = makeParams(*scheme, sets);
    SCOPED_TRACE(sets[0].second);
    const RopeParams p = ropeParamsFrom(params);
    const Index dRot = ropeRotaryDim(p);
    const double a = ropeAttentionFactor(p);
    const Vector q = ropeQuery(p), k = ropeKey(p), theta = ropeScaledFrequencies(p);
    // By the definition (HF): rotate the first d_rot dims scaled by a, pass the rest.
    const auto direct = [&](double m, double n) {
      const Vector qm = a * ropeRotate(q.head(dRot), m, theta, p.layout);
      const Vector kn = a * ropeRotate(k.head(dRot), n, theta, p.layout);
      return qm.dot(kn) + q.tail(p.dim - dRot).dot(k.tail(p.dim - dRot));
    };
    for (const auto& [m, n] : std::vector<std::pair<Index, Index>>{{10, 3}, {50, 90}, {95, 0}}) {
      const std::vector<Index> row = {m}, col = {n};
      const double cell = scheme->evaluate(params, "scores", row, col)(0, 0);
      EXPECT_NEAR(cell, direct(static_cast<double>(m), static_cast<double>(n)), 1e-10);
      EXPECT_NEAR(direct(static_cast<double>(m + 37), static_cast<double>(n + 37)),
                  direct(static_cast<double>(m), static_cast<double>(n)), 1e-10);
    }
    // The readout's parts add up to the cell.
    const std::vector<Term> t = scheme->explainCell(params, "scores", 50, 20);
    double parts = 0;
    for (std::size_t i = 4; i < t.size(); ++i)
      if (t[i].name.rfind("attention factor", 0) != 0) parts += t[i].value;
    EXPECT_NEAR(parts, t[3].value, 1e-12);
  }
}

// ---------------------------------------------------------------- refusals

TEST(RopeScalingCheck, BadValuesAreRefusedNamingTheParameter) {
  const auto scheme = makeRopeScheme();
  const auto error = [&](const Sets& sets) -> std::pair<std::string, std::string> {
    try {
      (void)makeParams(*scheme, sets);
    } catch (const ParamError& e) {
      return {e.param(), e.allowed()};
    }
    return {"(accepted)", ""};
  };
  // transformers warns only when beta_fast < beta_slow: equal is drawn (Kimi K2's 1 and 1).
  EXPECT_EQ(error({{"beta_fast", "1"}}).first, "(accepted)");
  EXPECT_EQ(error({{"beta_fast", "0.5"}}).first, "beta_fast");
  EXPECT_EQ(error({{"beta_fast", "0.5"}}).second,
            "at least beta_slow (1); transformers' _validate_yarn_rope_parameters warns below");
  EXPECT_EQ(error({{"beta_slow", "40"}}).first, "beta_fast");
  EXPECT_EQ(error({{"beta_fast", "0"}}).first, "beta_fast");
  // Equal is drawn (Llama 4: low = high = 1); above is refused.
  EXPECT_EQ(error({{"low_freq_factor", "4"}}).first, "(accepted)");
  EXPECT_EQ(error({{"low_freq_factor", "5"}}).first, "low_freq_factor");
  EXPECT_EQ(error({{"low_freq_factor", "5"}}).second,
            "at most high_freq_factor (4); transformers' _validate_llama3_rope_parameters warns "
            "when they are equal");
  EXPECT_EQ(error({{"partial_rotary", "proportional"}, {"scaling", "yarn"}, {"factor", "2"}}).first,
            "scaling");
  EXPECT_EQ(error({{"partial_rotary", "sideways"}}).first, "partial_rotary");
  EXPECT_EQ(error({{"high_freq_factor", "0.5"}}).first, "low_freq_factor");
  EXPECT_EQ(error({{"factor", "0.5"}, {"scaling", "yarn"}}).first, "factor");
  EXPECT_EQ(error({{"scaling", "longrope"}}).first, "short_factor");
  EXPECT_EQ(error({{"scaling", "longrope"}, {"short_factor", "1,1,1,1"}, {"dim", "8"}}).first,
            "long_factor");
  const auto wrong = error({{"long_factor", "1,2,3"}});  // dim 64: 32 pairs
  EXPECT_EQ(wrong.first, "long_factor");
  EXPECT_EQ(wrong.second, "32 positive numbers (one per rotated pair, d_rot/2), not 3 numbers");
  EXPECT_EQ(error({{"short_factor", "1,0,2"}}).first, "short_factor");
  EXPECT_EQ(error({{"short_factor", "1,-2"}}).first, "short_factor");
  EXPECT_EQ(error({{"partial_rotary_factor", "0"}}).first, "partial_rotary_factor");
  EXPECT_EQ(error({{"partial_rotary_factor", "1.5"}}).first, "partial_rotary_factor");
  EXPECT_EQ(error({{"partial_rotary_factor", "0.3"}}).first, "partial_rotary_factor");  // 19
  EXPECT_EQ(error({{"dim", "4"}, {"partial_rotary_factor", "0.25"}}).first,
            "partial_rotary_factor");  // int(1.0) = 1
  EXPECT_EQ(error({{"partial_rotary_factor", "0.25"}, {"pair", "8"}}).first, "pair");
  EXPECT_EQ(error({{"partial_rotary_factor", "0.25"}, {"pair", "7"}}).first, "(accepted)");
  EXPECT_EQ(error({{"dim", "8"}, {"partial_rotary_factor", "0.25"}, {"scaling", "ntk"}}).first,
            "partial_rotary_factor");  // d_rot 2
  EXPECT_EQ(error({{"attention_factor", "-1"}}).first, "attention_factor");
  EXPECT_EQ(error({{"mscale", "-1"}}).first, "mscale");
  // The struct-level check refuses the same things.
  RopeParams p;
  p.betaFast = 0.5;
  EXPECT_THROW(checkRopeParams(p), ParamError);
  p = RopeParams{};
  p.longFactor = {1.0, 2.0};
  EXPECT_THROW(checkRopeParams(p), ParamError);
  p = RopeParams{};
  p.scaling = RopeScaling::LongRope;
  EXPECT_THROW(checkRopeParams(p), ParamError);
}

// ---------------------------------------------------------------- views

TEST(RopeScaleView, RatioAndBandEdges) {
  const auto scheme = makeRopeScheme();
  const SeriesResult lin =
      scheme->series(makeParams(*scheme, {{"dim", "8"}, {"scaling", "linear"}, {"factor", "4"}}),
                     "scale");
  ASSERT_EQ(lin.x.size(), 4u);
  for (const double r : lin.curves[0].y) EXPECT_DOUBLE_EQ(r, 0.25);
  // llama3: L / high_freq_factor and L / low_freq_factor as constant curves.
  const SeriesResult llama =
      scheme->series(makeParams(*scheme,
                                {{"scaling", "llama3"}, {"factor", "8"}, {"train_length", "1024"}}),
                     "scale");
  ASSERT_EQ(llama.curves.size(), 6u);
  EXPECT_EQ(llama.curves[3].y[0], 1024.0);
  EXPECT_EQ(llama.curves[4].y[5], 256.0);
  EXPECT_EQ(llama.curves[5].y[5], 1024.0);
  // yarn: L / beta_fast, L / beta_slow and the ramp pairs low..high.
  const ParamSet yarnParams =
      makeParams(*scheme, {{"scaling", "yarn"}, {"factor", "8"}, {"train_length", "1024"}});
  const SeriesResult yarn = scheme->series(yarnParams, "scale");
  ASSERT_EQ(yarn.curves.size(), 7u);
  EXPECT_EQ(yarn.curves[4].y[0], 32.0);
  EXPECT_EQ(yarn.curves[5].y[0], 1024.0);
  const RopeRange r = ropeYarnRange(ropeParamsFrom(yarnParams));
  for (std::size_t k = 0; k < yarn.x.size(); ++k) {
    const bool inRamp = static_cast<double>(k) >= r.low && static_cast<double>(k) <= r.high;
    EXPECT_EQ(std::isnan(yarn.curves[6].y[k]), !inRamp) << k;
    if (static_cast<double>(k) <= r.low) {
      EXPECT_EQ(yarn.curves[0].y[k], 1.0) << k;
    }
    if (static_cast<double>(k) >= r.high) {
      EXPECT_DOUBLE_EQ(yarn.curves[0].y[k], 1.0 / 8) << k;
    }
  }
}

TEST(RopeExtrapolationView, ComparesEveryScalingAndLongRopeOnlyWithItsLists) {
  const auto scheme = makeRopeScheme();
  const SeriesResult plain = scheme->series(makeParams(*scheme, {}), "extrapolation");
  std::vector<std::string> names;
  for (const Curve& c : plain.curves) names.push_back(c.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"training: 2048 positions, no scaling",
                                      "length 128, no scaling", "length 128, linear s = 1",
                                      "length 128, NTK s = 1", "length 128, dynamic s = 1",
                                      "length 128, YaRN s = 1", "length 128, Llama 3.1 s = 1",
                                      "one full period", "never a full period in training"}));
  const std::string list = "1,1,1,1";
  const SeriesResult lists =
      scheme->series(makeParams(*scheme,
                                {{"dim", "8"}, {"short_factor", list}, {"long_factor", "2,2,2,2"}}),
                     "extrapolation");
  EXPECT_EQ(lists.curves.size(), 10u);
  EXPECT_EQ(lists.curves[7].name, "length 128, LongRoPE short_factor");
}

TEST(RopeCacheView, ReadoutGivesPairAngleAndAttentionFactor) {
  const auto scheme = makeRopeScheme();
  const ParamSet params = makeParams(*scheme, {{"dim", "8"}, {"scaling", "yarn"}, {"factor", "4"}});
  const std::vector<Index> row = {7}, col = {6};
  const double cell = scheme->evaluate(params, "cos", row, col)(0, 0);
  const std::vector<Term> t = scheme->explainCell(params, "cos", 7, 6);
  ASSERT_EQ(t.size(), 6u);
  EXPECT_EQ(t[0].value, 7);
  EXPECT_EQ(t[1].value, 2);  // half layout: column 6 of 8 is pair 6 mod 4
  EXPECT_EQ(t[3].value, 7 * t[2].value);
  EXPECT_DOUBLE_EQ(t[4].value, 0.1 * std::log(4.0) + 1.0);
  EXPECT_EQ(t[4].value * t[5].value, cell);
  const ParamSet inter = makeParams(*scheme, {{"dim", "8"}, {"layout", "interleaved"}});
  EXPECT_EQ(scheme->explainCell(inter, "sin", 7, 5)[1].value, 2);  // column 5: pair 2
}

TEST(RopeCompanion, LongRopeComparesAgainstNoScaling) {
  const auto scheme = makeRopeScheme();
  const ParamSet params = makeParams(*scheme, {{"dim", "8"},
                                               {"scaling", "longrope"},
                                               {"short_factor", "1,1,2,2"},
                                               {"long_factor", "2,2,4,4"}});
  const auto other = companionParams(*scheme, params);
  ASSERT_TRUE(other.has_value());
  EXPECT_NO_THROW(validateParams(*scheme, *other));
  EXPECT_EQ(other->getChoice("scaling"), "none");
}

}  // namespace
}  // namespace posenc

namespace posenc {
namespace {

// Proportional RoPE (Gemma 4's full-attention layers), against values computed in Python
// from transformers' modeling_rope_utils.py `_compute_proportional_rope_parameters` with
// head_dim = global_head_dim 512, rope_theta 1e6, partial_rotary_factor 0.25:
// rope_angles = int(0.25 * 512 // 2) = 64, inv_freq[k] = 1 / 1e6 ** (2k / 512) for k < 64,
// then 192 zeros; inv_freq[1] = 0.9474635256553754, inv_freq[63] = 0.033376246942920386.
TEST(RopeProportional, FrequenciesAreTheExponentOverTheWholeHeadThenZeros) {
  const auto scheme = makeRopeScheme();
  const ParamSet set = makeParams(*scheme, {{"dim", "512"},
                                            {"base", "1000000"},
                                            {"partial_rotary_factor", "0.25"},
                                            {"partial_rotary", "proportional"}});
  const RopeParams p = ropeParamsFrom(set);
  EXPECT_TRUE(p.proportional);
  EXPECT_EQ(ropeRotaryDim(p), 512);
  EXPECT_EQ(ropeTurningPairs(p), 64);
  const Vector theta = ropeScaledFrequencies(p);
  ASSERT_EQ(theta.size(), 256);
  EXPECT_EQ(theta(0), 1.0);
  EXPECT_NEAR(theta(1), 0.9474635256553754, 1e-15);
  EXPECT_NEAR(theta(63), 0.033376246942920386, 1e-16);
  for (Index k = 64; k < 256; ++k) EXPECT_EQ(theta(k), 0.0) << k;
  // Plain partial rotary over the same numbers differs: its exponent is over d_rot = 128.
  RopeParams plain = p;
  plain.proportional = false;
  EXPECT_NEAR(ropeScaledFrequencies(plain)(1), std::pow(1e6, -2.0 / 128.0), 1e-15);
  // The cache: a pair at frequency 0 is cos 1, sin 0 at every position (HF emb = cat(freqs,
  // freqs): column 300 holds pair 300 - 256 = 44, which turns; column 100 does not).
  const std::vector<Index> rows = {0, 7, 1000};
  const std::vector<Index> cols = {100, 300, 356};
  const Matrix cosines = ropeCache(p, rows, cols, false);
  const Matrix sines = ropeCache(p, rows, cols, true);
  for (Index r = 0; r < 3; ++r) {
    EXPECT_EQ(cosines(r, 0), 1.0);
    EXPECT_EQ(sines(r, 0), 0.0);
    EXPECT_EQ(cosines(r, 2), 1.0);  // pair 100 again
  }
  EXPECT_NEAR(cosines(1, 1), std::cos(7.0 * std::pow(1e6, -88.0 / 512.0)), 1e-15);
  // A factor divides every frequency (inv_freq /= factor), zeros stay zero.
  const RopeParams scaled = ropeParamsFrom(makeParams(*scheme, {{"dim", "512"},
                                                                {"base", "1000000"},
                                                                {"partial_rotary_factor", "0.25"},
                                                                {"partial_rotary", "proportional"},
                                                                {"scaling", "linear"},
                                                                {"factor", "4"}}));
  EXPECT_NEAR(ropeScaledFrequencies(scaled)(1), 0.9474635256553754 / 4, 1e-15);
  EXPECT_EQ(ropeScaledFrequencies(scaled)(200), 0.0);
}

}  // namespace
}  // namespace posenc
