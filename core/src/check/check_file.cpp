// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's readers (check.hpp readAgainst): an engineer's array from .npy, .npz,
// .safetensors, .csv or our own JSON export.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>

#include "base/text_util.hpp"
#include "io/json_sax.hpp"
#include "posenc/base/memory_budget.hpp"
#include "posenc/check/check.hpp"
#include "posenc/io/input_file.hpp"
#include "posenc/tensors/tensor_ref.hpp"

namespace posenc {

namespace {

const MessageTemplate kValuesOf{"the values of %1", "%1: a file name"};
const MessageTemplate kCountedValuesOf{"the %1 values of %2",
                                       "%1: the number of values; %2: a file name"};

const MessageTemplate kHoldsTensorsNameOne{"holds %1 tensors; name one as FILE:NAME",
                                           "%1: a number of tensors"};
const MessageTemplate kHoldsArraysNameOne{"holds %1 arrays; name one as FILE:NAME",
                                          "%1: a number of arrays"};
const MessageTemplate kTextTooLarge{
    "is %1 bytes; text files are read up to %2 MiB (save a large array as .npy)",
    "%1: the file's size; %2: the limit in MiB"};
const MessageTemplate kCsvNotANumber{
    "line %1, column %2: '%3' is not a number (allowed: decimal or exponent notation, nan, inf)",
    "%1: a line number; %2: a column number; %3: the field as written"};
const MessageTemplate kCsvRowWidth{
    "line %1 has %2 values, line %3 has %4 (every row needs as many)",
    "%1, %3: line numbers; %2, %4: numbers of values"};
const MessageTemplate kCsvSeriesHeader{
    "line %1: a series header needs x and at least one curve name",
    "%1: a line number; x: the name of the first column"};
const MessageTemplate kCsvHeaderWidth{"line %1 has %2 values, the header names %3 columns",
                                      "%1: a line number; %2, %3: numbers"};
const MessageTemplate kCsvSeriesNoRows{"the series CSV has a header but no rows of numbers"};
const MessageTemplate kCsvNoNumbers{"holds no numbers (an empty file, or only comments)"};
const MessageTemplate kListNumbersOnly{"params.%1: a list holds numbers only",
                                       "%1: a parameter id"};
const MessageTemplate kParamValueKind{
    "params.%1: a parameter is a number, a bool, a text or a list of numbers",
    "%1: a parameter id"};
const MessageTemplate kWholeNumberField{"%1 must be a whole number >= 0",
                                        "%1: a JSON field, row_start or col_start"};
const MessageTemplate kNotNumberCell{
    "%1 is %2, not a number or null (a masked cell)",
    "%1: a place in the JSON file, e.g. data[2][3]; %2: a JSON type (null, boolean, string, "
    "object or array)"};
const MessageTemplate kRowValues{
    "%1 has %2 values, data[0] has %3 (every row needs as many, at least one)",
    "%1: a row of the JSON file, e.g. data[2]; %2, %3: numbers of values"};
const MessageTemplate kNotArrayOfNumbers{"%1 is not an array of numbers",
                                         "%1: a place in the JSON file, e.g. data[2] or x"};
const MessageTemplate kMatrixNeedsData{"a matrix export needs \"data\": a non-empty array of rows"};
const MessageTemplate kFieldMismatch{"\"%1\" does not match the data (%2)",
                                     "%1: a JSON field, rows or cols; %2: the number the data has"};
const MessageTemplate kSeriesNeeds{
    "a series export needs \"x\" and \"series\": [{\"name\", \"y\"}, ...]"};
const MessageTemplate kNoPoints{"\"x\" holds no points"};
const MessageTemplate kNotObjectWithY{"%1 is not an object with \"y\"",
                                      "%1: a curve of the JSON file, e.g. series[0]"};
const MessageTemplate kCurveValues{"%1.y has %2 values, \"x\" has %3",
                                   "%1: a curve of the JSON file, e.g. series[0]; %2, %3: numbers "
                                   "of values"};
const MessageTemplate kNotValidJson{"not valid JSON"};
const MessageTemplate kNotOurExport{
    "not one of our JSON exports (posenc export --out FILE.json): expected an object with "
    "\"scheme\", \"view\", \"params\", \"kind\" (matrix or series) and \"data\" or \"x\" and "
    "\"series\""};
const MessageTemplate kOneArrayDropName{"a %1 file holds one array; drop ':%2'",
                                        "%1: a file extension, e.g. .npy; %2: the name given"};
const MessageTemplate kNotArrayFileCheck{
    "not an array file this reads (.npy, .npz, .safetensors, .csv or .json)"};

namespace fs = std::filesystem;
using nlohmann::json;

/// Text files are read whole; beyond these sizes an array belongs in a .npy (a 4096 x 4096
/// float64 matrix is 128 MiB there, about 400 MiB as %.18e text). JSON is held as a document
/// tree (about 16 bytes a number), hence its smaller limit.
constexpr std::uint64_t kMaxCsvBytes = std::uint64_t{512} << 20;
constexpr std::uint64_t kMaxJsonBytes = std::uint64_t{128} << 20;

std::string lowerExtension(const fs::path& file) {
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

/// The only array of a safetensors file, or the named one.
Array readSafetensorsArray(const TensorRef& ref) {
  const SafetensorsFile file(ref.file);
  if (!ref.name.empty()) return file.read(ref.name);
  if (file.tensors().size() != 1)
    throw FileError(ref.file.string(),
                    Message(kHoldsTensorsNameOne, {std::to_string(file.tensors().size())}));
  return file.read(file.tensors().front().name);
}

/// The only array of an .npz file, or the named one.
Array readNpzArray(const TensorRef& ref) {
  if (!ref.name.empty()) return readNpz(ref.file, ref.name);
  const std::vector<std::string> names = npzNames(ref.file);
  if (names.size() != 1)
    throw FileError(ref.file.string(),
                    Message(kHoldsArraysNameOne, {std::to_string(names.size())}));
  return readNpz(ref.file, names.front());
}

/// The whole of a text file, refused when missing, not a regular file or over `limit` bytes.
std::string readTextFile(const fs::path& path, std::uint64_t limit) {
  const InputFile file(path);  // regular files only, never blocking (a FIFO is refused)
  const std::string name = path.string();
  const std::uint64_t size = file.size();
  if (size > limit)
    throw FileError(name,
                    Message(kTextTooLarge, {std::to_string(size), std::to_string(limit >> 20)}));
  std::string text(static_cast<std::size_t>(size), '\0');
  file.readAt(0, std::as_writable_bytes(std::span(text)));
  return text;
}

/// Significant digits of a decimal number as written: the mantissa's digits without its
/// leading zeros ("0.00125" 3, "1.250000000000000000e-03" 19, "100" 3); a zero counts every
/// digit written ("0" 1, "0.000e+00" 4); "nan" and "inf" have none.
int significantDigits(std::string_view token) {
  int digits = 0;
  int leading = 0;
  bool nonZero = false;
  for (const char c : token) {
    if (c == 'e' || c == 'E') break;
    if (c < '0' || c > '9') continue;
    ++digits;
    if (!nonZero && c == '0') ++leading;
    else nonZero = true;
  }
  return nonZero ? digits - leading : digits;
}

/// A CSV field as a number: decimal or exponent notation, nan and inf (any case, signed).
std::optional<double> parseNumber(std::string_view t) {
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);  // C's %+g writes one
  if (t.empty() || t.front() == '+') return std::nullopt;
  double v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (end != t.data() + t.size()) return std::nullopt;
  if (ec == std::errc::result_out_of_range) return std::strtod(std::string(t).c_str(), nullptr);
  if (ec != std::errc()) return std::nullopt;
  return v;
}

std::string_view trimmed(std::string_view s) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

/// Of a line read as our series CSV's header (names quoted as CSV quotes them: "a,b",
/// "say ""x"""): its first field and how many fields it has. Nothing but the first field is
/// copied (a data line of millions of numbers is asked this too).
struct HeaderFields {
  std::string first{};
  std::size_t count = 1;
};

HeaderFields headerFields(std::string_view line) {
  HeaderFields h;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      if (h.count == 1) h.first += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      ++h.count;
    } else if (h.count == 1 && h.first.size() < 64) {
      h.first += c;  // enough to tell "x" from anything else
    }
  }
  return h;
}

