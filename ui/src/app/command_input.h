// SPDX-License-Identifier: GPL-3.0-or-later
// What `posenc export` and `posenc check` work on, resolved the same way from the command line:
// the scheme and its parameters from --scheme / --set alone, from a model (--model), or from a
// session or preset (--session / --preset) that --set and --view override. Internal to ui/app.
#pragma once

#include <optional>
#include <string>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/view.hpp"
#include "posenc/cli/command_line.hpp"
#include "posenc/models/model_config.hpp"

namespace posenc::ui {

/// What an export draws: from --scheme/--set alone, from a model, or from a session or preset
/// that the command line's --set, --view and --colormap override.
struct ExportInput {
  const Scheme* scheme = nullptr;
  ParamSet params;
  CommandLine cl;  ///< With view and colormap filled in from the session where not given.
  /// The model drawn (drawnModel: its label, and its layer when one is drawn), for the
  /// subtitle; empty: none.
  Message model;
  /// The model alone (its label), for the layers view's subtitle.
  Message modelAlone;
  /// The model's layers view (--view layers), when the model lists its layers.
  std::optional<LayersView> layers;
};

/// The scheme, parameters and view of `cl`; the view is the session's or preset's when
/// --view is not given (the scheme's first view with --model), the colour map likewise.
/// @throws UsageError, ParamError, SessionError, ModelError, FileError.
[[nodiscard]] ExportInput resolveExport(const CommandLine& cl);

/// --rows / --cols as a Region (the whole view where not given).
[[nodiscard]] Region regionFrom(const CommandLine& cl);

}  // namespace posenc::ui
