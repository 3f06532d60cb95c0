// SPDX-License-Identifier: GPL-3.0-or-later
// Runs a parsed `posenc` command: lists schemes, exports pictures and numbers.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace posenc::ui {

/// Exit statuses of `posenc`. `posenc check` exits with kExitMismatch (the value of
/// kExitIoError) when your numbers differ from ours.
enum ExitStatus : int { kExitOk = 0, kExitIoError = 1, kExitMismatch = 1, kExitBadInput = 2 };

/// Runs `posenc` with the arguments after the program name, writing results to `out` and
/// messages to `err`. Creates an offscreen QGuiApplication-level environment when a picture
/// must be drawn and none exists. Never throws.
/// @return 0 on success, 2 for bad input (one line on `err` naming the parameter, value and
///         what is allowed), 1 when a file cannot be written (check: when the numbers differ).
int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// Entry point for main(): converts argv and runs runCommand on std::cout / std::cerr,
/// constructing the QApplication that pictures need (offscreen when QT_QPA_PLATFORM is unset).
int runMain(int argc, char** argv);

}  // namespace posenc::ui
