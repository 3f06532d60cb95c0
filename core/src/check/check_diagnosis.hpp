// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's diagnosis (check.hpp): the view recomputed under the usual convention slips,
// and the ones that reproduce an engineer's numbers. check_diagnosis.cpp drives it (samples
// the cells, scores every candidate, verifies the promising ones on every cell, ranks);
// check_slips_generic.cpp makes the slips every scheme can have (another choice, positions
// shifted, transposed, sign, scale, another base, rounding); a scheme's own slips and its
// words for the generic ones are its hooks (base/scheme_hooks.hpp SchemeSlips, filled in
// schemes/<id>/<id>_slips.cpp), which check_slips_schemes.cpp calls, with the angle-table
// helpers the RoPE and sinusoidal slips share; check_slips_shape.cpp names a shape that is
// ours transposed or one row off, check_pairs.cpp two slips at once.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "posenc/base/message.hpp"
#include "posenc/check/check.hpp"

namespace posenc::detail {

/// The slips that explain report.yours (explains = true, best first), else the nearest
/// partial ones worth naming; empty when none does. report holds the compared region
/// (yours, ours, rowStart, colStart, tolerance) and at least one mismatch.
/// With `tried`, every candidate made is added to it (id, text, setting, headline, detail;
/// scores left 0), so the pair search (addPairSlip) can start from the settings it tried.
/// With `layer` (CheckOptions::layer), the slips of the model's layers are proposed too.
[[nodiscard]] std::vector<Slip> diagnoseSlips(const Scheme& scheme, const ParamSet& params,
                                              const ViewSpec& view, const CheckReport& report,
                                              std::vector<Slip>* tried = nullptr,
                                              const CheckLayer* layer = nullptr);

/// Two slips at once (check_pairs.cpp), when no single slip in report.diagnosis explains every
/// cell: ours recomputed under a first slip (a choice or flag flipped, the attention factor
/// dropped or doubled, positions shifted by one, the fitted base: the settings in `tried` and
/// the shifts that apply to this view), and the single slips tried again over it; the first
/// pair that explains every cell becomes the report's only diagnosis entry (id "first+second",
/// setting both settings, space-separated). Each first slip is tried on the first rows of the
/// region before all of it, and none is started once kPairBudgetMs have passed.
void addPairSlip(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                 const Against& yours, const CheckOptions& options, const std::vector<Slip>& tried,
                 CheckReport& report);

/// The pair search's time budget (milliseconds after it starts): no first slip is tried after
/// it. A 4096 x 128 cos cache with no usual explanation is checked in well under a second.
inline constexpr int kPairBudgetMs = 400;

/// When the shapes differ (report.shapeMatches false): names yours when it is ours transposed
/// or one row longer or shorter (positions starting at 1, or another length), checking the
/// values; or when another value of a choice of the scheme gives yours' shape and values (RoPE's
/// partial_rotary plain for proportional: d_rot columns for the whole head). Matrix views only;
/// empty when nothing of the kind fits.
[[nodiscard]] std::vector<Slip> diagnoseShape(const Scheme& scheme, const ParamSet& params,
                                              const ViewSpec& view, const CheckReport& report,
                                              const Array& yours);

/// Values of one recomputation on cells of the compared region given by RELATIVE indices
/// (0 .. report.ours.rows()-1, increasing): rows.size() x cols.size(), NaN where the slip
/// gives no value (a shifted position before 0, a cell ours masks).
using CellValues = std::function<Matrix(std::span<const Index> rows, std::span<const Index> cols)>;

/// One way of computing the view wrongly, ready to be scored.
struct SlipCandidate {
  std::string id{};
  /// Slip::headline and Slip::detail, made from templates beside the code that makes the
  /// candidate (its Slip::text is detail.english()).
  Message headline{};
  Message detail{};
  std::string setting{};
  CellValues values{};
  /// Rounding-level only (float32 angles, exp vs pow): named even when ours is as close,
  /// as long as it is closer than ours.
  bool rounding = false;
  /// Named after every other slip that explains yours: a bound on the error rather than a
  /// recomputation (float32 angles), so a plainer explanation (float32 rounding) comes first.
  /// Its Slip::maxAbsError is the report's largest |yours - ours|, the error it accounts for.
  bool fallback = false;
  /// Generic slips this one names in the code's own terms (the fitted "base" that RoPE's
  /// exponent over the head dim, or another layer's base, amounts to): left out of the report
  /// when this one explains yours.
  std::vector<std::string> hides{};
};

/// What the candidate makers see: the check and a sample of its cells.
struct DiagnosisContext {
  const Scheme& scheme;
  const ParamSet& params;
  const ViewSpec& view;
  const CheckReport& report;
  std::vector<Index> rows{};  ///< Sampled relative rows (the first ones, the worst cell's).
  std::vector<Index> cols{};  ///< Sampled relative columns.
  Matrix yours{};             ///< yours on the sample.
  Matrix ours{};              ///< ours on the sample.
  /// The tolerance was given (not the file type's default): rounding slips are worth naming.
  bool toleranceGiven = false;
  /// The model and layer checked (CheckOptions::layer); null: the scheme alone, and the slips
  /// of a model's layers are not proposed.
  const CheckLayer* layer = nullptr;
};

/// Values of view `view` under `params` at ABSOLUTE rows and columns (increasing): a matrix
/// view through Scheme::evaluate, a series view as curves x points; NaN for a cell outside
/// the view's shape under these parameters, and everywhere when they are refused.
[[nodiscard]] Matrix viewValuesAt(const Scheme& scheme, const ParamSet& params,
                                  const ViewSpec& view, std::span<const Index> rows,
                                  std::span<const Index> cols);

/// `params` with parameter `id` set to `text` (parsed against its spec) and validated;
/// false when the scheme refuses it.
[[nodiscard]] bool withParam(const Scheme& scheme, const ParamSet& params, const std::string& id,
                             const std::string& text, ParamSet& out);

/// Relative indices shifted to absolute ones.
[[nodiscard]] std::vector<Index> absolute(std::span<const Index> rel, Index start);

/// A candidate recomputing the view under other parameters (same cells).
[[nodiscard]] CellValues recomputeWith(const DiagnosisContext& ctx, ParamSet params);

/// v rounded to `digits` significant decimal digits, whole numbers exactly (500000, not
/// 499999.99999999994).
[[nodiscard]] double roundSignificant(double v, int digits);

/// Compact text of a number for a slip's sentence ("500000", "0.25", "1.0986").
[[nodiscard]] std::string slipNumber(double v);

/// The Slip a candidate names (text = detail.english()), its scores to be filled.
[[nodiscard]] Slip slipOf(const SlipCandidate& c);

/// Headlines and sentences of slips more than one file makes (check_slips_generic.cpp): the
/// positions or key positions starting at 1 (single slips, shapes, first slips of a pair),
/// the transpose (views and shapes).
extern const MessageTemplate kRowsShiftedHeadline;
extern const MessageTemplate kColsShiftedHeadline;
extern const MessageTemplate kTransposeHeadline;
extern const MessageTemplate kRowsFromOneDetail;
extern const MessageTemplate kColsFromOneDetail;
/// "Yours matches another value of %1" and its sentence: the generic slip of a choice or flag
/// (values and shapes).
extern const MessageTemplate kChoiceHeadline;
extern const MessageTemplate kChoiceDetail;

/// x rounded to the nearest number with `bits` significant bits whose exponent is at least
/// `minExp` (frexp's), ties to even: 24 / -125 is float32, 11 / -13 float16, 8 / -125
/// bfloat16 (subnormals included; no overflow to infinity).
[[nodiscard]] double roundToBits(double x, int bits, int minExp);

/// The slips every scheme can have: each other value of a choice or flag, positions shifted
/// by one, transposed, the sign, a scalar factor, a constant per row, another base, and
/// rounding to a narrower type.
[[nodiscard]] std::vector<SlipCandidate> genericSlips(const DiagnosisContext& ctx);

/// Another `base` (a Real parameter of that id): estimated from yours by a search over
/// log(base) on the first sampled rows, refined, then rounded to the roundest number that
/// still matches the sample (check_slips_base.cpp).
void addBaseSlip(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out);

/// Ours rounded to float32, float16 or bfloat16: the types narrower than the file's, or every
/// one when the tolerance was given (check_slips_base.cpp).
void addRoundingSlips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out);

