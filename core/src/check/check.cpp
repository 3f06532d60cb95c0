// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's comparison (check.hpp): yours against ours cell by cell, the largest errors,
// and the report as text and JSON. The slips are tried in check_diagnosis.cpp.
#include "posenc/check/check.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "check/check_diagnosis.hpp"
#include "compute/parallel.hpp"
#include "posenc/base/memory_budget.hpp"
#include "posenc/io/data_io.hpp"

namespace posenc {

namespace {

const MessageTemplate kRangeInside{"a non-empty range inside 0:%1",
                                   "%1: the size of the dimension"};
const MessageTemplate kFiniteNonNegative{"a finite number >= 0"};
const MessageTemplate kViewRequest{"%1 view '%2' at %3 x %4 cells",
                                   "%1: a scheme id; %2: a view id; %3 x %4: rows x columns"};

/// The array as rows x cols after dropping leading dimensions of size 1; a one-dimensional
/// array is one row. nullopt when more than two dimensions remain.
std::optional<MatrixShape> asMatrixShape(const std::vector<std::int64_t>& shape) {
  std::size_t first = 0;
  while (shape.size() - first > 2 && shape[first] == 1) ++first;
  const std::size_t dims = shape.size() - first;
  if (dims == 0) return MatrixShape{1, 1};
  if (dims == 1) return MatrixShape{1, shape[first]};
  if (dims == 2) return MatrixShape{shape[first], shape[first + 1]};
  return std::nullopt;
}

std::string shapeText(const std::vector<std::int64_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

/// The half-open range [begin, end) of `range` inside [0, size), refused when empty or
/// outside, naming `param`.
std::pair<Index, Index> clampRange(Index begin, Index end, Index size, const std::string& param) {
  const Index e = end < 0 ? size : std::min(end, size);
  if (begin < 0 || begin >= e)
    throw ParamError(param, std::to_string(begin) + ":" + std::to_string(e),
                     Message(kRangeInside, {std::to_string(size)}));
  return {begin, e};
}

/// Ours for a series view: one row per curve over the points of `region`; `rowsWanted` rows
/// when the array has fewer curves than the view (a 1-D array: the first curve).
Matrix seriesRegion(const SeriesResult& s, const Region& region, Index rowsWanted, Index& rowStart,
                    Index& colStart) {
  const Index curves = static_cast<Index>(s.curves.size());
  const Index points = static_cast<Index>(s.x.size());
  auto [r0, r1] = clampRange(region.r0, region.r1, curves, "rows");
  if (region.r1 < 0) r1 = std::min(r1, r0 + rowsWanted);
  const auto [c0, c1] = clampRange(region.c0, region.c1, points, "cols");
  Matrix m(r1 - r0, c1 - c0);
  for (Index r = r0; r < r1; ++r)
    for (Index c = c0; c < c1; ++c)
      m(r - r0, c - c0) = s.curves[static_cast<std::size_t>(r)].y[static_cast<std::size_t>(c)];
  rowStart = r0;
  colStart = c0;
  return m;
}

void checkToleranceValue(const std::optional<double>& v, const char* name) {
  if (v && (!std::isfinite(*v) || *v < 0))
    throw ParamError(name, std::to_string(*v), Message(kFiniteNonNegative));
}

Tolerance toleranceFor(const Against& yours, const CheckOptions& options) {
  checkToleranceValue(options.rtol, "rtol");
  checkToleranceValue(options.atol, "atol");
  Tolerance t;
  if (yours.textDigits > 0) {
    const ElementType like = toleranceType(yours);
    t = defaultTolerance(like);
    t.source = "default for text with " + std::to_string(yours.textDigits) +
               " significant digits (as " + dtypeName(like) + ")";
  } else {
    t = defaultTolerance(yours.array.type);
  }
  if (options.rtol) t.rtol = *options.rtol;
  if (options.atol) t.atol = *options.atol;
  if (options.rtol || options.atol)
    t.source = options.rtol && options.atol ? "given (rtol and atol)"
               : options.rtol               ? "rtol given, atol " + t.source
                                            : "atol given, rtol " + t.source;
  return t;
}

/// Compared / masked / mismatches and the two largest errors of a band of rows.
struct CellStats {
  Index compared = 0;
  Index masked = 0;
  Index mismatches = 0;
  double worstAbs = -1;
  double worstRel = -1;
  CellDiff largestAbs{};
  CellDiff largestRel{};
};

CellStats compareRows(const CheckReport& r, Index i0, Index i1) {
  const double inf = std::numeric_limits<double>::infinity();
  CellStats s;
  for (Index i = i0; i < i1; ++i) {
    for (Index j = 0; j < r.ours.cols(); ++j) {
      const double o = r.ours(i, j);
      const double y = r.yours(i, j);
      if (std::isnan(o)) {
        ++s.masked;
        continue;
      }
      ++s.compared;
      const double err = std::isnan(y) ? inf : std::abs(y - o);
      const bool ok = err <= r.tolerance.atol + r.tolerance.rtol * std::abs(o);
      if (!ok) ++s.mismatches;
      const double rel = err == 0 ? 0.0 : (o == 0 ? inf : err / std::abs(o));
      if (err > s.worstAbs) {
        s.worstAbs = err;
        s.largestAbs = {i + r.rowStart, j + r.colStart, y, o, err, rel};
      }
      if (rel > s.worstRel) {
        s.worstRel = rel;
        s.largestRel = {i + r.rowStart, j + r.colStart, y, o, err, rel};
      }
    }
  }
  return s;
}

/// Rows per block when a large region is computed or compared on several cores.
Index rowGrain(Index cols) { return std::max<Index>(1, Index{262144} / std::max<Index>(1, cols)); }

/// Fills compared / masked / mismatches and the two largest errors (the first cell in
/// row-major order where each is largest), bands of rows on the cores, merged in order.
void compareCells(CheckReport& r) {
  const Index grain = rowGrain(r.ours.cols());
  const Index n = r.ours.rows();
  std::vector<CellStats> bands(static_cast<std::size_t>((n + grain - 1) / grain));
  detail::parallelBlocks(n, grain, [&](Index i0, Index i1) {
    bands[static_cast<std::size_t>(i0 / grain)] = compareRows(r, i0, i1);
  });
  CellStats all;
  for (const CellStats& b : bands) {
    all.compared += b.compared;
    all.masked += b.masked;
    all.mismatches += b.mismatches;
    if (b.worstAbs > all.worstAbs) {
      all.worstAbs = b.worstAbs;
      all.largestAbs = b.largestAbs;
    }
    if (b.worstRel > all.worstRel) {
      all.worstRel = b.worstRel;
      all.largestRel = b.largestRel;
    }
  }
  r.compared = all.compared;
  r.masked = all.masked;
  r.mismatches = all.mismatches;
  r.largestAbs = all.largestAbs;
  r.largestRel = all.largestRel;
}

/// Ours on `region` (every cell). A view computed cell by cell (no per-position vectors, no
/// whole rows) is computed in bands of rows on the cores: each cell is the view's exact value
/// whichever rows are asked with it, so the result is the same, bit for bit.
MatrixResult oursOnRegion(const Scheme& scheme, const ParamSet& params, const ViewSpec& spec,
                          const Region& region) {
  const MatrixShape full = scheme.shape(params, spec.id);
  const Index r1 = region.r1 < 0 ? full.rows : std::min(region.r1, full.rows);
  const Index c1 = region.c1 < 0 ? full.cols : std::min(region.c1, full.cols);
  const bool perCell = spec.vectorsPerPosition == 0 && spec.maxRowLength == 0;
  const Index rows = r1 - region.r0;
  const Index cols = c1 - region.c0;
  if (!perCell || region.r0 < 0 || rows <= 1 || region.c0 < 0 || cols <= 0 ||
      static_cast<double>(rows) * static_cast<double>(cols) < 1e6)
    return computeMatrix(scheme, params, spec.id, region);  // checks the region as usual
  checkMemory(matrixRequestBytes(static_cast<double>(rows), static_cast<double>(cols), 0, 0,
                                 static_cast<double>(rows + cols)),
              Message(kViewRequest,
                      {scheme.info().id, spec.id, std::to_string(rows), std::to_string(cols)}),
              "region");
  MatrixResult out =
      computeMatrix(scheme, params, spec.id, {region.r0, region.r0 + 1, region.c0, c1});
  out.rows = sampleIndices(region.r0, r1, 0);
  out.values.resize(rows, cols);
  detail::parallelBlocks(rows, rowGrain(cols), [&](Index a0, Index a1) {
    out.values.middleRows(a0, a1 - a0) =
        computeMatrix(scheme, params, spec.id, {region.r0 + a0, region.r0 + a1, region.c0, c1})
            .values;
  });
  return out;
}

/// The shape of `region` of a matrix view (its ends clamped to the view); nullopt when the
/// region is not inside the view (computeMatrix then refuses it, naming it).
std::optional<MatrixShape> regionShape(const Scheme& scheme, const ParamSet& params,
                                       const ViewSpec& spec, const Region& region) {
  const MatrixShape full = scheme.shape(params, spec.id);
  const Index r1 = region.r1 < 0 ? full.rows : std::min(region.r1, full.rows);
  const Index c1 = region.c1 < 0 ? full.cols : std::min(region.c1, full.cols);
  if (region.r0 < 0 || region.c0 < 0 || region.r0 >= r1 || region.c0 >= c1) return std::nullopt;
  return MatrixShape{r1 - region.r0, c1 - region.c0};
}

/// Whether yours (`given`, from `stored`) has shape `ours`: a one-dimensional array of n
/// values is also ours' one column of n rows (np.loadtxt reads a one-column CSV that way).
bool sameShape(const std::optional<MatrixShape>& given, const std::vector<std::int64_t>& stored,
               const MatrixShape& ours) {
  if (!given) return false;
  if (stored.size() == 1 && ours.cols == 1 && given->cols == ours.rows) return true;
  return given->rows == ours.rows && given->cols == ours.cols;
}

std::string num(double v) {
  std::ostringstream s;
  s.precision(9);
  s << v;
  return s.str();
}

std::string cellText(const CellDiff& c) {
  return num(c.absError) + " at row " + std::to_string(c.row) + ", column " +
         std::to_string(c.col) + " (yours " + num(c.yours) + ", ours " + num(c.ours) + ")";
}

void writeCell(std::ostream& out, const CellDiff& c) {
  out << "{\"row\": " << c.row << ", \"col\": " << c.col << ", \"yours\": " << jsonNumber(c.yours)
      << ", \"ours\": " << jsonNumber(c.ours) << ", \"abs_error\": " << jsonNumber(c.absError)
      << ", \"rel_error\": " << jsonNumber(c.relError) << "}";
}

/// Our own series .npy export (writeSeriesNpy: shape (points, 1 + curves), column 0 the x
/// values) as the curves x points array checkArray compares; nullopt for any other array.
std::optional<Array> fromSeriesNpy(const Array& a, const SeriesResult& s) {
  if (a.shape.size() != 2 || a.shape[1] < 2 || a.shape[0] != static_cast<std::int64_t>(s.x.size()))
    return std::nullopt;
  const auto points = static_cast<std::size_t>(a.shape[0]);
  const auto width = static_cast<std::size_t>(a.shape[1]);
  for (std::size_t i = 0; i < points; ++i)
    if (a.values[i * width] != s.x[i]) return std::nullopt;
  Array out;
  out.type = a.type;
  out.shape = {a.shape[1] - 1, a.shape[0]};
  out.values.reserve(points * (width - 1));
  for (std::size_t c = 1; c < width; ++c)
    for (std::size_t i = 0; i < points; ++i) out.values.push_back(a.values[i * width + c]);
  return out;
}

}  // namespace

ElementType textDigitsType(int digits) {
  return digits >= 15 ? ElementType::F64 : digits >= 7 ? ElementType::F32 : ElementType::F16;
}

ElementType toleranceType(const Against& yours) {
  return yours.textDigits > 0 ? textDigitsType(yours.textDigits) : yours.array.type;
}

Tolerance defaultTolerance(ElementType type) {
  switch (type) {
    case ElementType::F16:
      return {1e-3, 1e-5, "float16 default"};
    case ElementType::BF16:
      return {1.6e-2, 1e-5, "bfloat16 default"};
    case ElementType::F32:
      return {1.3e-6, 1e-5, "float32 default"};
    case ElementType::F64:
      break;
  }
  return {1e-7, 1e-7, "float64 default"};
}

std::string dtypeName(ElementType type) {
  switch (type) {
    case ElementType::F16:
      return "float16";
    case ElementType::BF16:
      return "bfloat16";
    case ElementType::F32:
      return "float32";
    case ElementType::F64:
      break;
  }
  return "float64";
}

CheckReport checkArray(const Scheme& scheme, const ParamSet& params, std::string_view view,
                       const Against& yours, const CheckOptions& options) {
  const ViewSpec& spec = findView(scheme, view);
  CheckReport r;
  r.scheme = scheme.info().id;
  r.view = spec.id;
  r.file = yours.file;
  r.dtype = yours.textDigits > 0
                ? "text (" + std::to_string(yours.textDigits) + " significant digits)"
                : dtypeName(yours.array.type);
  r.yoursShape = yours.array.shape;
  r.tolerance = toleranceFor(yours, options);
  r.randomStandIns = standInSeed(scheme, params, spec.id).has_value();
  std::optional<MatrixShape> given = asMatrixShape(yours.array.shape);
  const Array* values = &yours.array;  // yours as compared (our series .npy rearranged)
  std::optional<Array> rearranged;

  Matrix ours;
  if (spec.kind == ViewKind::Matrix) {
    Region region = options.region;
    region.maxRows = 0;
    region.maxCols = 0;
    // Shapes that differ are known before ours is computed: a 4096 x 128 cache checked against
    // a 1M x 1M mask is a mismatch (and its diagnosis), never half a terabyte computed first.
    if (const std::optional<MatrixShape> want = regionShape(scheme, params, spec, region);
        want && !sameShape(given, yours.array.shape, *want)) {
      r.rowStart = region.r0;
      r.colStart = region.c0;
      r.oursShape = *want;
      if (options.diagnose && given && !r.randomStandIns)
        r.diagnosis = detail::diagnoseShape(scheme, params, spec, r, yours.array);
      return r;
    }
    MatrixResult m = oursOnRegion(scheme, params, spec, region);
    r.rowStart = m.rows.front();
    r.colStart = m.cols.front();
    ours = std::move(m.values);
  } else {
    const SeriesResult series = scheme.series(params, spec.id);
    rearranged = fromSeriesNpy(yours.array, series);
    if (rearranged) {
      values = &*rearranged;
      given = asMatrixShape(rearranged->shape);
    }
    const Index wanted = given ? given->rows : 1;
    ours = seriesRegion(series, options.region, wanted, r.rowStart, r.colStart);
  }
  r.oursShape = {ours.rows(), ours.cols()};
  // A one-dimensional array of n values is ours' one column as much as one row: np.loadtxt
  // reads a one-column CSV (ours too) that way, and a[:, j] slices a column so.
  if (given && values->shape.size() == 1 && ours.cols() == 1 && given->cols == ours.rows())
    given = MatrixShape{ours.rows(), 1};
  r.shapeMatches = given && given->rows == ours.rows() && given->cols == ours.cols();
  if (!r.shapeMatches) {
    // A transposed shape, or one row more or less (positions from 1, another length).
    if (options.diagnose && given && !r.randomStandIns)
      r.diagnosis = detail::diagnoseShape(scheme, params, spec, r, *values);
    return r;
  }

  // Copied in bands of rows on the cores (a 4096 x 4096 array is 128 MiB of doubles).
  const Eigen::Map<const Matrix> given2d(values->values.data(), ours.rows(), ours.cols());
  r.yours.resize(ours.rows(), ours.cols());
  detail::parallelBlocks(ours.rows(), rowGrain(ours.cols()), [&](Index a0, Index a1) {
    r.yours.middleRows(a0, a1 - a0) = given2d.middleRows(a0, a1 - a0);
  });
  r.ours = std::move(ours);
  compareCells(r);
  if (options.diagnose && r.mismatches > 0 && !r.randomStandIns) {
    std::vector<Slip> tried;
    const CheckLayer* layer = options.layer ? &*options.layer : nullptr;
    r.diagnosis = detail::diagnoseSlips(scheme, params, spec, r, &tried, layer);
    detail::addPairSlip(scheme, params, spec, yours, options, tried, r);
  }
  return r;
}

std::string checkReportText(const CheckReport& r) {
  std::ostringstream out;
  out << "check " << r.scheme << " / " << r.view << " against " << r.file << "\n";
  if (r.viewOfLayer)
    out << "  layer: the view of layer " << *r.viewOfLayer
        << ", the model's long-range layer (the layer checked has no " << r.view << " view)\n";
  out << "  yours: " << shapeText(r.yoursShape) << " " << r.dtype << "\n";
  out << "  ours:  (" << r.oursShape.rows << ", " << r.oursShape.cols << ") from row " << r.rowStart
      << ", column " << r.colStart << "\n";
  out << "  tolerance: |yours - ours| <= " << num(r.tolerance.atol) << " + "
      << num(r.tolerance.rtol) << " |ours| (" << r.tolerance.source << ")\n";
  if (r.randomStandIns)
    out << "  note: this view draws random stand-in weights, so only our own export with the "
           "same parameters (seed included) can match it\n";
  if (!r.shapeMatches) {
    out << "  MISMATCH: the shapes differ: yours " << shapeText(r.yoursShape) << ", ours ("
        << r.oursShape.rows << ", " << r.oursShape.cols << ")\n";
  } else {
    out << "  cells compared: " << r.compared;
    if (r.masked) out << " (" << r.masked << " masked in ours, skipped)";
    out << "\n  mismatches: " << r.mismatches << " (" << num(100.0 * r.mismatchShare()) << " %)\n";
    if (r.compared > 0) {
      out << "  largest absolute error: " << cellText(r.largestAbs) << "\n";
      out << "  largest relative error: " << num(r.largestRel.relError) << " at row "
          << r.largestRel.row << ", column " << r.largestRel.col << " (yours "
          << num(r.largestRel.yours) << ", ours " << num(r.largestRel.ours) << ")\n";
    }
    if (r.matches()) out << "  MATCH: every cell is within the tolerance\n";
    else if (r.mismatches == 0)
      out << "  MISMATCH: every cell is layer " << r.viewOfLayer.value_or(0) << "'s " << r.view
          << ", a view the layer checked does not have\n";
    else out << "  MISMATCH: some cells are outside the tolerance\n";
  }
  if (!r.matches() && !r.randomStandIns) {
    if (r.diagnosis.empty() && !r.shapeMatches) {
      out << "  diagnosis: no usual slip gives your shape; if your array holds a part of the "
             "view, give the rows and columns it holds\n";
    } else if (r.diagnosis.empty()) {
      out << "  diagnosis: no usual slip reproduces your numbers\n";
    } else {
      out << "  diagnosis:\n";
      for (const Slip& s : r.diagnosis)
        out << "    - " << s.text
            << (s.explains ? "" : " (explains " + num(100.0 * s.matchedShare) + " % of the cells)")
            << "\n";
    }
  }
  return out.str();
}

void writeCheckReportJson(std::ostream& out, const CheckReport& r) {
  out << "{\"scheme\": " << jsonString(r.scheme) << ", \"view\": " << jsonString(r.view)
      << ", \"file\": " << jsonString(r.file) << ", \"dtype\": " << jsonString(r.dtype)
      << ", \"yours_shape\": [";
  for (std::size_t i = 0; i < r.yoursShape.size(); ++i) out << (i ? ", " : "") << r.yoursShape[i];
  out << "], \"ours_shape\": [" << r.oursShape.rows << ", " << r.oursShape.cols
      << "], \"row_start\": " << r.rowStart << ", \"col_start\": " << r.colStart
      << ", \"rtol\": " << jsonNumber(r.tolerance.rtol)
      << ", \"atol\": " << jsonNumber(r.tolerance.atol)
      << ", \"tolerance_source\": " << jsonString(r.tolerance.source)
      << ", \"shape_matches\": " << (r.shapeMatches ? "true" : "false")
      << ", \"matches\": " << (r.matches() ? "true" : "false") << ", \"view_of_layer\": "
      << (r.viewOfLayer ? std::to_string(*r.viewOfLayer) : std::string("null"))
      << ", \"compared\": " << r.compared << ", \"masked\": " << r.masked
      << ", \"mismatches\": " << r.mismatches
      << ", \"mismatch_share\": " << jsonNumber(r.mismatchShare()) << ", \"largest_abs_error\": ";
  writeCell(out, r.largestAbs);
  out << ", \"largest_rel_error\": ";
  writeCell(out, r.largestRel);
  out << ", \"random_stand_ins\": " << (r.randomStandIns ? "true" : "false")
      << ", \"diagnosis\": [";
  for (std::size_t i = 0; i < r.diagnosis.size(); ++i) {
    const Slip& s = r.diagnosis[i];
    out << (i ? ", " : "") << "{\"id\": " << jsonString(s.id)
        << ", \"text\": " << jsonString(s.text) << ", \"setting\": " << jsonString(s.setting)
        << ", \"matched_share\": " << jsonNumber(s.matchedShare)
        << ", \"max_abs_error\": " << jsonNumber(s.maxAbsError)
        << ", \"explains\": " << (s.explains ? "true" : "false") << "}";
  }
  out << "]}\n";
}

}  // namespace posenc
