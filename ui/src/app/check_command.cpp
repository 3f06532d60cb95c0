// SPDX-License-Identifier: GPL-3.0-or-later
#include "check_command.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "command_input.h"
#include "posenc/check/check.hpp"
#include "posenc/io/data_io.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc_ui/app/command_runner.h"

namespace posenc::ui {

namespace {

/// The scheme, parameters and view of our own JSON export, with --set and --view over them.
ExportInput resolveFromExport(const CommandLine& cl, const Against& against) {
  ExportInput in;
  in.cl = cl;
  in.scheme = &findScheme(against.scheme);
  std::vector<std::pair<std::string, std::string>> assignments;
  for (const auto& kv : against.sets)
    if (std::none_of(cl.sets.begin(), cl.sets.end(),
                     [&](const auto& o) { return o.first == kv.first; }))
      assignments.push_back(kv);
  assignments.insert(assignments.end(), cl.sets.begin(), cl.sets.end());
  in.params = makeParams(*in.scheme, assignments);
  if (cl.view.empty()) in.cl.view = against.view;
  return in;
}

/// The model and layer checked, for the diagnosis of a model's layers (CheckOptions::layer):
/// --layer's, else the long-range layer of a model whose layers differ; empty without --model.
std::optional<CheckLayer> checkedLayer(const CommandLine& cl) {
  if (cl.model.empty()) return std::nullopt;
  const ModelSetup setup = modelSetup(cl.model, huggingFaceCache());
  if (!setup.report.mapping) return std::nullopt;
  std::optional<std::int64_t> index = setup.layer;
  if (!cl.layer.empty()) index = findLayer(*setup.report.mapping, cl.layer, cl.model);
  if (!index) return std::nullopt;
  return CheckLayer{*setup.report.mapping, *index};
}

bool hasView(const Scheme& scheme, const std::string& view) {
  return std::any_of(scheme.info().views.begin(), scheme.info().views.end(),
                     [&](const ViewSpec& v) { return v.id == view; });
}

/// The ids of `scheme`'s views, comma-separated.
std::string viewIds(const Scheme& scheme) {
  std::string out;
  for (const ViewSpec& v : scheme.info().views) out += (out.empty() ? "" : ", ") + v.id;
  return out;
}

/// RoPE applied on a NoPE layer (Llama 4's every 4th layer, Qwen3-Next's linear attention):
/// the layer checked draws a scheme without the view asked (NoPE has no cos, sin or angles),
/// and its own views cannot show the slip (the mask is RoPE's too; the attention draws random
/// stand-ins). When the model's long-range layer (longRangeLayer) has the view and yours is
/// that layer's, the slip is named (exit 1); otherwise the view is refused naming both. Returns
/// nullopt when the layer has the view (the ordinary check follows).
std::optional<int> ropeOnNope(const CommandLine& cl, const ExportInput& in,
                              const std::optional<CheckLayer>& layer, const Against& against,
                              std::ostream& out) {
  if (!layer || cl.view.empty() || hasView(*in.scheme, cl.view)) return std::nullopt;
  const ModelMapping& m = layer->model;
  const std::optional<std::int64_t> longRange = longRangeLayer(m);
  if (!longRange || static_cast<std::size_t>(layer->index) >= m.layers.size()) return std::nullopt;
  const ModelLayer& self = m.layers[static_cast<std::size_t>(layer->index)];
  const ModelLayer& other = m.layers[static_cast<std::size_t>(*longRange)];
  const Scheme& scheme = findScheme(other.scheme);
  if (!hasView(scheme, cl.view)) return std::nullopt;
  const std::string selfText = "layer " + std::to_string(self.index) + " (" + self.type + ") is " +
                               in.scheme->info().name + ", which has no " + cl.view +
                               " view (its views: " + viewIds(*in.scheme) + ")";
  const std::string otherText = "the " + cl.view + " of the model's " + other.scheme +
                                " layers (layer " + std::to_string(other.index) + "'s, " +
                                other.type + ")";
  CheckOptions options;
  options.diagnose = false;
  options.rtol = cl.rtol;
  options.atol = cl.atol;
  options.region = checkRegion(findView(scheme, cl.view), against, cl.rows, cl.cols);
  // That layer's parameters, the command line's --set over them (as the layer's own check).
  std::vector<std::pair<std::string, std::string>> sets = other.params;
  for (const auto& kv : cl.sets)
    if (std::any_of(scheme.info().params.begin(), scheme.info().params.end(),
                    [&](const ParamSpec& p) { return p.id == kv.first; }))
      sets.push_back(kv);
  const CheckReport r = checkArray(scheme, makeParams(scheme, sets), cl.view, against, options);
  if (!r.matches())
    throw UsageError(selfText + "; " + against.file + " is not " + otherText + " either");
  const std::string text = "Your " + against.file + " is " + otherText + ", but " + selfText +
                           ": the model's positional encoding applied on a layer without it "
                           "(RoPE on a NoPE layer); leave q and k of layer " +
                           std::to_string(self.index) + " unrotated.";
  if (cl.json)
    out << "{\"scheme\":" << jsonString(self.scheme) << ",\"layer\":" << self.index
        << ",\"view\":" << jsonString(cl.view) << ",\"file\":" << jsonString(against.file)
        << ",\"matches\":false,\"diagnosis\":[{\"id\":\"rope_on_nope\",\"text\":"
        << jsonString(text) << ",\"setting\":\"\",\"matched_share\":1,\"explains\":true}]}\n";
  else
    out << "check layer " << self.index << " against " << against.file << "\n  diagnosis: " << text
        << "\n";
  return kExitMismatch;
}

}  // namespace

int runCheck(const CommandLine& cl, std::ostream& out) {
  const bool named =
      !cl.scheme.empty() || !cl.model.empty() || !cl.session.empty() || !cl.preset.empty();
  // Resolving first refuses a bad parameter before a large file is read.
  std::optional<ExportInput> in;
  if (named) in = resolveExport(cl);
  const Against against = readAgainst(cl.against);
  if (!named) {
    if (against.scheme.empty())
      throw UsageError(
          "check needs --scheme ID --view VIEW, --model PATH, --preset ID or "
          "--session FILE: " +
          against.file + " is not our own JSON export, which would name them");
    in = resolveFromExport(cl, against);
  }
  const std::optional<CheckLayer> layer = checkedLayer(cl);
  if (const std::optional<int> status = ropeOnNope(cl, *in, layer, against, out)) return *status;
  const ViewSpec& view = findView(*in->scheme, in->cl.view);
  CheckOptions options;
  options.layer = layer;
  options.rtol = cl.rtol;
  options.atol = cl.atol;
  options.region = checkRegion(view, against, cl.rows, cl.cols);
  const CheckReport report = checkArray(*in->scheme, in->params, view.id, against, options);
  if (cl.json) writeCheckReportJson(out, report);
  else out << checkReportText(report);
  return report.matches() ? kExitOk : kExitMismatch;
}

}  // namespace posenc::ui