/// The slips of one scheme's own code (its SchemeSlips::add hook: RoPE's float32 angles as
/// HF, exp vs pow, linear scaling on the wrong side; the sinusoidal table's float32 and exp
/// tables; ALiBi's simple slopes rule; T5's num_buckets not halved). Empty for a scheme
/// without the hook.
[[nodiscard]] std::vector<SlipCandidate> schemeSlips(const DiagnosisContext& ctx);

/// A scalar factor k names a known slip of the scheme (its SchemeSlips::nameFactor hook:
/// RoPE's attention factor missing or applied twice): fills id, text and setting, sets k to
/// the exact factor and returns true.
[[nodiscard]] bool nameFactor(const DiagnosisContext& ctx, double& k, SlipCandidate& out);

/// The scheme's named factors as settings whatever yours is (its SchemeSlips::factorSettings
/// hook; RoPE's cos and sin: the attention factor a missing, attention_factor=1, or applied
/// twice): a first slip of a pair, where the fitted factor of nameFactor is hidden by the
/// second slip. Values left empty.
[[nodiscard]] std::vector<SlipCandidate> factorSettings(const DiagnosisContext& ctx);

/// The generic sentence of slip `slipId`, or the scheme's own (SchemeSlips::text) when it has
/// one.
[[nodiscard]] Message slipDetail(const DiagnosisContext& ctx, std::string_view slipId,
                                 Message generic);