/// A CSV being read: rows of numbers, all as long as the first.
struct CsvTable {
  std::vector<double> values{};
  std::size_t width = 0;  ///< Numbers per row.
  std::size_t rows = 0;
  std::size_t firstLine = 0;  ///< Line number of the first row (for messages).
  int digits = 0;
};

/// Adds one data line (1-based number `lineNo`) to `table`.
void addCsvRow(CsvTable& table, std::string_view line, std::size_t lineNo,
               const std::string& file) {
  std::size_t count = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = line.find(',', start);
    const std::string_view field =
        trimmed(line.substr(start, comma == std::string_view::npos ? std::string_view::npos
                                                                   : comma - start));
    ++count;
    const std::optional<double> v = parseNumber(field);
    if (!v)
      throw FileError(file, Message(kCsvNotANumber, {std::to_string(lineNo), std::to_string(count),
                                                     detail::printable(field)}));
    table.values.push_back(*v);
    table.digits = std::max(table.digits, significantDigits(field));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (table.rows == 0) {
    table.width = count;
    table.firstLine = lineNo;
  } else if (count != table.width) {
    throw FileError(file, Message(kCsvRowWidth,
                                  {std::to_string(lineNo), std::to_string(count),
                                   std::to_string(table.firstLine), std::to_string(table.width)}));
  }
  ++table.rows;
}

