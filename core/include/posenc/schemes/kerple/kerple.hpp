// SPDX-License-Identifier: GPL-3.0-or-later
// KERPLE, kernelized relative positional embedding (Chi, Fan, Ramadge, Rudnicky, "KERPLE:
// Kernelized Relative Positional Embedding for Length Extrapolation", NeurIPS 2022;
// chijames/KERPLE): a learned conditionally positive definite kernel of the distance, added
// to the causal attention logits, logarithmic (−r₁ log(1 + r₂|i − j|)) or power (−a|i − j|^p).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"

namespace posenc {

/// The kernel (the authors' ParallelKerpleLog / ParallelKerplePower, megatron/mpu/layers.py).
enum class KerpleVariant {
  Log,    ///< "log": −r₁ log(1 + r₂ (i − j)); r₁ = the code's bias_p, r₂ = its bias_a.
  Power,  ///< "power": −a (i − j)^p; a = the code's bias_a, p = its bias_p.
};

/// Parses "log" | "power". @throws ParamError("variant", ...).
[[nodiscard]] KerpleVariant kerpleVariantFromId(std::string_view id);

/// The code's lower clamp of every kernel parameter (`self.eps = 1e-2`); p is also clamped
/// to at most 2 (the power kernel is conditionally positive definite only for 0 < p <= 2).
inline constexpr double kKerpleEps = 1e-2;

/// Parameters of kerple. r1, r2 (log) and a, p (power) are learned per head in the model
/// (initialised uniform in [0, 2) and [0, 1) by the code): the values here are those of head
/// `head`. heads and head also pick the ALiBi slope the curve view compares with (the code's
/// power kernel with pos_emb "..._original": a = ALiBi slope of the head, p = 1, not learned).
struct KerpleParams {
  std::int64_t length = 128;  ///< Positions 0..length-1; 1..2^20.
  std::int64_t heads = 8;     ///< Number of heads; 1..1024.
  std::int64_t head = 0;      ///< Head whose learned values r1, r2, a, p are; < heads.
  KerpleVariant variant = KerpleVariant::Log;
  double r1 = 1.0;  ///< Log kernel scale; 0.01..1000.
  double r2 = 1.0;  ///< Log kernel distance factor; 0.01..1000.
  double a = 1.0;   ///< Power kernel scale; 0.01..1000.
  double p = 0.5;   ///< Power kernel exponent; 0.01..2.
  friend bool operator==(const KerpleParams&, const KerpleParams&) = default;
};

/// Reads the kerple parameters (ids: length, heads, head, variant, r1, r2, a, p).
[[nodiscard]] KerpleParams kerpleParamsFrom(const ParamSet& params);

/// Cross-checks and the clamps as refusals: head < heads; r1, r2, a >= 0.01; 0.01 <= p <= 2.
/// @throws ParamError naming the parameter.
void checkKerpleParams(const KerpleParams& p);

/// −r₁ log(1 + r₂ d) for distance d >= 0 (ParallelKerpleLog.forward); +0 at d = 0.
[[nodiscard]] double kerpleLogBias(double r1, double r2, double distance);

/// −a d^p for distance d >= 0 (ParallelKerplePower.forward); +0 at d = 0.
[[nodiscard]] double kerplePowerBias(double a, double p, double distance);

/// The bias of the chosen variant at distance d = i − j >= 0.
[[nodiscard]] double kerpleBias(const KerpleParams& p, Index distance);

/// Bias view: rows.size() x cols.size(), B(a, b) = kerpleBias(rows[a] − cols[b]) for key j <=
/// query i, kMasked (NaN) for j > i. <= 0, 0 on the diagonal, decreasing in i − j.
/// @note The code's diff matrix is tril(i − j), so its bias is 0 (not −∞) above the
///       diagonal; GPT-NeoX's causal mask then hides those cells, as this view does.
[[nodiscard]] Matrix kerpleBiasMatrix(const KerpleParams& p, std::span<const Index> rows,
                                      std::span<const Index> cols);

/// The kerple scheme (kerple_scheme.cpp): views bias (matrix) and curve (series).
[[nodiscard]] std::unique_ptr<Scheme> makeKerpleScheme();

}  // namespace posenc
