// SPDX-License-Identifier: GPL-3.0-or-later
// The Python extension `posenc._posenc`: the core's schemes, views, oracle and model mapping
// for numpy. Thin on purpose: parameters arrive as the command line's KEY=VALUE text and go
// through makeParams, reports leave as the command line's JSON and text, so every check and
// message is the command line's; the Python package (posenc/__init__.py) turns them into
// Python values, documents the API and checks Python-side arguments.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "posenc/check/check.hpp"
#include "posenc/cli/command_line.hpp"
#include "posenc/io/data_io.hpp"
#include "posenc/io/scheme_json.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc/tensors/tensor_file.hpp"

namespace py = pybind11;

namespace posenc {

namespace {

const MessageTemplate kMatrixViewHere{"a matrix view here (%1 is a series view)", "%1: a view id"};
const MessageTemplate kSeriesViewHere{"a series view here (%1 is a matrix view)", "%1: a view id"};

using Sets = std::vector<std::pair<std::string, std::string>>;

/// A core matrix handed to numpy without a copy: the matrix moves to the heap and a capsule
/// frees it when the array (and every view of it) is gone. Matrix is row-major: C order.
py::array_t<double> toNumpy(Matrix&& values) {
  auto* owned = new Matrix(std::move(values));
  py::capsule free(owned, [](void* p) { delete static_cast<Matrix*>(p); });
  return py::array_t<double>({owned->rows(), owned->cols()}, owned->data(), free);
}

py::array_t<double> toNumpy(std::vector<double>&& values) {
  auto* owned = new std::vector<double>(std::move(values));
  py::capsule free(owned, [](void* p) { delete static_cast<std::vector<double>*>(p); });
  return py::array_t<double>(static_cast<py::ssize_t>(owned->size()), owned->data(), free);
}

Region regionOf(Index r0, Index r1, Index c0, Index c1) {
  Region region;
  region.r0 = r0;
  region.r1 = r1;
  region.c0 = c0;
  region.c1 = c1;
  return region;  // maxRows = maxCols = 0: every cell, no sampling
}

std::string viewKind(const std::string& scheme, const std::string& view) {
  return findView(findScheme(scheme), view).kind == ViewKind::Matrix ? "matrix" : "series";
}

/// computeMatrix on the region (every cell), without the GIL, into a numpy array.
py::array_t<double> computeMatrixView(const std::string& scheme, const std::string& view,
                                      const Sets& sets, Index r0, Index r1, Index c0, Index c1) {
  Matrix values;
  {
    py::gil_scoped_release release;
    const Scheme& s = findScheme(scheme);
    const ViewSpec& spec = findView(s, view);
    if (spec.kind != ViewKind::Matrix)
      throw ParamError("view", view, Message(kMatrixViewHere, {spec.id}));
    const ParamSet params = makeParams(s, sets);
    values = computeMatrix(s, params, spec.id, regionOf(r0, r1, c0, c1)).values;
  }
  return toNumpy(std::move(values));
}

/// Scheme::series without the GIL: (x, [(name, y), ...]) in the view's order.
py::tuple computeSeriesView(const std::string& scheme, const std::string& view, const Sets& sets) {
  SeriesResult result;
  {
    py::gil_scoped_release release;
    const Scheme& s = findScheme(scheme);
    const ViewSpec& spec = findView(s, view);
    if (spec.kind != ViewKind::Series)
      throw ParamError("view", view, Message(kSeriesViewHere, {spec.id}));
    result = s.series(makeParams(s, sets), spec.id);
  }
  py::list curves;
  for (Curve& c : result.curves) curves.append(py::make_tuple(c.name, toNumpy(std::move(c.y))));
  return py::make_tuple(toNumpy(std::move(result.x)), curves);
}

ElementType elementType(const std::string& dtype) {
  if (dtype == "float16") return ElementType::F16;
  if (dtype == "bfloat16") return ElementType::BF16;
  if (dtype == "float32") return ElementType::F32;
  if (dtype == "float64") return ElementType::F64;
  throw UsageError("array dtype " + dtype + ": must be float16, bfloat16, float32 or float64");
}

/// checkArray on a float64 copy of the caller's array (its values exactly as stored) that
/// remembers the stored type; returns (report JSON, report text).
py::tuple checkPyArray(const py::array_t<double, py::array::c_style | py::array::forcecast>& array,
                       const std::string& dtype, const std::string& scheme, const std::string& view,
                       const Sets& sets, std::optional<double> rtol, std::optional<double> atol,
                       Index r0, Index r1, Index c0, Index c1) {
  Against yours;
  yours.file = "the " + dtype + " array";
  yours.array.type = elementType(dtype);
  for (py::ssize_t k = 0; k < array.ndim(); ++k) yours.array.shape.push_back(array.shape(k));
  yours.array.values.assign(array.data(), array.data() + array.size());
  std::string json;
  std::string text;
  {
    py::gil_scoped_release release;
    const Scheme& s = findScheme(scheme);
    CheckOptions options;
    options.rtol = rtol;
    options.atol = atol;
    options.region = regionOf(r0, r1, c0, c1);
    const CheckReport report = checkArray(s, makeParams(s, sets), view, yours, options);
    std::ostringstream out;
    writeCheckReportJson(out, report);
    json = out.str();
    text = checkReportText(report);
  }
  return py::make_tuple(json, text);
}

/// A parameter's value as Python: int, float, bool, str or a list of floats.
py::object toPython(const Value& value) {
  return std::visit([](const auto& v) -> py::object { return py::cast(v); }, value);
}

/// modelSetup (the local folder or the Hugging Face cache; never the network):
/// (label, scheme, [(key, typed value), ...], report JSON).
py::tuple fromModel(const std::string& path) {
  ModelSetup setup;
  std::string report;
  {
    py::gil_scoped_release release;
    setup = modelSetup(path, huggingFaceCache());
    std::ostringstream out;
    writeModelReport(out, setup.report, true);
    report = out.str();
  }
  const Scheme& scheme = findScheme(setup.scheme);
  py::list params;
  for (const auto& [key, text] : setup.params)
    params.append(py::make_tuple(key, toPython(parseValue(findParam(scheme, key), text))));
  return py::make_tuple(setup.label, setup.scheme, params, report);
}

std::vector<std::string> schemeIds() {
  std::vector<std::string> ids;
  for (const auto& s : allSchemes()) ids.push_back(s->info().id);
  return ids;
}

/// The command line's errors (bad input) become ValueError with the command line's message,
/// without its "posenc: " prefix.
void translateErrors(std::exception_ptr error) {
  try {
    if (error) std::rethrow_exception(error);
  } catch (const ParamError& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const UsageError& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const FileError& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const ModelError& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const IoError& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  }
}

}  // namespace

}  // namespace posenc

