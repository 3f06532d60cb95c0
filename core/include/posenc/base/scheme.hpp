// SPDX-License-Identifier: GPL-3.0-or-later
// The interface every positional-encoding scheme implements, and the registry of schemes.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "posenc/base/mode_specs.hpp"
#include "posenc/base/params.hpp"
#include "posenc/base/types.hpp"
#include "posenc/base/view.hpp"

namespace posenc {

/// Everything a user interface needs to know about a scheme, as data.
struct SchemeInfo {
  std::string id{};           ///< Stable id (`--scheme ID`), e.g. "sinusoidal".
  std::string name{};         ///< Display name, e.g. "Sinusoidal (Vaswani et al. 2017)".
  std::string description{};  ///< One line.
  std::vector<ParamSpec> params{};
  std::vector<ViewSpec> views{};
  /// The panel Compare shows beside this scheme (same scheme and view, parameters changed by
  /// the first rule that matches; see CompanionRule). Empty: compareDefaults().companion.
  std::vector<CompanionRule> companions{};
  /// What Animate draws for this scheme (kind None: nothing).
  AnimationSpec animation{};
};

/// A view's title and value label for one parameter set (Scheme::labels); empty = the spec's.
struct ViewLabels {
  std::string title{};
  std::string valueLabel{};
};

/// A positional-encoding scheme. Implementations are stateless and thread-safe: every
/// method is const and depends only on its arguments.
class Scheme {
 public:
  virtual ~Scheme() = default;

  [[nodiscard]] virtual const SchemeInfo& info() const = 0;

  /// Cross-parameter checks (e.g. head < heads, d_model divisible by heads). Each single
  /// value has already passed checkValue against its spec.
  /// @throws ParamError naming the offending parameter.
  virtual void validate(const ParamSet& params) const;

  /// Shape of matrix view `view` (a view id of kind Matrix).
  [[nodiscard]] virtual MatrixShape shape(const ParamSet& params, std::string_view view) const = 0;

  /// Values of matrix view `view` at the given absolute rows and columns (both in range,
  /// increasing). Returns rows.size() x cols.size(); masked cells NaN.
  /// @throws ParamError when the view cannot be evaluated for these parameters (e.g. a
  ///         learned table with overflow=error asked for a position past max_len).
  [[nodiscard]] virtual Matrix evaluate(const ParamSet& params, std::string_view view,
                                        std::span<const Index> rows,
                                        std::span<const Index> cols) const = 0;

  /// The parts of cell (row, col) of matrix view `view`, for the hover readout: the
  /// additive terms that sum to the value where the view is a sum, and the quantities it is
  /// made of (distance, bucket, slope, ...). Empty when there is nothing to add.
  [[nodiscard]] virtual std::vector<Term> explainCell(const ParamSet& params, std::string_view view,
                                                      Index row, Index col) const;

  /// Values of series view `view`.
  [[nodiscard]] virtual SeriesResult series(const ParamSet& params,
                                            std::string_view view) const = 0;

  /// Why view `view` has nothing to show for these parameters: non-empty (one English sentence,
  /// translated by the ui like every core string) when the term the view draws is absent in
  /// the chosen variant, so its values are exactly 0 everywhere (e.g. TUPE's relative bias in
  /// tupe-a); pictures then draw this sentence instead of a blank heatmap. Empty by default.
  [[nodiscard]] virtual std::string absentTerm(const ParamSet& params, std::string_view view) const;

  /// The title and value label of view `view` when these parameters change what it shows
  /// (learned's similarity under measure = cosine draws cosines, not dot products); an empty
  /// string keeps the ViewSpec's. English, translated by the ui like every core string.
  [[nodiscard]] virtual ViewLabels labels(const ParamSet& params, std::string_view view) const;
};

/// The seed the values of view `view` are drawn from, when the view has random stand-ins
/// (ViewSpec::randomStandIns): the `seed` parameter; nullopt for a deterministic view.
[[nodiscard]] std::optional<std::uint64_t> standInSeed(const Scheme& scheme, const ParamSet& params,
                                                       std::string_view view);

/// Refuses a row of `rowLength` keys when the view caps its rows (ViewSpec::maxRowLength):
/// a ParamError naming parameter `param` = `value`, the cap, why, and that the other views
/// go further. `lengthText` says what the row length is made of (e.g. "q_len + mlen").
void checkRowLength(const ViewSpec& view, const std::string& param, const std::string& value,
                    Index rowLength, const std::string& lengthText);

/// Every built-in scheme, in display order.
[[nodiscard]] const std::vector<std::unique_ptr<Scheme>>& allSchemes();

/// The scheme with this id. @throws ParamError (param "scheme") listing the known ids.
[[nodiscard]] const Scheme& findScheme(std::string_view id);

/// The view of `scheme` with this id. @throws ParamError (param "view") listing its views.
[[nodiscard]] const ViewSpec& findView(const Scheme& scheme, std::string_view id);

/// The spec of parameter `id`. @throws ParamError (param = id) naming the scheme's parameters.
[[nodiscard]] const ParamSpec& findParam(const Scheme& scheme, std::string_view id);

/// Defaults, then each KEY=VALUE assignment in order (a later one for the same key wins),
/// then scheme.validate().
/// @throws ParamError for an unknown key, a bad value or a failed cross-check.
[[nodiscard]] ParamSet makeParams(const Scheme& scheme,
                                  const std::vector<std::pair<std::string, std::string>>& sets);

/// Validates every value of `params` against the scheme's specs, then scheme.validate().
void validateParams(const Scheme& scheme, const ParamSet& params);

/// Evaluates a matrix view on `region` (clamped to the matrix), sampled per sampleIndices.
/// @throws ParamError for an empty or out-of-range region.
[[nodiscard]] MatrixResult computeMatrix(const Scheme& scheme, const ParamSet& params,
                                         std::string_view view, const Region& region = {});

/// Bytes a full double matrix of this view would take (rows * cols * 8).
[[nodiscard]] double fullMatrixBytes(const Scheme& scheme, const ParamSet& params,
                                     std::string_view view);

/// "1.5 GiB"-style text for a byte count (binary units, one decimal).
[[nodiscard]] std::string humanBytes(double bytes);

}  // namespace posenc