/// Our series CSV (x, then one column per curve) as curves x points, x dropped.
Array seriesFromColumns(const CsvTable& t) {
  Array a;
  const std::size_t curves = t.width - 1;
  a.shape = {static_cast<std::int64_t>(curves), static_cast<std::int64_t>(t.rows)};
  a.values.resize(curves * t.rows);
  for (std::size_t k = 0; k < t.rows; ++k)
    for (std::size_t c = 0; c < curves; ++c)
      a.values[c * t.rows + k] = t.values[k * t.width + c + 1];
  return a;
}

/// Our JSON export's parameter value in the command line's spelling.
std::string paramText(const std::string& key, const json& v, const std::string& file) {
  const auto number = [](const json& n) {
    if (n.is_number_integer()) return n.dump();
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", n.get<double>());
    return std::string(buf);
  };
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number()) return number(v);
  if (v.is_null()) return "nan";  // a real parameter that was not finite; makeParams refuses it
  if (v.is_array()) {
    std::string s;
    for (const json& e : v) {
      if (!e.is_number())
        throw FileError(file, Message(kListNumbersOnly, {detail::printable(key)}));
      s += (s.empty() ? "" : ",") + number(e);
    }
    return s;
  }
  throw FileError(file, Message(kParamValueKind, {detail::printable(key)}));
}

/// What markNonFinite puts in place of a non-finite number: a JSON string no export writes.
constexpr std::string_view kMarkPlusInf = "\"\\u0001+inf\"";
constexpr std::string_view kMarkMinusInf = "\"\\u0001-inf\"";
constexpr std::string_view kMarkNan = "\"\\u0001nan\"";

