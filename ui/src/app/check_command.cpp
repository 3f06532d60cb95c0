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
  CheckOptions options;
  options.layer = checkedLayer(cl);
  options.rtol = cl.rtol;
  options.atol = cl.atol;
  const CheckReport report =
      checkView(*in->scheme, in->params, in->cl.view, against, options, cl.rows, cl.cols);
  if (cl.json) writeCheckReportJson(out, report);
  else out << checkReportText(report);
  return report.matches() ? kExitOk : kExitMismatch;
}

}  // namespace posenc::ui
