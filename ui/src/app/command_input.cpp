// SPDX-License-Identifier: GPL-3.0-or-later
#include "command_input.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "posenc/models/model_config.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/io/session_io.h"

namespace posenc::ui {

namespace {

const MessageTemplate kModelValue{"model %1: %2",
                                  "%1: a model's path or id; %2: the refused parameter's sentence"};
const MessageTemplate kModelConfigValue{
    "model %1: %2 (a value its config.json gives; --set %3=VALUE overrides it)",
    "%1: a model's path or id; %2: the refused parameter's sentence; %3: the parameter's id"};

/// The schemes with a `table` parameter (what --table sets), as "a, b" or "none".
std::string schemesWithTable() {
  std::string list;
  for (const auto& s : allSchemes())
    for (const ParamSpec& p : s->info().params)
      if (p.id == "table") list += (list.empty() ? "" : ", ") + s->info().id;
  return list.empty() ? "none in this build" : list;
}

/// --set pairs with --table's as `table`, refused naming the scheme when it has no table.
std::vector<std::pair<std::string, std::string>> setsWithTable(const CommandLine& cl,
                                                               const Scheme& scheme) {
  auto sets = cl.sets;
  if (cl.table.empty()) return sets;
  const auto& params = scheme.info().params;
  if (std::none_of(params.begin(), params.end(),
                   [](const ParamSpec& p) { return p.id == "table"; }))
    throw UsageError("--table: scheme " + scheme.info().id +
                     " has no table parameter (schemes with one: " + schemesWithTable() + ")");
  sets.emplace(sets.begin(), "table", cl.table);
  return sets;
}

/// --model PATH: the model's scheme and parameters (its own tables among them), then --table
/// and --set over them; without --view, the scheme's first view.
ExportInput resolveModelExport(const CommandLine& cl) {
  ExportInput in;
  in.cl = cl;
  ModelSetup setup = modelSetup(cl.model, huggingFaceCache());
  if (!cl.layer.empty()) {
    const std::int64_t layer = findLayer(*setup.report.mapping, cl.layer, cl.model);
    setup = layerSetup(setup, layer);
  }
  const ModelMapping& mapping = *setup.report.mapping;
  if (!mapping.layers.empty()) in.layers = layersView(mapping, cl.model);
  if (!cl.scheme.empty() && cl.scheme != setup.scheme)
    throw UsageError("--scheme " + cl.scheme + " does not match the scheme of model " + cl.model +
                     " (" + setup.scheme + "); leave --scheme out to use it");
  in.scheme = &findScheme(setup.scheme);
  // The model's values that the command line does not override (makeParams would refuse an
  // out-of-range value before a later assignment replaced it), then the command line's.
  const auto overrides = setsWithTable(cl, *in.scheme);
  std::vector<std::pair<std::string, std::string>> assignments;
  for (const auto& kv : setup.params)
    if (std::none_of(overrides.begin(), overrides.end(),
                     [&](const auto& o) { return o.first == kv.first; }))
      assignments.push_back(kv);
  assignments.insert(assignments.end(), overrides.begin(), overrides.end());
  try {
    in.params = makeParams(*in.scheme, assignments);
  } catch (const ParamError& e) {
    const bool fromCommandLine =
        std::any_of(cl.sets.begin(), cl.sets.end(),
                    [&](const auto& kv) { return kv.first == e.param(); }) ||
        (e.param() == "table" && !cl.table.empty());
    if (fromCommandLine) throw;
    // The values the config gave: those of the layer drawn.
    const auto& mapped = setup.layer ? mapping.layers[static_cast<std::size_t>(*setup.layer)].params
                                     : mapping.params;
    const bool fromConfig = std::any_of(mapped.begin(), mapped.end(),
                                        [&](const auto& kv) { return kv.first == e.param(); });
    // A table of the checkpoint names its file in the message already.
    throw ModelError(fromConfig ? Message(kModelConfigValue, {cl.model, e.message(), e.param()})
                                : Message(kModelValue, {cl.model, e.message()}));
  }
  if (!cl.allViews && cl.view.empty()) in.cl.view = in.scheme->info().views.front().id;
  in.model = drawnModel(setup);
  in.modelAlone = drawnModel(ModelSetup{.label = setup.label});
  return in;
}

}  // namespace

ExportInput resolveExport(const CommandLine& cl) {
  if (!cl.model.empty()) return resolveModelExport(cl);
  ExportInput in;
  in.cl = cl;
  if (cl.session.empty() && cl.preset.empty()) {
    in.scheme = &findScheme(cl.scheme);
    in.params = makeParams(*in.scheme, setsWithTable(cl, *in.scheme));
    return in;
  }
  const bool fromSession = !cl.session.empty();
  const Session base = fromSession ? loadSessionFile(qs(cl.session)) : presetSession(qs(cl.preset));
  const std::string origin = fromSession ? "session " + cl.session : "preset " + cl.preset;
  const std::string baseScheme = base.scheme.toStdString();
  if (!cl.scheme.empty() && cl.scheme != baseScheme)
    throw UsageError("--scheme " + cl.scheme + " does not match the scheme of " + origin + " (" +
                     baseScheme + "); leave --scheme out to use it");
  in.scheme = &findScheme(baseScheme);
  in.params = base.params;
  for (const auto& [key, text] : setsWithTable(cl, *in.scheme)) {
    const ParamSpec& spec = findParam(*in.scheme, key);
    in.params.set(spec.id, parseValue(spec, text));
  }
  validateParams(*in.scheme, in.params);
  if (!cl.allViews && cl.view.empty()) {
    if (base.view.isEmpty())
      throw UsageError((cl.command == CommandLine::Command::Check
                            ? std::string("check needs --view VIEW: ")
                            : std::string("export needs --view VIEW or --all-views: ")) +
                       origin + " names no view (posenc list shows the views of " + baseScheme +
                       ")");
    in.cl.view = base.view.toStdString();
  }
  if (cl.colormap.empty()) in.cl.colormap = base.colormap.toStdString();
  return in;
}

Region regionFrom(const CommandLine& cl) {
  Region r;
  if (cl.rows) {
    r.r0 = cl.rows->begin;
    r.r1 = cl.rows->end;
  }
  if (cl.cols) {
    r.c0 = cl.cols->begin;
    r.c1 = cl.cols->end;
  }
  return r;
}

}  // namespace posenc::ui