/// Python's json module writes Infinity, -Infinity and NaN (allow_nan, its default), which JSON
/// has not, and a number beyond a double's range (1e999) is an infinity that nlohmann-json
/// refuses: outside strings, each becomes a marker string that dataValue reads back.
/// Returns false, and leaves `out` empty, when the text has none (the usual case: no copy).
bool markNonFinite(std::string_view text, std::string& out) {
  std::size_t copied = 0;  // text before this is in `out`
  const auto replace = [&](std::size_t at, std::size_t n, std::string_view marker) {
    if (out.empty()) out.reserve(text.size() + 64);
    out.append(text.substr(copied, at - copied));
    out += marker;
    copied = at + n;
  };
  bool inString = false;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (inString) {
      if (c == '\\' && i + 1 < text.size()) ++i;
      else if (c == '"') inString = false;
      ++i;
      continue;
    }
    const std::string_view rest = text.substr(i);
    if (c == '"') {
      inString = true;
    } else if (rest.substr(0, 8) == "Infinity" || rest.substr(0, 9) == "-Infinity") {
      const bool minus = c == '-';
      replace(i, minus ? 9 : 8, minus ? kMarkMinusInf : kMarkPlusInf);
      i += minus ? 9 : 8;
      continue;
    } else if (rest.substr(0, 3) == "NaN") {
      replace(i, 3, kMarkNan);
      i += 3;
      continue;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      const std::size_t n = std::min(rest.find_first_not_of("0123456789+-.eE"), rest.size());
      const std::string_view token = rest.substr(0, n);
      // Only an exponent, or over 300 digits, can pass a double's range.
      const bool mayOverflow = token.find_first_of("eE") != std::string_view::npos || n > 300;
      const double v = mayOverflow ? std::strtod(std::string(token).c_str(), nullptr) : 0.0;
      if (std::isinf(v)) replace(i, n, v > 0 ? kMarkPlusInf : kMarkMinusInf);
      i += n;
      continue;
    }
    ++i;
  }
  if (copied == 0) return false;
  out.append(text.substr(copied));
  return true;
}

/// A non-negative whole number field of our export (row_start, col_start), 0 when absent.
Index startField(const json& doc, const char* key, const std::string& file) {
  const auto it = doc.find(key);
  if (it == doc.end()) return 0;
  if (!it->is_number_unsigned() || it->get<std::uint64_t>() > (std::uint64_t{1} << 62))
    throw FileError(file, Message(kWholeNumberField, {key}));
  return static_cast<Index>(it->get<std::uint64_t>());
}

/// The "data" of a matrix export as its events arrive: the values row after row, straight into
/// one vector (the document tree took about 40 bytes a number), with the first problem kept for
/// when the export turns out to be a matrix.
struct MatrixEvents {
  bool present = false;
  bool isArray = false;
  std::size_t rows = 0;  ///< Elements of "data" begun.
  std::size_t cols = 0;
  std::size_t inRow = 0;  ///< Values of the row being read.
  std::vector<double> values{};
  std::optional<Message> problem{};

  void fail(Message reason) {
    if (problem) return;
    problem = std::move(reason);
    values = {};  // no longer needed
  }
  std::string where() const { return "data[" + std::to_string(rows - 1) + "]"; }
  std::string cell() const { return where() + "[" + std::to_string(inRow) + "]"; }
  void notANumber(const char* type) { fail(Message(kNotNumberCell, {cell(), type})); }
  void value(double v, const std::string& file) {
    if (problem) return;
    if (values.size() == values.capacity()) {
      // Refused by the budget before the values would pass it, not after.
      const std::size_t next = std::max<std::size_t>(1024, 2 * values.capacity());
      checkMemory(static_cast<double>(next) * sizeof(double),
                  Message(kValuesOf, {detail::printable(file)}));
      values.reserve(next);
    }
    values.push_back(v);
  }
  void endRow() {
    if (rows == 1) cols = inRow;
    if (inRow == 0 || inRow != cols)
      fail(Message(kRowValues, {where(), std::to_string(inRow), std::to_string(cols)}));
  }
};

/// A series export's "x" and "series" as their events arrive: the number of points, and every
/// curve's "y" straight into one vector, each with its first problem (numberArray's words).
struct SeriesEvents {
  struct Curve {
    bool isObject = false;
    bool hasY = false;
    bool yIsArray = false;
    std::size_t count = 0;
    std::size_t start = 0;  ///< Its first value in `values`.
    std::optional<Message> problem{};
  };
  bool xPresent = false;
  bool xIsArray = false;
  std::size_t points = 0;
  std::optional<Message> xProblem{};
  bool present = false;
  bool isArray = false;
  std::vector<Curve> curves{};
  std::vector<double> values{};

