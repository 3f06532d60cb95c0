// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc check`: an engineer's array compared with a view (core/include/posenc/check/check.hpp).
// Internal to ui/app; command_runner dispatches to it.
#pragma once

#include <iosfwd>

#include "posenc/cli/command_line.hpp"

namespace posenc::ui {

/// Runs `posenc check` (cl.command == Check): resolves the scheme, parameters and view as
/// export does (or from --against when it is our own JSON export and nothing else names
/// them), reads the array, compares and writes the report (text, or JSON with --json) to
/// `out`. Draws nothing, so it never creates a QApplication.
/// @return kExitOk when every cell matches, kExitMismatch (1) when not (a shape mismatch too).
/// @throws UsageError, ParamError, FileError, SessionError, ModelError for bad input, which
///         the runner reports with exit status 2.
int runCheck(const CommandLine& cl, std::ostream& out);

}  // namespace posenc::ui
