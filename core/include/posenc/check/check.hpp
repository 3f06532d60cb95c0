// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle: an engineer's own numbers for a view (a RoPE cos cache, a sinusoidal table, an
// ALiBi or T5 bias matrix, ...) compared cell by cell with the exact values, and, when they
// differ, the usual convention slip that reproduces them named (other pairing layout,
// positions shifted by one, i - j for j - i, another base, a missing attention factor, float32
// rounding, ...). Used by `posenc check`, the window's File > Check Against File and the Python
// module's posenc.check.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "posenc/base/index_range.hpp"
#include "posenc/base/message.hpp"
#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"
#include "posenc/base/view.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc/tensors/tensor_file.hpp"

namespace posenc {

/// When two numbers count as equal: |yours - ours| <= atol + rtol |ours| (numpy.isclose and
/// torch.testing.assert_close's rule, ours in the role of the expected value).
struct Tolerance {
  double rtol = 0;
  double atol = 0;
  /// Where the numbers came from, for the report: "float32 default" or "--rtol/--atol".
  std::string source{};
};

/// The default tolerance for numbers stored as `type`: torch.testing.assert_close's defaults
/// (pytorch/pytorch, torch/testing/_comparison.py, _DTYPE_PRECISIONS): float16 rtol 1e-3 atol
/// 1e-5, bfloat16 rtol 1.6e-2 atol 1e-5, float32 rtol 1.3e-6 atol 1e-5, float64 rtol 1e-7
/// atol 1e-7. A float32 value rounded correctly from the exact one always passes.
[[nodiscard]] Tolerance defaultTolerance(ElementType type);

/// The lower-case numpy name of a stored type: "float16", "bfloat16", "float32", "float64".
[[nodiscard]] std::string dtypeName(ElementType type);

/// An engineer's array, read from a file (readAgainst) or handed over by the Python module.
struct Against {
  Array array{};       ///< Shape, stored type and values (exactly as double).
  std::string file{};  ///< For messages and the report: "cos.npy", "cache.npz:cos", ...
  /// Text files (.csv, .json) hold decimal numbers: the most significant digits any number
  /// was written with (0 for binary files). The default tolerance then follows the digits
  /// (>= 15: float64, >= 7: float32, else float16) and the report says so.
  int textDigits = 0;
  /// Our own JSON export names what it holds: scheme and view ids, every parameter as
  /// KEY=VALUE (choices and lists in the command line's spelling) and where its region starts.
  /// Empty / 0 for every other file.
  std::string scheme{};
  std::string view{};
  std::vector<std::pair<std::string, std::string>> sets{};
  Index rowStart = 0;
  Index colStart = 0;
};

/// The type numbers written with `digits` significant digits resemble, for their default
/// tolerance: >= 15 float64, >= 7 float32, else float16.
[[nodiscard]] ElementType textDigitsType(int digits);

/// The type whose default tolerance applies to `yours`: the stored type, or for a text file
/// textDigitsType of its digits.
[[nodiscard]] ElementType toleranceType(const Against& yours);

/// Reads "FILE[:NAME]" (parseTensorRef's rule): a .npy, an .npz array, a safetensors tensor
/// (FILE:NAME; the only one without a name), a .csv of numbers (a matrix, one line per row,
/// commas; or our own series CSV with its header), or our own JSON export (matrix or series).
/// Integer and boolean arrays are refused; NaN is allowed (masked cells), infinities too.
/// @throws FileError naming the file and what is wrong (a hostile header, truncated data, a
/// shape beyond the data, a ragged CSV, JSON that is not one of our exports, ...).
[[nodiscard]] Against readAgainst(std::string_view text);

/// The model a check's parameters are one layer of (`posenc check --model M --layer N`, the
/// window's check of a model shown): with it the diagnosis also proposes the slips of a
/// model's layers, from its other layers (a local layer computed with the global layers' base
/// or scaling and the converse, a scaling applied to sliding layers that the model applies
/// only to full ones).
struct CheckLayer {
  ModelMapping model{};    ///< The model's mapping (mapConfig), its `layers` listed.
  std::int64_t index = 0;  ///< The layer checked (ModelLayer::index).
};

/// What to compare.
struct CheckOptions {
  std::optional<double> rtol{};  ///< Overrides the default tolerance's rtol (>= 0, finite).
  std::optional<double> atol{};  ///< Likewise atol.
  /// The part of the view the array holds (`--rows A:B --cols C:D`); r1 / c1 < 0: to the end.
  /// maxRows / maxCols are ignored: every cell is compared.
  Region region{};
  /// Recompute the view under the usual slips when the numbers differ (the report's diagnosis).
  bool diagnose = true;
  /// The model and layer the parameters are (layerSetup's); empty: the slips of a scheme
  /// alone.
  std::optional<CheckLayer> layer{};
};

/// One cell where yours and ours differ most.
struct CellDiff {
  Index row = 0;  ///< Absolute row (matrix) or curve index (series) of the view.
  Index col = 0;  ///< Absolute column (matrix) or point index (series).
  double yours = 0;
  double ours = 0;
  double absError = 0;  ///< |yours - ours|
  double relError = 0;  ///< |yours - ours| / |ours| (infinite when ours is 0 and yours is not)
};

/// One slip the diagnosis tried: a way of computing the view wrongly that engineers use.
struct Slip {
  /// Stable id: "layout", "rows_shifted", "cols_shifted", "transpose", "sign", "base",
  /// "scale", "attention_factor", "linear_side", "float32_angles", "float32", "float16",
  /// "bfloat16", "exp_vs_pow"; also "row_offset" (a constant per row, softmax-invariant),
  /// "alibi_slopes" (2^(-8(h+1)/n) for a head count that is not a power of two),
  /// "buckets_not_halved" (T5), "length" (a shape one row longer or shorter), "scaling"
  /// (another RoPE scaling), "rotary_exponent" (partial RoPE's exponent over the head dim),
  /// "partial_rotary" (plain for proportional partial RoPE or the converse, also from the
  /// shape); with CheckOptions::layer "layer_rope", "layer_base", "layer_scaling" (another
  /// layer type's base and scaling, base, or scaling) and "sliding_scaling" (the full layers'
  /// scaling on a sliding layer), and from checkView "rope_on_nope" (RoPE applied on a layer
  /// without positional encoding); and, for any other choice or flag of the scheme, the parameter's
  /// id ("causal", "bidirectional", ...) with the setting that reproduces yours (the JSON
  /// report and the tests use it). Two slips at once join their ids with '+', the first slip
  /// first: "layout+base", "layout+rows_shifted", "attention_factor+base",
  /// "layout+float32_angles".
  std::string id{};
  /// One English sentence naming the slip and how to read or fix it, e.g. "Your cos cache is
  /// the interleaved layout (each θⱼ in two adjacent columns); ours is half (emb = cat(freqs,
  /// freqs)): set layout=interleaved to compare, or pair dimension j with j + d/2.".
  std::string text{};
  /// The parameter assignment under which ours equals yours, when one exists
  /// ("layout=interleaved", "base=500000"; for two slips at once both, space-separated:
  /// "layout=interleaved base=500000"); empty otherwise.
  std::string setting{};
  double matchedShare = 0;  ///< Share of the compared cells that match under this slip.
  double maxAbsError = 0;   ///< Largest |yours - ours under the slip|.
  bool explains = false;    ///< Every compared cell matches under it.
  /// What the slip is, in a few words, as data ("Yours uses another base"; two slips at once
  /// "%1; then: %2" of both headlines): the window shows it in its own language
  /// (messageText). Made from templates beside the code that makes the slip, so a new slip
  /// needs no change to a user interface.
  Message headline{};
  /// The sentence as data: detail.english() is `text`, byte for byte; the window shows it
  /// translated, the numbers and settings in its holes.
  Message detail{};
};

/// The outcome of comparing an array with a view.
struct CheckReport {
  std::string scheme{};
  std::string view{};
  std::string file{};
  std::string dtype{};  ///< dtypeName of the array, or "text (N significant digits)".
  std::vector<std::int64_t> yoursShape{};  ///< As stored in the file.
  /// The shape compared: the region of the view (matrix: rows x cols; series: curves x
  /// points).
  MatrixShape oursShape{};
  Index rowStart = 0;  ///< Where the compared region starts in the view.
  Index colStart = 0;
  Tolerance tolerance{};
  /// False when the array's shape (after dropping leading dimensions of size 1) differs from
  /// oursShape; nothing is compared then (compared = 0) and `matches()` is false.
  bool shapeMatches = false;
  Index compared = 0;     ///< Cells compared (cells masked in ours, NaN, are skipped).
  Index masked = 0;       ///< Cells skipped because ours masks them.
  Index mismatches = 0;   ///< Compared cells outside the tolerance.
  CellDiff largestAbs{};  ///< Cell with the largest |yours - ours| (compared cells only).
  CellDiff largestRel{};  ///< Cell with the largest relative error.
  /// The view draws random stand-in weights (standInSeed): only our own export of the same
  /// parameters and seed can match; the report says so.
  bool randomStandIns = false;
  /// Best first: the slips that explain yours (explains = true), else the nearest partial
  /// ones worth naming; empty when the numbers match or nothing usual explains them.
  /// When no single slip explains every cell, pairs are searched: ours recomputed under a
  /// first slip that applies to the scheme and view (another value of a choice or flag, the
  /// attention factor missing or twice, positions or key positions starting at 1, the fitted
  /// base) and every single slip tried again over it (so a base is fitted under the other
  /// layout); a pair that explains every cell is then the only entry. The pair search starts
  /// no first slip after 400 ms (kPairBudgetMs), so a 4096 x 128 cos cache is checked in well
  /// under a second on two cores.
  std::vector<Slip> diagnosis{};
  /// The compared values, oursShape, row-major (for the window's side-by-side pictures);
  /// empty when the shapes differ.
  Matrix yours{};
  Matrix ours{};