  std::string where() const { return "series[" + std::to_string(curves.size() - 1) + "]"; }
  static Message notANumber(const std::string& cell, const char* type) {
    return Message(kNotNumberCell, {cell, type});
  }
  void xElement(bool isNumber, const char* type) {
    if (!isNumber && !xProblem) xProblem = notANumber("x[" + std::to_string(points) + "]", type);
    ++points;
  }
  void yElement(std::optional<double> v, const char* type, const std::string& file) {
    Curve& c = curves.back();
    if (!v && !c.problem)
      c.problem = notANumber(where() + ".y[" + std::to_string(c.count) + "]", type);
    ++c.count;
    if (!v) return;
    if (values.size() == values.capacity()) {
      const std::size_t next = std::max<std::size_t>(1024, 2 * values.capacity());
      checkMemory(static_cast<double>(next) * sizeof(double),
                  Message(kValuesOf, {detail::printable(file)}));
      values.reserve(next);
    }
    values.push_back(*v);
  }
};

/// Our JSON export as events: "data" into MatrixEvents, "x" and "series" into SeriesEvents,
/// every other member (the scheme, view, parameters and region: a few lines) into a document.
struct ExportEvents : detail::JsonSaxBase {
  using Dom = nlohmann::detail::json_sax_dom_parser<json>;
  enum class Member { Other, Data, X, Series };
  const std::string& file;
  json doc = json::object();
  bool topIsObject = false;
  Member at = Member::Other;  ///< The member open at depth 1.
  bool curveKeyIsY = false;   ///< The key open in a curve of "series" is "y".
  std::string member{};
  json value{};
  std::unique_ptr<Dom> dom{};
  MatrixEvents matrix{};
  SeriesEvents series{};

  explicit ExportEvents(const std::string& f) : file(f) {}

