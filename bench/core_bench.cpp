// SPDX-License-Identifier: GPL-3.0-or-later
// Google Benchmark suite for the core: every matrix view of every scheme in the registry,
// evaluated on its whole range sampled onto an 800 x 800 grid (what a heatmap of that size
// asks for), and every series view, at 64, 4096, 65536 and 1048576 positions.
//
// Benchmark names: matrix/<scheme>/<view>/<L> and series/<scheme>/<view>/<L>. Also the RoPE
// cos cache as posenc.compute makes it (cache/rope_cos/131072x128: every cell, on every core;
// issue 17's target against numpy) and its cos kernel on one core per path
// (bulk_cos/<lanes>: 131072 rows x 64 angles m theta_j).
// A case the core refuses (a length above a parameter's range, a table too small, ...) is
// reported as skipped with the core's own message, so the output says why it is missing.
//
//   posenc_core_bench --benchmark_filter='matrix/.*/1048576' --benchmark_repetitions=5
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "../core/src/compute/bulk_math.hpp"
#include "posenc/base/scheme.hpp"

namespace {

using posenc::Index;

/// Sequence lengths of the issue: a toy, a usual context, a long one and 2^20.
constexpr std::array<Index, 4> kLengths{64, 4096, 65536, 1048576};

/// Pixels per side of the region asked for: the whole range sampled to at most this many
/// rows and columns (a heatmap drawn 800 x 800 pixels at device pixel ratio 1).
constexpr Index kPixels = 800;

using Assignments = std::vector<std::pair<std::string, std::string>>;

bool hasParam(const posenc::Scheme& scheme, const std::string& id) {
  for (const posenc::ParamSpec& p : scheme.info().params)
    if (p.id == id) return true;
  return false;
}

/// The assignments that give `scheme` a sequence of `length` positions, from its own length
/// parameters: `length` = L (and `max_len` = L where a scheme has both, i.e. a learned table
/// as long as the sequence, so no position needs the overflow rule); Transformer-XL's
/// `qlen` = `mlen` = L/2 (a segment plus an equal memory: L keys). Empty when the scheme has
/// none of these. Values above a parameter's range are left for makeParams to refuse.
Assignments lengthAssignments(const posenc::Scheme& scheme, Index length) {
  const std::string l = std::to_string(length);
  const std::string half = std::to_string(length / 2);
  if (hasParam(scheme, "length")) {
    Assignments sets{{"length", l}};
    if (hasParam(scheme, "max_len")) sets.emplace_back("max_len", l);
    return sets;
  }
  if (hasParam(scheme, "qlen") && hasParam(scheme, "mlen")) return {{"qlen", half}, {"mlen", half}};
  if (hasParam(scheme, "qlen")) return {{"qlen", l}};
  return {};
}

/// Parameters for `length` positions, or the reason there are none (the core's message).
bool makeLengthParams(benchmark::State& state, const posenc::Scheme& scheme, Index length,
                      posenc::ParamSet& params) {
  const Assignments sets = lengthAssignments(scheme, length);
  if (sets.empty()) {
    state.SkipWithError(
        ("scheme " + scheme.info().id + " has no length parameter (length, or qlen and mlen)")
            .c_str());
    return false;
  }
  try {
    params = posenc::makeParams(scheme, sets);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return false;
  }
  return true;
}

/// One matrix view on the whole range sampled to kPixels x kPixels.
void benchMatrix(benchmark::State& state, const posenc::Scheme* scheme, const std::string& view,
                 Index length) {
  posenc::ParamSet params;
  if (!makeLengthParams(state, *scheme, length, params)) return;
  const posenc::Region region{.maxRows = kPixels, .maxCols = kPixels};
  posenc::MatrixResult result;
  try {
    result = posenc::computeMatrix(*scheme, params, view, region);  // refusals show here
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  for (auto _ : state) {
    result = posenc::computeMatrix(*scheme, params, view, region);
    benchmark::DoNotOptimize(result.values.data());
    benchmark::ClobberMemory();
  }
  const auto cells = static_cast<std::int64_t>(result.values.size());
  state.SetItemsProcessed(state.iterations() * cells);
  state.counters["rows"] = static_cast<double>(result.rows.size());
  state.counters["cols"] = static_cast<double>(result.cols.size());
  state.counters["full_rows"] = static_cast<double>(result.full.rows);
  state.counters["full_cols"] = static_cast<double>(result.full.cols);
}

/// One series view at `length` positions.
void benchSeries(benchmark::State& state, const posenc::Scheme* scheme, const std::string& view,
                 Index length) {
  posenc::ParamSet params;
  if (!makeLengthParams(state, *scheme, length, params)) return;
  posenc::SeriesResult result;
  try {
    result = scheme->series(params, view);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  for (auto _ : state) {
    result = scheme->series(params, view);
    benchmark::DoNotOptimize(result.x.data());
    benchmark::ClobberMemory();
  }
  state.counters["points"] = static_cast<double>(result.x.size());
  state.counters["curves"] = static_cast<double>(result.curves.size());
}

/// The whole cos cache of RoPE at 131072 positions x 128 (128 MiB of doubles, a fresh
/// allocation each time, as posenc.compute hands numpy).
void benchRopeCache(benchmark::State& state) {
  const posenc::Scheme& s = posenc::findScheme("rope");
  const posenc::ParamSet p = posenc::makeParams(s, {{"length", "131072"}, {"dim", "128"}});
  for (auto _ : state) {
    posenc::MatrixResult m = posenc::computeMatrix(s, p, "cos", posenc::Region{});
    benchmark::DoNotOptimize(m.values.data());
  }
}

/// detail::cosOrSin on one core, `lanes` wide (8 AVX-512, 4 AVX2, 1 portable; capped at what
/// the processor has): the angles of a 131072 x 128 cache, 64 per row as ropeCache asks.
void benchBulkCos(benchmark::State& state, int lanes) {
  constexpr int kPairs = 64;
  std::vector<double> theta(kPairs), angles(kPairs), out(kPairs);
  for (int j = 0; j < kPairs; ++j) theta[j] = std::pow(10000.0, -2.0 * j / 128.0);
  for (auto _ : state) {
    for (int m = 0; m < 131072; ++m) {
      for (int j = 0; j < kPairs; ++j) angles[j] = m * theta[j];
      posenc::detail::cosOrSin(angles.data(), out.data(), kPairs, false, lanes);
      benchmark::DoNotOptimize(out.data());
    }
  }
  state.counters["lanes"] = std::min(lanes, posenc::detail::bulkTrigWidth());
}

/// One benchmark per (scheme, view, length), in registry order.
void registerAll() {
  benchmark::RegisterBenchmark("cache/rope_cos/131072x128", benchRopeCache)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  for (const int lanes : {8, 4, 1})
    benchmark::RegisterBenchmark(("bulk_cos/" + std::to_string(lanes)).c_str(), benchBulkCos, lanes)
        ->Unit(benchmark::kMillisecond);
  for (const auto& scheme : posenc::allSchemes()) {
    const posenc::Scheme* s = scheme.get();
    for (const posenc::ViewSpec& v : s->info().views) {
      const bool matrix = v.kind == posenc::ViewKind::Matrix;
      for (const Index length : kLengths) {
        const std::string name = std::string(matrix ? "matrix/" : "series/") + s->info().id + "/" +
                                 v.id + "/" + std::to_string(length);
        auto* b = matrix ? benchmark::RegisterBenchmark(name.c_str(), benchMatrix, s, v.id, length)
                         : benchmark::RegisterBenchmark(name.c_str(), benchSeries, s, v.id, length);
        b->Unit(benchmark::kMillisecond)->UseRealTime();
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  registerAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
