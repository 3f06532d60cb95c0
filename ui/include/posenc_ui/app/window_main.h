// SPDX-License-Identifier: GPL-3.0-or-later
// Starting the window from main().
#pragma once

class QString;

namespace posenc::ui {

class MainWindow;

/// True when these arguments ask for the window: none, or a single session file.
[[nodiscard]] bool wantsWindow(int argc, char** argv);

/// What `window` shows first: the session file `path`, or (empty `path`) the session
/// remembered at the last exit. When `path` cannot be opened, returns false with the reason in
/// `error` and restores the remembered session instead; see SessionActions::saveLastSession
/// for why quitting then does not replace it.
bool startSession(MainWindow& window, const QString& path, QString* error);

/// Shows the start card (MainWindow::showStartPage) when settings::kShowStartPage says so:
/// at the very first start, later only if the user ticked "Show at start-up". Returns whether
/// it showed. runWindow calls it once the window is shown; MainWindow itself never does, so a
/// window made elsewhere (the tests) starts without the card.
bool showStartPageIfWanted(MainWindow& window);

/// Builds the QApplication and the main window, opens the session named on the command line
/// (or restores the last one) and runs the event loop. Returns the exit status.
int runWindow(int argc, char** argv);

}  // namespace posenc::ui