  void memberDone() {
    if (depth == 1 && dom) {
      doc[member] = std::move(value);  // a member given twice: the last counts
      dom.reset();
    }
  }
  /// A value that is not an object or array (`number` set when it reads as one).
  void scalar(std::optional<double> number, const char* type) {
    if (!topIsObject) return;
    if (at == Member::Data) {
      if (depth == 1) matrix.isArray = false;
      if (depth == 2 && matrix.isArray) {
        ++matrix.rows;
        matrix.fail(Message(kNotArrayOfNumbers, {matrix.where()}));
      }
      if (depth == 3 && matrix.isArray) {
        if (number) matrix.value(*number, file);
        else matrix.notANumber(type);
        ++matrix.inRow;
      }
    } else if (at == Member::X) {
      if (depth == 1) series.xIsArray = false;
      if (depth == 2 && series.xIsArray) series.xElement(number.has_value(), type);
    } else if (at == Member::Series) {
      if (depth == 1) series.isArray = false;
      if (depth == 2 && series.isArray) series.curves.emplace_back();  // not an object
      if (depth == 3 && curveKeyIsY) series.curves.back().yIsArray = false;
      if (depth == 4 && curveKeyIsY && series.curves.back().yIsArray)
        series.yElement(number, type, file);
    }
  }
  template <class F>
  bool event(F forward, std::optional<double> number, const char* type) {
    if (dom) {
      forward(*dom);
      memberDone();
    } else {
      scalar(number, type);
    }
    return true;
  }
  bool null() override {
    return event([](Dom& d) { d.null(); }, std::numeric_limits<double>::quiet_NaN(), "null");
  }
  bool boolean(bool b) override {
    return event([&](Dom& d) { d.boolean(b); }, std::nullopt, "boolean");
  }
  bool number_integer(number_integer_t n) override {
    return event([&](Dom& d) { d.number_integer(n); }, static_cast<double>(n), "number");
  }
  bool number_unsigned(number_unsigned_t n) override {
    return event([&](Dom& d) { d.number_unsigned(n); }, static_cast<double>(n), "number");
  }
  bool number_float(number_float_t x, const string_t& t) override {
    return event([&](Dom& d) { d.number_float(x, t); }, x, "number");
  }
  bool string(string_t& t) override {
    std::optional<double> v;
    if (t == "\x01+inf") v = std::numeric_limits<double>::infinity();
    if (t == "\x01-inf") v = -std::numeric_limits<double>::infinity();
    if (t == "\x01nan") v = std::numeric_limits<double>::quiet_NaN();
    return event([&](Dom& d) { d.string(t); }, v, "string");
  }
  bool key(string_t& k) override {
    if (depth == 1 && topIsObject) {
      at = k == "data"     ? Member::Data
           : k == "x"      ? Member::X
           : k == "series" ? Member::Series
                           : Member::Other;
      if (at == Member::Data) {  // a member given twice: the last counts
        matrix = MatrixEvents{};
        matrix.present = true;
      } else if (at == Member::X) {
        series.xPresent = true;
        series.xIsArray = false;
        series.points = 0;
        series.xProblem.reset();
      } else if (at == Member::Series) {
        series.present = true;
        series.isArray = false;
        series.curves.clear();
        series.values.clear();
      } else {
        member = k;
        value = json();
        dom = std::make_unique<Dom>(value, false);
      }
    } else if (dom) {
      dom->key(k);
    } else if (at == Member::Series && depth == 3 && series.isArray) {
      SeriesEvents::Curve& c = series.curves.back();
      curveKeyIsY = k == "y";
      if (curveKeyIsY) {
        series.values.resize(c.start);  // "y" given twice: the last counts
        c = SeriesEvents::Curve{c.isObject, true, false, 0, c.start, {}};
      }
    }
    return true;
  }
  bool start(bool isObject) {
    if (depth == 0) topIsObject = isObject;
    if (dom) {
      isObject ? dom->start_object(static_cast<std::size_t>(-1))
               : dom->start_array(static_cast<std::size_t>(-1));
    } else if (topIsObject && at == Member::Data) {
      if (depth == 1) matrix.isArray = !isObject;
      if (depth == 2 && matrix.isArray) {
        ++matrix.rows;
        matrix.inRow = 0;
        if (isObject) matrix.fail(Message(kNotArrayOfNumbers, {matrix.where()}));
      }
      if (depth == 3 && matrix.isArray) {
        matrix.notANumber(isObject ? "object" : "array");
        ++matrix.inRow;
      }
    } else if (topIsObject && at == Member::X) {
      if (depth == 1) series.xIsArray = !isObject;
      if (depth == 2 && series.xIsArray) series.xElement(false, isObject ? "object" : "array");
    } else if (topIsObject && at == Member::Series) {
      if (depth == 1) series.isArray = !isObject;
      if (depth == 2 && series.isArray) {
        series.curves.emplace_back();
        series.curves.back().isObject = isObject;
        series.curves.back().start = series.values.size();
        curveKeyIsY = false;
      }
      if (depth == 3 && curveKeyIsY && series.curves.back().isObject)
        series.curves.back().yIsArray = !isObject;
      if (depth == 4 && curveKeyIsY && series.curves.back().yIsArray)
        series.yElement(std::nullopt, isObject ? "object" : "array", file);
    }
    ++depth;
    return true;
  }
  bool end(bool isObject) {
    --depth;
    if (dom) {
      isObject ? dom->end_object() : dom->end_array();
      memberDone();
    } else if (topIsObject && at == Member::Data && depth == 2 && matrix.isArray && !isObject) {
      matrix.endRow();
    } else if (topIsObject && at == Member::Series && depth == 3) {
      curveKeyIsY = false;  // the end of "y" (or of another member's array or object)
    }
    return true;
  }
  bool start_object(std::size_t) override { return start(true); }
  bool start_array(std::size_t) override { return start(false); }
  bool end_object() override { return end(true); }
  bool end_array() override { return end(false); }
};

