// SPDX-License-Identifier: GPL-3.0-or-later
#include "check_command.h"

#include <algorithm>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "command_input.h"
#include "posenc/check/check.hpp"
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
  const ViewSpec& view = findView(*in->scheme, in->cl.view);
  CheckOptions options;
  options.rtol = cl.rtol;
  options.atol = cl.atol;
  options.region = checkRegion(view, against, cl.rows, cl.cols);
  const CheckReport report = checkArray(*in->scheme, in->params, view.id, against, options);
  if (cl.json) writeCheckReportJson(out, report);
  else out << checkReportText(report);
  return report.matches() ? kExitOk : kExitMismatch;
}

}  // namespace posenc::ui