PYBIND11_MODULE(_posenc, m) {
  using namespace posenc;
  m.doc() = "The compiled core of the posenc package; use the functions of `posenc` instead.";
  py::register_exception_translator(&translateErrors);
  m.def("schemes", &schemeIds, "Scheme ids in display order.");
  m.def(
      "scheme_json", [](const std::string& id) { return schemeJson(findScheme(id)); },
      py::arg("scheme"), "The scheme's entry of `posenc list --json`, as JSON text.");
  m.def("view_kind", &viewKind, py::arg("scheme"), py::arg("view"), "\"matrix\" or \"series\".");
  m.def("compute_matrix", &computeMatrixView, py::arg("scheme"), py::arg("view"), py::arg("sets"),
        py::arg("r0"), py::arg("r1"), py::arg("c0"), py::arg("c1"),
        "Rows [r0, r1) and columns [c0, c1) (r1, c1 = -1: to the end) of a matrix view as a "
        "float64 array, masked cells NaN; sets are the command line's (KEY, VALUE) texts.");
  m.def("compute_series", &computeSeriesView, py::arg("scheme"), py::arg("view"), py::arg("sets"),
        "A series view as (x, [(name, y), ...]), float64 arrays, in the view's order.");
  m.def("check", &checkPyArray, py::arg("array"), py::arg("dtype"), py::arg("scheme"),
        py::arg("view"), py::arg("sets"), py::arg("rtol"), py::arg("atol"), py::arg("r0"),
        py::arg("r1"), py::arg("c0"), py::arg("c1"),
        "checkArray of the array (stored as dtype) against the view: (report JSON, report text).");
  m.def("from_model", &fromModel, py::arg("path"),
        "A model folder's (label, scheme, [(key, value), ...], report JSON).");
}