Array matrixFromJson(const json& doc, MatrixEvents& m, const std::string& file) {
  if (!m.present || !m.isArray || m.rows == 0) throw FileError(file, Message(kMatrixNeedsData));
  if (m.problem) throw FileError(file, *m.problem);
  Array a;
  const std::size_t rows = m.rows;
  const std::size_t cols = m.cols;
  a.values = std::move(m.values);
  for (const auto& [key, count] : {std::pair{"rows", rows}, std::pair{"cols", cols}}) {
    const auto it = doc.find(key);
    if (it != doc.end() && (!it->is_number_unsigned() || it->get<std::uint64_t>() != count))
      throw FileError(file, Message(kFieldMismatch, {key, std::to_string(count)}));
  }
  a.shape = {static_cast<std::int64_t>(rows), static_cast<std::int64_t>(cols)};
  return a;
}

/// A series export as curves x points (x only gives the number of points).
Array seriesFromJson(SeriesEvents& e, const std::string& file) {
  if (!e.xPresent || !e.present || !e.isArray || e.curves.empty())
    throw FileError(file, Message(kSeriesNeeds));
  if (!e.xIsArray) throw FileError(file, Message(kNotArrayOfNumbers, {"x"}));
  if (e.xProblem) throw FileError(file, *e.xProblem);
  const std::size_t points = e.points;
  if (points == 0) throw FileError(file, Message(kNoPoints));
  for (std::size_t s = 0; s < e.curves.size(); ++s) {
    const SeriesEvents::Curve& curve = e.curves[s];
    const std::string where = "series[" + std::to_string(s) + "]";
    if (!curve.isObject || !curve.hasY) throw FileError(file, Message(kNotObjectWithY, {where}));
    if (!curve.yIsArray) throw FileError(file, Message(kNotArrayOfNumbers, {where + ".y"}));
    if (curve.problem) throw FileError(file, *curve.problem);
    if (curve.count != points)
      throw FileError(file, Message(kCurveValues,
                                    {where, std::to_string(curve.count), std::to_string(points)}));
  }
  Array a;
  a.values = std::move(e.values);
  a.shape = {static_cast<std::int64_t>(e.curves.size()), static_cast<std::int64_t>(points)};
  return a;
}

/// The most significant digits of the shortest decimal that reads back as each value (what
/// our export's %.17g and Python's json write, give or take trailing zeros).
int shortestDigits(const std::vector<double>& values) {
  int digits = 0;
  char buf[64];
  for (const double v : values) {
    if (!std::isfinite(v)) continue;
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    if (ec == std::errc())
      digits = std::max(digits, significantDigits(std::string_view(buf, end - buf)));
  }
  return digits;
}

/// An upper bound of the numbers a CSV holds: the fields of its lines that are not blank or
/// comments (a series header counted too), found without reading any.
std::size_t csvFieldBound(std::string_view text) {
  std::size_t fields = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t newline = text.find('\n', start);
    const std::size_t end = newline == std::string_view::npos ? text.size() : newline;
    const std::string_view line = trimmed(text.substr(start, end - start));
    start = end + 1;
    if (line.empty() || line.front() == '#') continue;
    fields += 1 + static_cast<std::size_t>(std::count(line.begin(), line.end(), ','));
  }
  return fields;
}

}  // namespace