  /// Set by checkView when the layer checked (CheckOptions::layer) has no such view, a NoPE
  /// layer asked for cos: yours was compared with the view of this layer of the model, its
  /// long-range layer (longRangeLayer), as `scheme` and `view` say. Matching it is the slip
  /// "rope_on_nope", which the diagnosis names, and the report does not match.
  std::optional<std::int64_t> viewOfLayer{};

  [[nodiscard]] bool matches() const { return shapeMatches && mismatches == 0 && !viewOfLayer; }
  [[nodiscard]] double mismatchShare() const {
    return compared > 0 ? static_cast<double>(mismatches) / static_cast<double>(compared) : 0.0;
  }
};

/// The part of the view a check compares: the one rule of `posenc check`, the window's Check
/// Against File and its Recheck. Rows and columns where given (`--rows A:B --cols C:D`, the
/// window's Rows and Columns fields); otherwise, for our own JSON export of a matrix view
/// (yours.scheme set, two dimensions), where its region lies (its start and its size);
/// otherwise the whole view. The array's own shape never sets the region: an array one row
/// short of the view is a shape mismatch (and its diagnosis), never a match of fewer rows.
/// maxRows = maxCols = 0 (every cell).
[[nodiscard]] Region checkRegion(const ViewSpec& view, const Against& yours,
                                 const std::optional<IndexRange>& rows,
                                 const std::optional<IndexRange>& cols);

/// Compares `yours` with view `view` of `scheme` under `params` on options.region.
/// A series view is compared as a matrix with one row per curve (its y values over x): a
/// one-dimensional array is compared with the first curve, (k, n) with the first k curves.
/// A matrix view takes a two-dimensional array (leading dimensions of size 1 dropped, as HF's
/// (1, seq, dim) caches; a one-dimensional array is one row).
/// @throws ParamError for a bad view, region or tolerance (naming it and what is allowed).
[[nodiscard]] CheckReport checkArray(const Scheme& scheme, const ParamSet& params,
                                     std::string_view view, const Against& yours,
                                     const CheckOptions& options = {});

/// The one check of `posenc check` and of the window's Check Against File: the region by
/// checkRegion's rule (the rows and columns given, else our own export's), then checkArray.
/// With options.layer, the slip no view of a layer without positional encoding can show, RoPE
/// applied on it ("rope_on_nope"; the layer checked draws another scheme than the model's
/// long-range layer, longRangeLayer, whose parameters are taken with `params`' length):
/// - a view the layer's scheme lacks and the long-range layer's has (a NoPE layer asked for
///   cos, sin or angles) is compared with the long-range layer's; yours equal to it is the
///   slip (viewOfLayer set, matches() false);
/// - yours not matching the layer's own view is compared with each view of the long-range
///   layer that the layer lacks (not one of random stand-ins, a matrix view only of yours'
///   number of cells); one that matches puts the slip first in the diagnosis.
/// @throws ParamError for a view neither layer has, or one only the long-range layer has
/// that yours does not match either (naming both layers and the layer's views); as
/// checkArray otherwise.
[[nodiscard]] CheckReport checkView(const Scheme& scheme, const ParamSet& params,
                                    std::string_view view, const Against& yours,
                                    CheckOptions options, const std::optional<IndexRange>& rows,
                                    const std::optional<IndexRange>& cols);

/// The report as text for a terminal: shapes, dtype and tolerance, cells compared, mismatches
/// (count and share), the largest absolute and relative error with their cells, then the
/// diagnosis (or why there is none), one item per line, English.
[[nodiscard]] std::string checkReportText(const CheckReport& report);

/// The same as one JSON object: {"scheme","view","file","dtype","yours_shape","ours_shape",
/// "row_start","col_start","rtol","atol","tolerance_source","shape_matches","matches",
/// "view_of_layer" (CheckReport::viewOfLayer, null when unset),
/// "compared","masked","mismatches","mismatch_share","largest_abs_error":{row,col,yours,ours,
/// abs_error,rel_error},"largest_rel_error":{...},"random_stand_ins","diagnosis":[{id,text,
/// setting,matched_share,max_abs_error,explains}]}.
void writeCheckReportJson(std::ostream& out, const CheckReport& report);

/// readAgainst's reader of a .csv already in memory (the fuzz target calls it): `text` is the
/// file's content, `file` the name for messages and Against::file. Lines starting with '#'
/// (np.savetxt's header) and blank lines are skipped. A header `x,name1,...` (our series CSV)
/// makes the curves rows (curves x points, x dropped); otherwise a matrix, one line per row,
/// numbers separated by commas (blanks around them allowed; nan and inf too), a single column
/// being one-dimensional as np.loadtxt reads it. textDigits: the most significant digits any
/// number was written with. @throws FileError naming the line and column of a ragged row or a
/// field that is not a number, and an empty file.
[[nodiscard]] Against parseAgainstCsv(std::string_view text, const std::string& file);

/// readAgainst's reader of our own JSON export (data_io.hpp writeMatrixJson / writeSeriesJson)
/// already in memory: scheme, view, every parameter as KEY=VALUE in the command line's spelling
/// (lists comma-joined, bools true/false), row_start / col_start, and the values ("data" with
/// null for masked cells as NaN; a series' "y" values as curves x points). textDigits: the most
/// significant digits of the shortest decimal reading back as any value (what %.17g and
/// Python's json write). @throws FileError for anything else (saying what was expected), a
/// ragged "data", a value that is not a number or null (bools, texts).
[[nodiscard]] Against parseAgainstJson(std::string_view text, const std::string& file);

}  // namespace posenc