// ---- Shared by the schemes' own slips (schemes/<id>/<id>_slips.cpp) ----------------------

/// The columns of ours when the check covers whole rows of a matrix view with an even
/// number of columns (d, the width a pairing layout reorders); 0 otherwise.
[[nodiscard]] Index wholeEvenRows(const DiagnosisContext& ctx);

/// Values read off the report's ours, yours' column c being ours' column columns[c] (another
/// pairing layout holding the same numbers in another order): no recomputation.
[[nodiscard]] CellValues oursReordered(const DiagnosisContext& ctx, std::vector<Index> columns);

/// What a cell of an angle table holds: the angle itself, its cosine or its sine.
enum class AngleFn { Angle, Cos, Sin };

/// How a table of angles m·θ is computed: per-pair frequencies, where each column sits, the
/// arithmetic (float64, or float32 throughout) and a factor on cos and sin.
struct AngleRecipe {
  std::vector<double> theta{};  ///< Per pair; exactly float32 values when single.
  std::function<std::pair<Index, AngleFn>(Index col)> column{};
  bool single = false;
  double factor = 1;
};

/// The angle table of `recipe` on the check's cells (rows = position m).
[[nodiscard]] CellValues angleValues(const DiagnosisContext& ctx, AngleRecipe recipe);

/// θ_k of pair k as `num(k) / den` in the exponent of base: b^(−num/den) (pow) or
/// exp(−num ln b / den) (exp), in float64 or float32 (as torch / numpy float32 tensors).
[[nodiscard]] double frequency(double base, double num, double den, bool exp, bool single);

/// "E at position P": the report's largest absolute error and where.
[[nodiscard]] Message worstText(const CheckReport& r);

/// Headlines of the angle-table slips RoPE's and the sinusoidal table's code share
/// (check_slips_schemes.cpp): float32 angles; θ formed by exp for pow (%1 yours, %2 ours,
/// formulas).
extern const MessageTemplate kFloat32AnglesHeadline;
extern const MessageTemplate kExpVsPowHeadline;

/// float32's unit roundoff 2^-24.
inline constexpr double kEps32 = 5.9604644775390625e-8;

/// yours explained by angles computed in float32 (whatever pow, exp or order of operations
/// formed θ): cell (m, c) may differ from ours by m · slope[c] + constant (slope per ABSOLUTE
/// column). The recomputation is yours clamped into that band around ours: it matches yours
/// exactly where yours is within the band. Null when the band is too wide to prove anything.
[[nodiscard]] CellValues float32Band(const DiagnosisContext& ctx, std::vector<double> slope,
                                     double constant);

/// Relative float32 error of θ = b^-x however it is formed: (|ln b| x + 4) 2^-24.
[[nodiscard]] double thetaError(double base, double x);

}  // namespace posenc::detail