Against parseAgainstCsv(std::string_view text, const std::string& file) {
  CsvTable table;
  {
    // The values are held once, and twice for a series (its columns are turned into curves):
    // refused by the budget before anything is allocated, then allocated once.
    const std::size_t bound = csvFieldBound(text);
    const bool maybeSeries = text.find('x') != std::string_view::npos;
    checkMemory(static_cast<double>(bound) * sizeof(double) * (maybeSeries ? 2 : 1),
                Message(kCountedValuesOf, {std::to_string(bound), detail::printable(file)}));
    table.values.reserve(bound);
  }
  bool series = false;
  std::size_t headerWidth = 0;  ///< Columns our series header names (x included).
  std::size_t lineNo = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t newline = text.find('\n', start);
    const std::size_t end = newline == std::string_view::npos ? text.size() : newline;
    const std::string_view line = trimmed(text.substr(start, end - start));
    start = end + 1;
    ++lineNo;
    if (line.empty() || line.front() == '#') continue;  // np.savetxt's header and comments
    if (table.rows == 0 && !series) {
      const HeaderFields header = headerFields(line);
      if (trimmed(header.first) == "x") {
        if (header.count < 2)
          throw FileError(file, Message(kCsvSeriesHeader, {std::to_string(lineNo)}));
        series = true;
        headerWidth = header.count;
        continue;
      }
    }
    addCsvRow(table, line, lineNo, file);
    if (series && table.width != headerWidth)
      throw FileError(file,
                      Message(kCsvHeaderWidth, {std::to_string(lineNo), std::to_string(table.width),
                                                std::to_string(headerWidth)}));
  }
  if (table.rows == 0) throw FileError(file, Message(series ? kCsvSeriesNoRows : kCsvNoNumbers));
  Against a;
  a.file = file;
  a.textDigits = std::max(table.digits, 1);
  if (series) {
    a.array = seriesFromColumns(table);
  } else {
    a.array.values = std::move(table.values);
    // As np.loadtxt reads it: a single column (np.savetxt of a 1-D array) is one-dimensional.
    if (table.width == 1 && table.rows > 1) a.array.shape = {static_cast<std::int64_t>(table.rows)};
    else
      a.array.shape = {static_cast<std::int64_t>(table.rows),
                       static_cast<std::int64_t>(table.width)};
  }
  return a;
}

Against parseAgainstJson(std::string_view text, const std::string& file) {
  std::string marked;
  if (markNonFinite(text, marked)) text = marked;
  ExportEvents events(file);
  if (!detail::parseJsonEvents(text.data(), text.data() + text.size(), events))
    throw FileError(file, Message(kNotValidJson));
  marked = std::string();
  const json& doc = events.doc;
  const auto str = [&](const char* key) {
    const auto it = events.topIsObject ? doc.find(key) : doc.end();
    return it != doc.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  const std::string kind = str("kind");
  if (str("scheme").empty() || str("view").empty() || !doc.contains("params") ||
      !doc["params"].is_object() || (kind != "matrix" && kind != "series"))
    throw FileError(file, Message(kNotOurExport));
  Against a;
  a.file = file;
  a.scheme = str("scheme");
  a.view = str("view");
  for (const auto& [key, value] : doc["params"].items())
    a.sets.emplace_back(key, paramText(key, value, file));
  if (kind == "matrix") {
    a.array = matrixFromJson(doc, events.matrix, file);
    a.rowStart = startField(doc, "row_start", file);
    a.colStart = startField(doc, "col_start", file);
  } else {
    a.array = seriesFromJson(events.series, file);
  }
  a.textDigits = std::max(shortestDigits(a.array.values), 1);
  return a;
}

Against readAgainst(std::string_view text) {
  const TensorRef ref = parseTensorRef(text);
  Against a;
  a.file = formatTensorRef(ref);
  const std::string ext = lowerExtension(ref.file);
  const bool textFile = ext == ".csv" || ext == ".json";
  if ((ext == ".npy" || textFile) && !ref.name.empty())
    throw FileError(ref.file.string(),
                    Message(kOneArrayDropName, {ext, detail::printable(ref.name)}));
  if (ext == ".npy") {
    a.array = readNpy(ref.file);
  } else if (ext == ".npz") {
    a.array = readNpzArray(ref);
  } else if (ext == ".safetensors") {
    a.array = readSafetensorsArray(ref);
  } else if (ext == ".csv") {
    return parseAgainstCsv(readTextFile(ref.file, kMaxCsvBytes), ref.file.string());
  } else if (ext == ".json") {
    return parseAgainstJson(readTextFile(ref.file, kMaxJsonBytes), ref.file.string());
  } else {
    throw FileError(ref.file.string(), Message(kNotArrayFileCheck));
  }
  return a;
}

}  // namespace posenc
