// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the oracle's diagnosis (check.hpp checkArray's report.diagnosis): arrays built the
// way engineers build them (C++ mirrors of the numpy / torch code named at each builder), one
// convention slip applied, and the report must name that slip first, explaining every cell,
// with the right setting or number. Also: a right float32 answer passes with no diagnosis,
// random noise is explained by nothing, shapes that differ are reported and named, and two
// slips at once (issue 26: another layout with base 500000, ...) are named as one pair.
// Expected numbers computed independently: tests/reference/check_slips.py (numpy).
#include "posenc/check/check.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "support/slip_messages.hpp"

namespace posenc {
namespace {

using test::expectNamed;

using Sets = std::vector<std::pair<std::string, std::string>>;

/// An engineer's array as readAgainst would hand it over: row-major, stored as `type`.
Against against(const Matrix& m, ElementType type) {
  Against a;
  a.file = "yours.npy";
  a.array.shape = {m.rows(), m.cols()};
  a.array.type = type;
  for (Index i = 0; i < m.rows(); ++i)
    for (Index j = 0; j < m.cols(); ++j)
      a.array.values.push_back(type == ElementType::F32 ? static_cast<float>(m(i, j)) : m(i, j));
  return a;
}

CheckReport check(const std::string& scheme, const Sets& sets, const std::string& view,
                  const Matrix& yours, ElementType type = ElementType::F64,
                  const CheckOptions& options = {}) {
  const Scheme& s = findScheme(scheme);
  return checkArray(s, makeParams(s, sets), view, against(yours, type), options);
}

// ---- RoPE caches ---------------------------------------------------------------------------

/// A RoPE cos or sin cache (length x d) in float64 as numpy code writes it: theta =
/// base ** (-arange(0, d, 2) / d), freqs = outer(positions, theta); half layout emb =
/// concatenate([freqs, freqs]) (HF modeling_llama.py rotate_half's pairing), interleaved
/// repeat(2) (GPT-J's rotate_every_two, Meta's original Llama). `first` is the first position,
/// `posScale` multiplies the positions, `exp` forms theta as exp(arange * (-log(base) / d)).
Matrix ropeCache(Index length, Index d, double base, bool interleaved, bool sine, double first = 0,
                 double posScale = 1, bool exp = false) {
  Matrix out(length, d);
  for (Index m = 0; m < length; ++m)
    for (Index c = 0; c < d; ++c) {
      const Index k = interleaved ? c / 2 : c % (d / 2);
      const double theta = exp ? std::exp(static_cast<double>(2 * k) * (-std::log(base) / d))
                               : 1.0 / std::pow(base, static_cast<double>(2 * k) / d);
      const double angle = (static_cast<double>(m) + first) * posScale * theta;
      out(m, c) = sine ? std::sin(angle) : std::cos(angle);
    }
  return out;
}

/// The cache as HF's LlamaRotaryEmbedding computes it, in float32 throughout: inv_freq =
/// 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim)), freqs = inv_freq @ positions
/// (float32), emb = cat((freqs, freqs)), emb.cos().
Matrix hfFloat32Cos(Index length, Index d, float base, bool interleaved = false) {
  std::vector<float> invFreq;
  for (Index k = 0; k < d / 2; ++k)
    invFreq.push_back(1.0f / std::pow(base, static_cast<float>(2 * k) / static_cast<float>(d)));
  Matrix out(length, d);
  for (Index m = 0; m < length; ++m)
    for (Index c = 0; c < d; ++c) {
      const float angle = static_cast<float>(m) *
                          invFreq[static_cast<std::size_t>(interleaved ? c / 2 : c % (d / 2))];
      out(m, c) = std::cos(angle);
    }
  return out;
}

Matrix ours(const std::string& scheme, const Sets& sets, const std::string& view) {
  const Scheme& s = findScheme(scheme);
  return computeMatrix(s, makeParams(s, sets), view).values;
}

TEST(CheckDiagnosis, RightFloat32CachePassesWithoutDiagnosis) {
  const Matrix exact = ropeCache(256, 64, 10000, false, false);
  const CheckReport r = check("rope", {{"length", "256"}}, "cos", exact, ElementType::F32);
  EXPECT_TRUE(r.matches()) << checkReportText(r);
  EXPECT_TRUE(r.diagnosis.empty());
}

TEST(CheckDiagnosis, InterleavedCosCacheIsNamedWithTheSetting) {
  const Matrix yours = ropeCache(128, 64, 10000, true, false);
  const CheckReport r = check("rope", {{"length", "128"}}, "cos", yours);
  expectNamed(r, "layout", "layout=interleaved");
  EXPECT_NE(r.diagnosis.front().text.find("interleaved"), std::string::npos);
  EXPECT_NE(r.diagnosis.front().text.find("ours is half"), std::string::npos);
}

TEST(CheckDiagnosis, HalfSinCacheAgainstInterleavedOurs) {
  const Matrix yours = ropeCache(64, 32, 10000, false, true);
  const CheckReport r =
      check("rope", {{"length", "64"}, {"dim", "32"}, {"layout", "interleaved"}}, "sin", yours);
  expectNamed(r, "layout", "layout=half");
}

TEST(CheckDiagnosis, Float32InterleavedCacheIsNamedAsTheLayout) {
  const Matrix yours = hfFloat32Cos(32, 64, 10000.0f, true);
  const CheckReport r = check("rope", {{"length", "32"}}, "cos", yours, ElementType::F32);
  expectNamed(r, "layout", "layout=interleaved");
}

TEST(CheckDiagnosis, InterleavedFloat32AnglesAreNamedTogether) {
  // A float32 numpy cache with repeat(2) pairs over 4096 positions: the layout explains most
  // cells, float32 angles the rest; the report names both, the layout's setting first.
  const Matrix yours = hfFloat32Cos(4096, 16, 10000.0f, true);
  const CheckReport r =
      check("rope", {{"length", "4096"}, {"dim", "16"}}, "cos", yours, ElementType::F32);
  expectNamed(r, "layout+float32_angles", "layout=interleaved");
  EXPECT_NE(r.diagnosis.front().text.find("With layout=interleaved set, one more"),
            std::string::npos);
  EXPECT_EQ(r.diagnosis.size(), 1U);  // the partial layout slip is folded into it
  // Either slip alone: the single name, as before.
  expectNamed(check("rope", {{"length", "4096"}, {"dim", "16"}, {"layout", "interleaved"}}, "cos",
                    yours, ElementType::F32),
              "float32_angles");
}

TEST(CheckDiagnosis, PositionsStartingAtOneShiftTheRows) {
  const Matrix yours = ropeCache(96, 64, 10000, false, false, 1.0);
  const CheckReport r = check("rope", {{"length", "96"}}, "cos", yours);
  expectNamed(r, "rows_shifted");
  EXPECT_NE(r.diagnosis.front().text.find("start at 1"), std::string::npos);
}

TEST(CheckDiagnosis, SlipsInARegionOfTheView) {
  // --rows 10:40 --cols 8:24 of the interleaved cache, then rows 10:40 of a cache whose
  // positions start at 1 (its last row is ours at position 40, past the region).
  CheckOptions part;
  part.region = {10, 40, 8, 24, 0, 0};
  const Matrix inter = ropeCache(128, 64, 10000, true, false).block(10, 8, 30, 16);
  expectNamed(check("rope", {{"length", "128"}}, "cos", inter, ElementType::F64, part), "layout",
              "layout=interleaved");
  part.region = {10, 40, 0, -1, 0, 0};
  const Matrix late = ropeCache(128, 64, 10000, false, false, 1.0).middleRows(10, 30);
  expectNamed(check("rope", {{"length", "128"}}, "cos", late, ElementType::F64, part),
              "rows_shifted");
  // The last row of the view: position 128 needs length 129.
  part.region = {100, -1, 0, -1, 0, 0};
  const Matrix end = ropeCache(128, 64, 10000, false, false, 1.0).bottomRows(28);
  expectNamed(check("rope", {{"length", "128"}}, "cos", end, ElementType::F64, part),
              "rows_shifted");
}

TEST(CheckDiagnosis, AnotherBaseIsEstimatedAndRounded) {
  const Matrix yours = ropeCache(128, 64, 500000, false, false);
  const CheckReport r = check("rope", {{"length", "128"}}, "cos", yours, ElementType::F32);
  expectNamed(r, "base", "base=500000");
  EXPECT_NE(r.diagnosis.front().text.find("base 500000; ours 10000"), std::string::npos);
}

TEST(CheckDiagnosis, BaseOfAFrequencySeries) {
  // inv_freq = 1 / 1e6 ** (arange(0, 64, 2) / 64) against the frequencies view (its first
  // curve, θₖ before scaling), a one-dimensional array.
  Matrix theta(1, 32);
  for (Index k = 0; k < 32; ++k) theta(0, k) = 1.0 / std::pow(1e6, static_cast<double>(2 * k) / 64);
  const CheckReport r = check("rope", {}, "frequencies", theta, ElementType::F32);
  expectNamed(r, "base", "base=1000000");
}

TEST(CheckDiagnosis, SinusoidalBaseIsEstimated) {
  Matrix yours(64, 32);
  for (Index p = 0; p < 64; ++p)
    for (Index i = 0; i < 16; ++i) {
      const double w = 1.0 / std::pow(1000.0, static_cast<double>(2 * i) / 32.0);
      yours(p, 2 * i) = std::sin(static_cast<double>(p) * w);
      yours(p, 2 * i + 1) = std::cos(static_cast<double>(p) * w);
    }
  const CheckReport r = check("sinusoidal", {{"length", "64"}, {"dim", "32"}}, "encoding", yours);
  expectNamed(r, "base", "base=1000");
}

/// YaRN's attention factor for s = 4: 0.1 ln 4 + 1 (tests/reference/check_slips.py).
constexpr double kYarnFactor4 = 1.1386294361119891;

TEST(CheckDiagnosis, MissingAttentionFactorIsNamed) {
  const Sets yarn = {{"length", "64"}, {"scaling", "yarn"}, {"factor", "4"}};
  const Matrix withA = ours("rope", yarn, "cos");
  const Matrix yours = withA / kYarnFactor4;  // the engineer forgot attention_scaling
  const CheckReport r = check("rope", yarn, "cos", yours);
  expectNamed(r, "attention_factor", "attention_factor=1");
  EXPECT_NE(r.diagnosis.front().text.find("1.13863"), std::string::npos);
  EXPECT_NE(r.diagnosis.front().text.find("lacks"), std::string::npos);
}

TEST(CheckDiagnosis, AttentionFactorAppliedTwiceIsNamed) {
  const Sets yarn = {{"length", "64"}, {"scaling", "yarn"}, {"factor", "4"}};
  const Matrix yours = ours("rope", yarn, "sin") * kYarnFactor4;
  const CheckReport r = check("rope", yarn, "sin", yours);
  expectNamed(r, "attention_factor");
  EXPECT_NE(r.diagnosis.front().text.find("twice"), std::string::npos);
}

TEST(CheckDiagnosis, LinearScalingOnTheWrongSide) {
  const Sets linear = {{"length", "64"}, {"scaling", "linear"}, {"factor", "4"}};
  // t = arange(L) * factor instead of arange(L) / factor.
  const CheckReport r = check("rope", linear, "cos", ropeCache(64, 64, 10000, false, false, 0, 4));
  expectNamed(r, "linear_side");
  EXPECT_NE(r.diagnosis.front().text.find("s = 4"), std::string::npos);
  // Scaling forgotten altogether.
  const CheckReport none = check("rope", linear, "cos", ropeCache(64, 64, 10000, false, false));
  expectNamed(none, "linear_side", "scaling=none");
}

TEST(CheckDiagnosis, Float32AnglesAsHfAreNamed) {
  const Matrix yours = hfFloat32Cos(2048, 64, 10000.0f);
  const CheckReport r = check("rope", {{"length", "2048"}}, "cos", yours, ElementType::F32);
  expectNamed(r, "float32_angles");
  EXPECT_NE(r.diagnosis.front().text.find("LlamaRotaryEmbedding"), std::string::npos);
  // The error it accounts for: float32 angles near position 2047 are off by ~1e-4.
  EXPECT_EQ(r.diagnosis.front().maxAbsError, r.largestAbs.absError);
  EXPECT_GT(r.largestAbs.absError, 1e-5);
  EXPECT_GT(r.largestAbs.row, 1024);
}

TEST(CheckDiagnosis, ExpInsteadOfPowIsHarmlessRounding) {
  const Matrix yours = ropeCache(64, 64, 10000, false, false, 0, 1, true);
  CheckOptions exact;
  exact.rtol = 0;
  exact.atol = 0;
  const CheckReport r = check("rope", {{"length", "64"}}, "cos", yours, ElementType::F64, exact);
  expectNamed(r, "exp_vs_pow");
  EXPECT_NE(r.diagnosis.front().text.find("harmless"), std::string::npos);
  // Within float64's default tolerance the two agree.
  EXPECT_TRUE(check("rope", {{"length", "64"}}, "cos", yours).matches());
}

TEST(CheckDiagnosis, NarrowerRoundingIsNamed) {
  const Matrix exact = ours("rope", {{"length", "64"}}, "cos");
  Matrix half = exact, bf16 = exact, single = exact;
  for (Index i = 0; i < exact.size(); ++i) {
    // float16: 11 significant bits; bfloat16: 8; float32: 24 (all in range, no subnormals).
    const auto roundBits = [](double x, int bits) {
      int e = 0;
      std::frexp(x, &e);
      const double s = std::ldexp(1.0, bits - e);
      return std::nearbyint(x * s) / s;
    };
    half.data()[i] = roundBits(exact.data()[i], 11);
    bf16.data()[i] = roundBits(exact.data()[i], 8);
    single.data()[i] = static_cast<float>(exact.data()[i]);
  }
  expectNamed(check("rope", {{"length", "64"}}, "cos", half, ElementType::F32), "float16");
  expectNamed(check("rope", {{"length", "64"}}, "cos", bf16, ElementType::F32), "bfloat16");
  CheckOptions tight;
  tight.rtol = 1e-12;
  tight.atol = 1e-12;
  expectNamed(check("rope", {{"length", "64"}}, "cos", single, ElementType::F64, tight), "float32");
}

TEST(CheckDiagnosis, RandomNoiseIsExplainedByNothing) {
  std::mt19937_64 gen(17);
  std::normal_distribution<double> n(0.0, 1.0);
  Matrix noise(64, 64);
  for (Index i = 0; i < noise.size(); ++i) noise.data()[i] = n(gen);
  const CheckReport r = check("rope", {{"length", "64"}}, "cos", noise);
  EXPECT_FALSE(r.matches());
  for (const Slip& s : r.diagnosis) EXPECT_FALSE(s.explains) << s.id;
  test::expectSlipMessages(r);  // the partial ones named too
  EXPECT_NE(checkReportText(r).find("diagnosis"), std::string::npos);
  // Nor on a sinusoidal table, an ALiBi bias or T5 buckets (whole numbers 0..31).
  const std::pair<std::string, std::string> views[] = {{"sinusoidal", "encoding"},
                                                       {"alibi", "bias"},
                                                       {"t5", "buckets"}};
  std::uniform_int_distribution<int> bucket(0, 31);
  for (const auto& [scheme, view] : views) {
    Matrix m = noise;
    if (scheme == "t5")
      for (Index i = 0; i < m.size(); ++i) m.data()[i] = bucket(gen);
    const Sets sets =
        scheme == "sinusoidal" ? Sets{{"length", "64"}, {"dim", "64"}} : Sets{{"length", "64"}};
    const CheckReport other = check(scheme, sets, view, m);
    EXPECT_TRUE(other.shapeMatches) << scheme;
    EXPECT_FALSE(other.matches()) << scheme;
    for (const Slip& s : other.diagnosis) EXPECT_FALSE(s.explains) << scheme << ": " << s.id;
    test::expectSlipMessages(other);
  }
}

// ---- Shapes ----------------------------------------------------------------------------------

TEST(CheckDiagnosis, TransposedShapeIsReportedAndNamed) {
  const Matrix yours = ropeCache(128, 64, 10000, false, false).transpose();
  const CheckReport r = check("rope", {{"length", "128"}}, "cos", yours);
  EXPECT_FALSE(r.shapeMatches);
  const std::string text = checkReportText(r);
  EXPECT_NE(text.find("yours (64, 128), ours (128, 64)"), std::string::npos) << text;
  expectNamed(r, "transpose");
}

TEST(CheckDiagnosis, OneRowMoreOrLessIsNamed) {
  // 129 rows: positions 0..128, another length.
  const CheckReport longer =
      check("rope", {{"length", "128"}}, "cos", ropeCache(129, 64, 10000, false, false));
  expectNamed(longer, "length", "length=129");
  // 127 rows holding positions 1..127: positions starting at 1 (and one short).
  const CheckReport late =
      check("rope", {{"length", "128"}}, "cos", ropeCache(127, 64, 10000, false, false, 1.0));
  expectNamed(late, "rows_shifted");
}

// ---- Sinusoidal tables -----------------------------------------------------------------------

/// Vaswani's table as numpy code writes it: interleaved (pe[:, 0::2] = sin, pe[:, 1::2] = cos)
/// or concatenated (Transformer-XL's cat([sin, cos])), w_i = 1 / base^(2i/d); tensor2tensor's
/// get_timing_signal_1d: concatenated with w_i = exp(-i log(base) / (d/2 - 1)).
Matrix sinusoidalTable(Index length, Index d, const std::string& layout) {
  Matrix out(length, d);
  const Index half = d / 2;
  for (Index p = 0; p < length; ++p)
    for (Index i = 0; i < half; ++i) {
      const double w = layout == "tensor2tensor"
                           ? std::exp(static_cast<double>(i) * -(std::log(10000.0) / (half - 1)))
                           : 1.0 / std::pow(10000.0, static_cast<double>(2 * i) / d);
      const double s = std::sin(static_cast<double>(p) * w);
      const double c = std::cos(static_cast<double>(p) * w);
      if (layout == "interleaved") {
        out(p, 2 * i) = s;
        out(p, 2 * i + 1) = c;
      } else {
        out(p, i) = s;
        out(p, half + i) = c;
      }
    }
  return out;
}

TEST(CheckDiagnosis, SinusoidalLayoutsAreNamed) {
  const Sets sets = {{"length", "64"}, {"dim", "32"}};
  expectNamed(check("sinusoidal", sets, "encoding", sinusoidalTable(64, 32, "concatenated")),
              "layout", "layout=concatenated");
  expectNamed(check("sinusoidal", sets, "encoding", sinusoidalTable(64, 32, "tensor2tensor")),
              "layout", "layout=tensor2tensor");
  const Sets concat = {{"length", "64"}, {"dim", "32"}, {"layout", "concatenated"}};
  expectNamed(check("sinusoidal", concat, "encoding", sinusoidalTable(64, 32, "interleaved")),
              "layout", "layout=interleaved");
}

TEST(CheckDiagnosis, SinusoidalPositionsFromOne) {
  const Matrix table = sinusoidalTable(65, 32, "interleaved");
  const Matrix yours = table.bottomRows(64);  // positions 1..64
  expectNamed(check("sinusoidal", {{"length", "64"}, {"dim", "32"}}, "encoding", yours),
              "rows_shifted");
}

TEST(CheckDiagnosis, Float32SinusoidalTableIsFloat32Angles) {
  // numpy in float32: w = 1 / np.power(np.float32(10000), np.arange(0, d, 2, dtype=np.float32)
  // / d), angles = np.outer(positions.astype(np.float32), w), sin / cos interleaved.
  const Index length = 2048, d = 64;
  Matrix yours(length, d);
  for (Index i = 0; i < d / 2; ++i) {
    const float w = 1.0f / std::pow(10000.0f, static_cast<float>(2 * i) / static_cast<float>(d));
    for (Index p = 0; p < length; ++p) {
      const float angle = static_cast<float>(p) * w;
      yours(p, 2 * i) = std::sin(angle);
      yours(p, 2 * i + 1) = std::cos(angle);
    }
  }
  const CheckReport r =
      check("sinusoidal", {{"length", "2048"}, {"dim", "64"}}, "encoding", yours, ElementType::F32);
  expectNamed(r, "float32_angles");
  EXPECT_NE(r.diagnosis.front().text.find("error grows with the position"), std::string::npos);
}

TEST(CheckDiagnosis, PytorchTutorialFloat32TableIsExpVsPow) {
  // The PyTorch tutorial's PositionalEncoding: position = arange(L).float(), div_term =
  // exp(arange(0, d, 2) * (-log(10000) / d)) in float32, pe[:, 0::2] = sin(position *
  // div_term), pe[:, 1::2] = cos(...), all float32.
  const Index length = 2048, d = 64;
  Matrix yours(length, d);
  const auto step = static_cast<float>(-std::log(10000.0) / d);
  for (Index p = 0; p < length; ++p)
    for (Index i = 0; i < d / 2; ++i) {
      const float w = std::exp(static_cast<float>(2 * i) * step);
      const float angle = static_cast<float>(p) * w;
      yours(p, 2 * i) = std::sin(angle);
      yours(p, 2 * i + 1) = std::cos(angle);
    }
  const CheckReport r =
      check("sinusoidal", {{"length", "2048"}, {"dim", "64"}}, "encoding", yours, ElementType::F32);
  expectNamed(r, "exp_vs_pow");
  EXPECT_NE(r.diagnosis.front().text.find("float32"), std::string::npos);
}

// ---- ALiBi -----------------------------------------------------------------------------------

TEST(CheckDiagnosis, SimpleSlopesForTwelveHeadsAreNamed) {
  // 2^(-8(h+1)/n) for n = 12; get_slopes(12) = get_slopes(8) + get_slopes(16)[0::2][:4].
  Matrix simple(1, 12);
  for (Index h = 0; h < 12; ++h) simple(0, h) = std::pow(2.0, -8.0 * (h + 1) / 12.0);
  expectNamed(check("alibi", {{"heads", "12"}}, "slopes", simple), "alibi_slopes");
  // The bias of head 9: slope 2^(-80/12) = 0.0098431332023036951 instead of get_slopes(12)[9]
  // = 2^(-3/2) = 0.35355339059327384 (tests/reference/check_slips.py).
  Matrix bias(32, 32);
  const double m = std::pow(2.0, -8.0 * 10 / 12.0);
  for (Index i = 0; i < 32; ++i)
    for (Index j = 0; j < 32; ++j) bias(i, j) = j <= i ? -m * (i - j) : kMasked;
  expectNamed(check("alibi", {{"heads", "12"}, {"head", "9"}, {"length", "32"}}, "bias", bias),
              "alibi_slopes");
}

TEST(CheckDiagnosis, GetSlopesForTwelveHeadsPasses) {
  // ofirpress/attention_with_linear_biases get_slopes(12) (tests/reference/check_slips.py).
  const std::vector<double> slopes = {0.5,
                                      0.25,
                                      0.125,
                                      0.0625,
                                      0.03125,
                                      0.015625,
                                      0.0078125,
                                      0.00390625,
                                      0.70710678118654757,
                                      0.35355339059327384,
                                      0.17677669529663692,
                                      0.088388347648318488};
  const Matrix row = Eigen::Map<const Matrix>(slopes.data(), 1, 12);
  const CheckReport r = check("alibi", {{"heads", "12"}}, "slopes", row, ElementType::F32);
  EXPECT_TRUE(r.matches()) << checkReportText(r);
  EXPECT_TRUE(r.diagnosis.empty());
}

TEST(CheckDiagnosis, AlibiSignCausalAndBloomOffset) {
  const Sets sets = {{"heads", "8"}, {"head", "2"}, {"length", "32"}};
  const double m = 1.0 / 8.0;  // get_slopes(8)[2] = 2^-3
  Matrix plus(32, 32), bloom(32, 32), masked(32, 32);
  for (Index i = 0; i < 32; ++i)
    for (Index j = 0; j < 32; ++j) {
      plus(i, j) = j <= i ? m * (i - j) : kMasked;
      bloom(i, j) = m * j;  // build_alibi_tensor: slopes * arange(key) (HF modeling_bloom.py)
      masked(i, j) = j <= i ? -m * (i - j) : -INFINITY;
    }
  expectNamed(check("alibi", sets, "bias", plus), "sign");
  expectNamed(check("alibi", sets, "bias", bloom), "row_offset");
  Sets symmetric = sets;
  symmetric.emplace_back("causal", "false");
  expectNamed(check("alibi", symmetric, "bias", masked), "causal", "causal=true");
}

// ---- T5 buckets --------------------------------------------------------------------------------

/// HF modeling_t5.py T5Attention._relative_position_bucket, with the halving optional.
std::int64_t hfBucket(std::int64_t rel, bool bidirectional, std::int64_t n, std::int64_t maxDist,
                      bool halve = true) {
  std::int64_t ret = 0;
  if (bidirectional) {
    if (halve) n /= 2;
    ret += rel > 0 ? n : 0;
    rel = std::abs(rel);
  } else {
    rel = -std::min<std::int64_t>(rel, 0);
  }
  const std::int64_t maxExact = n / 2;
  if (rel < maxExact) return ret + rel;
  const auto large = static_cast<std::int64_t>(
      maxExact + std::log(static_cast<double>(rel) / maxExact) /
                     std::log(static_cast<double>(maxDist) / maxExact) * (n - maxExact));
  return ret + std::min(large, n - 1);
}

/// compute_bias: relative_position = memory_position - context_position (j - i), or i - j.
Matrix t5Buckets(Index length, bool bidirectional, std::int64_t n, bool swap = false,
                 bool halve = true, Index queryShift = 0) {
  Matrix out(length, length);
  for (Index i = 0; i < length; ++i)
    for (Index j = 0; j < length; ++j) {
      const std::int64_t rel = swap ? i - j : j - (i + queryShift);
      out(i, j) = static_cast<double>(hfBucket(rel, bidirectional, n, 128, halve));
    }
  return out;
}

TEST(CheckDiagnosis, T5BucketMirrorAgreesWithNumpy) {
  // tests/reference/check_slips.py relative_position_bucket (float32 logs as torch).
  const std::vector<std::int64_t> offsets = {-200, -100, -50, -20, -8, -1, 0,   1,   7,   8,  9,
                                             15,   16,   20,  50,  90, 91, 100, 127, 128, 200};
  const std::vector<std::int64_t> halved = {15, 15, 13, 10, 8,  1,  0,  17, 23, 24, 24,
                                            25, 26, 26, 29, 30, 31, 31, 31, 31, 31};
  const std::vector<std::int64_t> notHalved = {31, 30, 24, 17, 8,  1,  0,  33, 39, 40, 41,
                                               47, 48, 49, 56, 61, 61, 62, 63, 63, 63};
  const std::vector<std::int64_t> causal = {31, 30, 24, 17, 8, 1, 0, 0, 0, 0, 0,
                                            0,  0,  0,  0,  0, 0, 0, 0, 0, 0};
  for (std::size_t k = 0; k < offsets.size(); ++k) {
    EXPECT_EQ(hfBucket(offsets[k], true, 32, 128), halved[k]) << offsets[k];
    EXPECT_EQ(hfBucket(offsets[k], true, 32, 128, false), notHalved[k]) << offsets[k];
    EXPECT_EQ(hfBucket(offsets[k], false, 32, 128), causal[k]) << offsets[k];
  }
}

TEST(CheckDiagnosis, T5SlipsAreNamed) {
  const Sets sets = {{"length", "160"}};
  ASSERT_TRUE(check("t5", sets, "buckets", t5Buckets(160, true, 32)).matches());
  expectNamed(check("t5", sets, "buckets", t5Buckets(160, true, 32, true)), "transpose");
  EXPECT_NE(check("t5", sets, "buckets", t5Buckets(160, true, 32, true))
                .diagnosis.front()
                .text.find("i − j where the convention is j − i"),
            std::string::npos);
  expectNamed(check("t5", sets, "buckets", t5Buckets(160, false, 32)), "bidirectional",
              "bidirectional=false");
  expectNamed(check("t5", sets, "buckets", t5Buckets(160, true, 32, false, false)),
              "buckets_not_halved", "buckets=64");
  expectNamed(check("t5", sets, "buckets", t5Buckets(160, true, 32, false, true, 1)),
              "rows_shifted");
}

TEST(CheckDiagnosis, ScaleAndKeyShiftAreNamed) {
  const Sets sets = {{"heads", "8"}, {"head", "0"}, {"length", "32"}, {"causal", "false"}};
  const Matrix twice = ours("alibi", sets, "bias") * 2.5;
  const CheckReport r = check("alibi", sets, "bias", twice);
  expectNamed(r, "scale");
  EXPECT_NE(r.diagnosis.front().text.find("k = 2.5"), std::string::npos);
  // T5 keys counted from 1: bucket((j + 1) - i).
  Matrix keys(96, 96);
  for (Index i = 0; i < 96; ++i)
    for (Index j = 0; j < 96; ++j)
      keys(i, j) = static_cast<double>(hfBucket(j + 1 - i, true, 32, 128));
  expectNamed(check("t5", {{"length", "96"}}, "buckets", keys), "cols_shifted");
}

// ---- Two slips at once ---------------------------------------------------------------------
// Each array is built with its two slips from the formula in plain loops (ropeCache above:
// std::pow / std::cos over the positions; the ALiBi bias from its slope), never with our
// scheme code; the report must name both slips in one entry, explaining every cell, with the
// setting under which ours equals yours.

/// The report's only entry is a pair explaining every cell, with this id and setting, and its
/// sentence names both slips.
void expectPair(const CheckReport& r, const std::string& id, const std::string& setting,
                const std::vector<std::string>& words) {
  ASSERT_NO_FATAL_FAILURE(expectNamed(r, id, setting));
  EXPECT_EQ(r.diagnosis.size(), 1U) << checkReportText(r);
  for (const std::string& w : words)
    EXPECT_NE(r.diagnosis.front().text.find(w), std::string::npos) << w << "\n"
                                                                   << checkReportText(r);
  EXPECT_NE(checkReportText(r).find(r.diagnosis.front().text), std::string::npos);
}

TEST(CheckPairs, HalfCacheWithBase500000AgainstInterleaved) {
  // Issue 26: a half-layout (cat(freqs, freqs)) cos cache built with base 500000, checked
  // with layout=interleaved. The base is fitted under the other layout.
  const Matrix yours = ropeCache(128, 64, 500000, false, false);
  const CheckReport r =
      check("rope", {{"length", "128"}, {"layout", "interleaved"}}, "cos", yours, ElementType::F32);
  expectPair(r, "layout+base", "layout=half base=500000",
             {"half layout", "With layout=half set, one more", "base 500000; ours 10000"});
}

TEST(CheckPairs, InterleavedCacheWithBase500000AgainstHalf) {
  // The reverse: repeat(2) pairs (GPT-J) and base 500000, against the default half layout.
  const Matrix yours = ropeCache(128, 64, 500000, true, false);
  const CheckReport r = check("rope", {{"length", "128"}}, "cos", yours);
  expectPair(r, "layout+base", "layout=interleaved base=500000",
             {"interleaved layout", "base 500000; ours 10000"});
  // The sin cache too, in float32.
  const Matrix sine = ropeCache(96, 32, 500000, true, true);
  expectPair(check("rope", {{"length", "96"}, {"dim", "32"}}, "sin", sine, ElementType::F32),
             "layout+base", "layout=interleaved base=500000", {"Your sin cache"});
}

TEST(CheckPairs, InterleavedCacheWithPositionsFromOne) {
  // repeat(2) pairs over positions 1..L: the last row is ours at position L (length + 1).
  const Matrix yours = ropeCache(96, 64, 10000, true, false, 1.0);
  const CheckReport r = check("rope", {{"length", "96"}}, "cos", yours);
  expectPair(r, "layout+rows_shifted", "layout=interleaved", {"interleaved", "start at 1"});
}

TEST(CheckPairs, ScaledCacheWithAnotherBaseAndNoAttentionFactor) {
  // Linear scaling s = 2 with attention_factor 1.5 (ours multiplies cos by it); yours divides
  // the positions by s but has base 500000 and no factor: cos((m / 2) θₖ(500000)).
  const Sets scaled = {{"length", "128"},
                       {"scaling", "linear"},
                       {"factor", "2"},
                       {"attention_factor", "1.5"}};
  const Matrix yours = ropeCache(128, 64, 500000, false, false, 0, 0.5);
  const CheckReport r = check("rope", scaled, "cos", yours);
  expectPair(r, "attention_factor+base", "attention_factor=1 base=500000",
             {"lacks the attention factor a = 1.5", "base 500000"});
}

TEST(CheckPairs, SymmetricAlibiAgainstACausalBiasOfTheOppositeSign) {
  // Ours symmetric (causal=false, −m|i − j|); yours causal with keys after the query masked
  // (−inf, masked_fill) and the sign dropped: +m(i − j).
  const Sets sets = {{"heads", "8"}, {"head", "2"}, {"length", "32"}, {"causal", "false"}};
  const double m = 1.0 / 8.0;  // get_slopes(8)[2] = 2^-3
  Matrix yours(32, 32);
  for (Index i = 0; i < 32; ++i)
    for (Index j = 0; j < 32; ++j)
      yours(i, j) = j <= i ? m * static_cast<double>(i - j) : -INFINITY;
  expectPair(check("alibi", sets, "bias", yours), "causal+sign", "causal=true",
             {"causal", "opposite sign"});
}

TEST(CheckPairs, ASingleSlipIsNamedAloneAndAMatchGetsNoDiagnosis) {
  // One slip: named alone, no pair beside or instead of it.
  for (const CheckReport& r :
       {check("rope", {{"length", "128"}}, "cos", ropeCache(128, 64, 500000, false, false)),
        check("rope", {{"length", "128"}}, "cos", ropeCache(128, 64, 10000, true, false)),
        check("rope", {{"length", "96"}}, "cos", ropeCache(96, 64, 10000, false, false, 1.0))}) {
    ASSERT_FALSE(r.diagnosis.empty()) << checkReportText(r);
    EXPECT_TRUE(r.diagnosis.front().explains) << checkReportText(r);
    for (const Slip& s : r.diagnosis)
      EXPECT_EQ(s.id.find('+'), std::string::npos) << checkReportText(r);
  }
  // Both settings given: a match, and no diagnosis at all.
  const CheckReport match =
      check("rope", {{"length", "128"}, {"layout", "interleaved"}, {"base", "500000"}}, "cos",
            ropeCache(128, 64, 500000, true, false), ElementType::F32);
  EXPECT_TRUE(match.matches()) << checkReportText(match);
  EXPECT_TRUE(match.diagnosis.empty());
  EXPECT_EQ(checkReportText(match).find("diagnosis"), std::string::npos);
}

// ---- Shapes of series ------------------------------------------------------------------

TEST(CheckShapes, OurOwnSeriesNpyIsReadAsItsCurves) {
  // writeSeriesNpy stores (points, 1 + curves) with x in column 0: checked back as the curves.
  const Scheme& s = findScheme("alibi");
  const ParamSet p = makeParams(s, {{"heads", "4"}});
  const SeriesResult series = s.series(p, "slopes");
  Against a;
  a.file = "slopes.npy";
  a.array.shape = {4, 2};
  for (std::size_t h = 0; h < 4; ++h) {
    a.array.values.push_back(series.x[h]);
    a.array.values.push_back(series.curves[0].y[h]);
  }
  CheckReport r = checkArray(s, p, "slopes", a);
  EXPECT_TRUE(r.matches()) << checkReportText(r);
  EXPECT_EQ(r.oursShape.rows, 1);
  EXPECT_EQ(r.compared, 4);
  a.array.values[3] *= 2;  // a wrong slope is a mismatch, not a shape error
  r = checkArray(s, p, "slopes", a);
  EXPECT_TRUE(r.shapeMatches);
  EXPECT_EQ(r.mismatches, 1);
  a.array.values[0] = 7;  // column 0 is not x: an array of another shape
  EXPECT_FALSE(checkArray(s, p, "slopes", a).shapeMatches);
}

TEST(CheckShapes, OneDimensionalArrayIsOneColumnOfOurs) {
  // np.loadtxt of a one-column CSV (our own export of --cols 3:4 too) and a[:, 3] are 1-D.
  const Scheme& s = findScheme("rope");
  const ParamSet p = makeParams(s, {{"length", "16"}, {"dim", "8"}});
  Region column;
  column.c0 = 3;
  column.c1 = 4;
  const Matrix c = computeMatrix(s, p, "cos", column).values;
  Against a;
  a.file = "column.csv";
  a.array.shape = {16};
  a.array.values.assign(c.data(), c.data() + c.size());
  CheckOptions options;
  options.region = column;
  CheckReport r = checkArray(s, p, "cos", a, options);
  EXPECT_TRUE(r.matches()) << checkReportText(r);
  EXPECT_EQ(r.compared, 16);
  a.array.values[5] += 0.5;
  r = checkArray(s, p, "cos", a, options);
  EXPECT_TRUE(r.shapeMatches);
  EXPECT_EQ(r.mismatches, 1);
  // An explicit (1, 16) row against our (16, 1) column stays a transposed shape.
  a.array.shape = {1, 16};
  EXPECT_FALSE(checkArray(s, p, "cos", a, options).shapeMatches);
}

TEST(CheckShapes, AShapeNoSlipGivesSaysToGiveTheRegion) {
  const Scheme& s = findScheme("rope");
  const ParamSet p = makeParams(s, {{"length", "16"}, {"dim", "8"}});
  Against a;
  a.file = "odd.npy";
  a.array.shape = {5, 7};
  a.array.values.assign(35, 0.25);
  const CheckReport r = checkArray(s, p, "cos", a);
  EXPECT_FALSE(r.shapeMatches);
  EXPECT_NE(checkReportText(r).find("give the rows and columns it holds"), std::string::npos)
      << checkReportText(r);
}

// ---- the region compared: one rule for the command line and the window (issue 26, item 1) ----

TEST(CheckRegion, AnyFileButOurExportIsComparedWithTheWholeViewUnlessRowsAreGiven) {
  const ViewSpec& cos = findView(findScheme("rope"), "cos");
  Against yours;
  yours.array.shape = {255, 64};  // one row short of a length-256 view
  const Region whole = checkRegion(cos, yours, std::nullopt, std::nullopt);
  EXPECT_EQ(whole, Region{});  // never cut to the file's shape
  const Region given = checkRegion(cos, yours, IndexRange{10, 40}, IndexRange{8, -1});
  EXPECT_EQ(given.r0, 10);
  EXPECT_EQ(given.r1, 40);
  EXPECT_EQ(given.c0, 8);
  EXPECT_EQ(given.c1, -1);
}

TEST(CheckRegion, OurOwnExportSaysWhereItsRegionLiesAndRowsGivenWin) {
  const ViewSpec& cos = findView(findScheme("rope"), "cos");
  Against yours;
  yours.scheme = "rope";
  yours.view = "cos";
  yours.array.shape = {30, 16};
  yours.rowStart = 10;
  yours.colStart = 8;
  const Region own = checkRegion(cos, yours, std::nullopt, std::nullopt);
  EXPECT_EQ(own.r0, 10);
  EXPECT_EQ(own.r1, 40);
  EXPECT_EQ(own.c0, 8);
  EXPECT_EQ(own.c1, 24);
  const Region rows = checkRegion(cos, yours, IndexRange{0, 30}, std::nullopt);
  EXPECT_EQ(rows.r0, 0);
  EXPECT_EQ(rows.r1, 30);
  EXPECT_EQ(rows.c0, 8);  // the columns still where the export says
  // A start read from a file that would overflow with its size saturates (then the view's
  // bounds refuse it) instead of wrapping round.
  yours.rowStart = std::numeric_limits<Index>::max() - 5;
  EXPECT_EQ(checkRegion(cos, yours, std::nullopt, std::nullopt).r1,
            std::numeric_limits<Index>::max());
  // A series view is never cut to an export's shape.
  const ViewSpec& decay = findView(findScheme("rope"), "decay");
  EXPECT_EQ(checkRegion(decay, yours, std::nullopt, std::nullopt), Region{});
}

TEST(CheckRegion, AnArrayOneRowShortIsAShapeMismatchNamingTheLength) {
  const Scheme& s = findScheme("rope");
  const ParamSet p = makeParams(s, {{"length", "256"}, {"dim", "64"}});
  const Matrix all = ropeCache(256, 64, 10000, false, false);
  const Matrix cut = all.topRows(255);
  Against yours = against(cut, ElementType::F64);
  CheckOptions options;
  options.region = checkRegion(findView(s, "cos"), yours, std::nullopt, std::nullopt);
  const CheckReport r = checkArray(s, p, "cos", yours, options);
  EXPECT_FALSE(r.matches());
  EXPECT_FALSE(r.shapeMatches);
  EXPECT_EQ(r.oursShape.rows, 256);
  ASSERT_FALSE(r.diagnosis.empty());
  EXPECT_EQ(r.diagnosis.front().id, "length");
}

}  // namespace
}  // namespace posenc
