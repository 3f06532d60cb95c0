// SPDX-License-Identifier: GPL-3.0-or-later
// Writers for a view's numbers (CSV, NPY, JSON) and atomic file writing.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "posenc/base/params.hpp"
#include "posenc/base/view.hpp"

namespace posenc {

/// The number formats a view can be exported to.
enum class DataFormat { Csv, Npy, Json };

/// Format from a file name's extension (.csv, .npy, .json; case-insensitive), if any.
[[nodiscard]] std::optional<DataFormat> dataFormatFromPath(std::string_view path);

/// What is being written: which scheme and view, with every parameter (defaults included).
struct ExportContext {
  std::string scheme;
  const ViewSpec* view = nullptr;
  const ParamSet* params = nullptr;
  /// Scheme::absentTerm for these parameters: why the view's term is absent (empty: present).
  std::string absentTerm{};
};

/// %.17g text of a number (round-trips); NaN and infinities as JSON `null`.
[[nodiscard]] std::string jsonNumber(double v);

/// JSON string literal with the escapes RFC 8259 requires.
[[nodiscard]] std::string jsonString(std::string_view s);

/// A parameter value as JSON: ints and reals as numbers, bools, choices as strings.
[[nodiscard]] std::string valueJson(const Value& value);

/// The parameters as a JSON object: ints and reals as numbers, bools, choices as strings.
[[nodiscard]] std::string paramsJson(const ParamSet& params);

/// Both JSON documents write, right after "params", "random_stand_ins": true when the view's
/// values come from random stand-in weights (ViewSpec::randomStandIns; drawn from the `seed`
/// parameter; not when ViewSpec::standInsUnless names a Text parameter that is set) and
/// "absent_term": "why" when ctx.absentTerm is set; neither key otherwise. JSON document of a
/// matrix view: {"scheme","view","params","kind":"matrix","rows","cols",
/// "row_start","col_start","row_label","col_label","value_label","data":[[...]...]}; masked
/// cells null. rows/cols count the written cells; row_start/col_start give the first index
/// (non-zero for a region). @pre result.exact().
void writeMatrixJson(std::ostream& out, const ExportContext& ctx, const MatrixResult& result);

/// JSON document of a series view: {"scheme","view","params","kind":"series","x_label",
/// "y_label","x":[...],"series":[{"name","y":[...]}]}; NaN as null.
void writeSeriesJson(std::ostream& out, const ExportContext& ctx, const SeriesResult& result);

/// CSV of a matrix: one line per row, no header, %.17g, masked cells "nan".
void writeMatrixCsv(std::ostream& out, const MatrixResult& result);

/// CSV of a series: header `x,name1,...` (names quoted when needed), then one line per x.
void writeSeriesCsv(std::ostream& out, const SeriesResult& result);

/// NPY v1.0, little-endian float64 ('<f8'), C order, shape (rows, cols).
void writeMatrixNpy(std::ostream& out, const MatrixResult& result);

/// NPY of a series: shape (n, 1 + number of curves); column 0 is x.
void writeSeriesNpy(std::ostream& out, const SeriesResult& result);

/// Thrown when a file cannot be written; the message names the path and the reason.
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Writes a file through a temporary in the same folder and renames it into place, so
/// readers see the old file or the whole new one, never a part.
/// @throws IoError (the temporary is removed and any existing file is untouched).
void writeFileAtomically(const std::filesystem::path& path,
                         const std::function<void(std::ostream&)>& write);

/// A message for a terminal or a window: every control character (newline included), every
/// byte that is not UTF-8 and every code point that reorders a line replaced by '?', at most
/// 2,000 characters. The command line passes every error it prints through it, so a file's
/// text that reached a message unfiltered still cannot retitle or clear the terminal nor
/// forge an output line (the readers filter what they quote too: text_util.hpp).
[[nodiscard]] std::string printableMessage(std::string_view text);

}  // namespace posenc
