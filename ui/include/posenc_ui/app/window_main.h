// SPDX-License-Identifier: GPL-3.0-or-later
// Starting the window from main().
#pragma once

namespace posenc::ui {

/// True when these arguments ask for the window: none, or a single session file.
[[nodiscard]] bool wantsWindow(int argc, char** argv);

/// Builds the QApplication and the main window, opens the session named on the command line
/// (or restores the last one) and runs the event loop. Returns the exit status.
int runWindow(int argc, char** argv);

}  // namespace posenc::ui
