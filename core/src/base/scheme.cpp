// SPDX-License-Identifier: GPL-3.0-or-later
// Scheme-independent machinery: lookup, parameter assembly, region sampling.
#include "posenc/base/scheme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "base/view_table.hpp"
#include "posenc/base/memory_budget.hpp"

namespace posenc {

namespace {

const MessageTemplate kViewOf{"a view of %1: %2", "%1: a scheme id; %2: a list of view ids"};
const MessageTemplate kParameterOf{"a parameter of %1: %2",
                                   "%1: a scheme id; %2: a list of parameter ids"};
const MessageTemplate kAMatrixView{"a matrix view (this one is a series)"};
const MessageTemplate kRangeInside{"a non-empty range inside 0:%1",
                                   "%1: the number of rows or columns"};
const MessageTemplate kViewRequest{"%1 view '%2' at %3 x %4 cells (%5 of values)",
                                   "%1: a scheme id; %2: a view id; %3 x %4: rows x columns; "
                                   "%5: a size such as 1.5 GiB"};

}  // namespace

std::string humanBytes(double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  int u = 0;
  while (bytes >= 1024.0 && u < 5) {
    bytes /= 1024.0;
    ++u;
  }
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.1f %s", bytes, units[u]);
  return buf;
}

void Scheme::validate(const ParamSet&) const {}

std::vector<Term> Scheme::explainCell(const ParamSet&, std::string_view, Index, Index) const {
  return {};
}

std::string Scheme::absentTerm(const ParamSet&, std::string_view) const { return {}; }

ViewLabels Scheme::labels(const ParamSet&, std::string_view) const { return {}; }

std::optional<std::uint64_t> standInSeed(const Scheme& scheme, const ParamSet& params,
                                         std::string_view view) {
  const ViewSpec& spec = findView(scheme, view);
  if (!spec.randomStandIns) return std::nullopt;
  if (!spec.standInsUnless.empty() && params.has(spec.standInsUnless) &&
      !params.getText(spec.standInsUnless).empty())
    return std::nullopt;  // a trained table replaces the stand-ins
  return static_cast<std::uint64_t>(params.getInt("seed"));
}

std::vector<Index> sampleIndices(Index begin, Index end, Index maxSamples) {
  std::vector<Index> out;
  const Index n = end - begin;
  if (n <= 0) return out;
  if (maxSamples <= 0 || n <= maxSamples) {
    out.resize(static_cast<std::size_t>(n));
    for (Index k = 0; k < n; ++k) out[static_cast<std::size_t>(k)] = begin + k;
    return out;
  }
  out.resize(static_cast<std::size_t>(maxSamples));
  for (Index k = 0; k < maxSamples; ++k) {
    // Integer form of floor((k + 1/2) n / maxSamples): exact for any n up to 2^40.
    out[static_cast<std::size_t>(k)] = begin + ((2 * k + 1) * n) / (2 * maxSamples);
  }
  return out;
}

bool MatrixResult::exact() const {
  if (rows.empty() || cols.empty()) return true;
  return static_cast<Index>(rows.size()) == rows.back() - rows.front() + 1 &&
         static_cast<Index>(cols.size()) == cols.back() - cols.front() + 1;
}

const Scheme& findScheme(std::string_view id) {
  std::vector<std::string> ids;
  for (const auto& s : allSchemes()) {
    if (s->info().id == id) return *s;
    ids.push_back(s->info().id);
  }
  throw ParamError("scheme", std::string(id), Message(allowed::kOneOf, {MessageArg::list(ids)}));
}

const ViewSpec& findView(const Scheme& scheme, std::string_view id) {
  std::vector<std::string> ids;
  for (const auto& v : scheme.info().views) {
    if (v.id == id) return v;
    ids.push_back(v.id);
  }
  throw ParamError("view", std::string(id),
                   Message(kViewOf, {scheme.info().id, MessageArg::list(ids)}));
}

const ParamSpec& findParam(const Scheme& scheme, std::string_view id) {
  std::vector<std::string> ids;
  for (const auto& p : scheme.info().params) {
    if (p.id == id) return p;
    ids.push_back(p.id);
  }
  throw ParamError(std::string(id), "",
                   Message(kParameterOf, {scheme.info().id, MessageArg::list(ids)}));
}

ParamSet makeParams(const Scheme& scheme,
                    const std::vector<std::pair<std::string, std::string>>& sets) {
  ParamSet params(scheme.info().params);
  for (const auto& [key, text] : sets) {
    const ParamSpec& spec = findParam(scheme, key);
    params.set(spec.id, parseValue(spec, text));
  }
  scheme.validate(params);
  return params;
}

void validateParams(const Scheme& scheme, const ParamSet& params) {
  for (const auto& spec : scheme.info().params) {
    if (!params.has(spec.id)) throw ParamError(spec.id, "(missing)", allowedMessage(spec));
    checkValue(spec, params.get(spec.id));
  }
  for (const auto& [key, value] : params.items()) (void)findParam(scheme, key);
  scheme.validate(params);
}

MatrixResult computeMatrix(const Scheme& scheme, const ParamSet& params, std::string_view view,
                           const Region& region) {
  const ViewSpec& spec = findView(scheme, view);
  if (spec.kind != ViewKind::Matrix) throw ParamError("view", spec.id, Message(kAMatrixView));
  MatrixResult out;
  out.full = scheme.shape(params, spec.id);
  const Index r1 = region.r1 < 0 ? out.full.rows : std::min(region.r1, out.full.rows);
  const Index c1 = region.c1 < 0 ? out.full.cols : std::min(region.c1, out.full.cols);
  if (region.r0 < 0 || region.r0 >= r1)
    throw ParamError("rows", std::to_string(region.r0) + ":" + std::to_string(r1),
                     Message(kRangeInside, {std::to_string(out.full.rows)}));
  if (region.c0 < 0 || region.c0 >= c1)
    throw ParamError("cols", std::to_string(region.c0) + ":" + std::to_string(c1),
                     Message(kRangeInside, {std::to_string(out.full.cols)}));
  // Refuse before anything of the request's size is allocated (the sampled index lists
  // included): the counts follow from the region alone.
  const auto sampled = [](Index n, Index maxSamples) {
    return maxSamples <= 0 ? n : std::min(n, maxSamples);
  };
  const Index nr = sampled(r1 - region.r0, region.maxRows);
  const Index nc = sampled(c1 - region.c0, region.maxCols);
  // A view that needs whole rows before any cell is known (softmax attention) works on every
  // key of each requested row, whichever columns are asked for.
  // (A view whose columns are dimensions, such as Shaw's values, has as many keys as rows.)
  const Index rowKeys = spec.dimensionColumns ? out.full.rows : out.full.cols;
  const Index workCols = spec.maxRowLength > 0 ? std::max(nc, rowKeys) : nc;
  checkMemory(matrixRequestBytes(static_cast<double>(nr), static_cast<double>(workCols),
                                 modelWidth(params), spec.vectorsPerPosition,
                                 static_cast<double>((r1 - region.r0) + (c1 - region.c0))),
              Message(kViewRequest,
                      {scheme.info().id, spec.id, std::to_string(nr), std::to_string(nc),
                       humanBytes(static_cast<double>(nr) * static_cast<double>(nc) * 8.0)}),
              "region");
  out.rows = sampleIndices(region.r0, r1, region.maxRows);
  out.cols = sampleIndices(region.c0, c1, region.maxCols);
  out.values = scheme.evaluate(params, spec.id, out.rows, out.cols);
  return out;
}

namespace detail {
const MessageTemplate kMatrixViewOf{"a matrix view of %1: %2",
                                    "%1: a scheme id; %2: a list of view ids"};
const MessageTemplate kSeriesViewOf{"a series view of %1: %2",
                                    "%1: a scheme id; %2: a list of view ids"};
const MessageTemplate kMatrixViewOfNone{"a matrix view of %1 (it has none)", "%1: a scheme id"};
const MessageTemplate kSeriesViewOfNone{"a series view of %1 (it has none)", "%1: a scheme id"};
}  // namespace detail

double fullMatrixBytes(const Scheme& scheme, const ParamSet& params, std::string_view view) {
  const MatrixShape s = scheme.shape(params, view);
  return static_cast<double>(s.rows) * static_cast<double>(s.cols) * 8.0;
}

}  // namespace posenc
