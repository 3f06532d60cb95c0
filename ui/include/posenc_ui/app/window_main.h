// SPDX-License-Identifier: GPL-3.0-or-later
// Starting the window from main().
#pragma once

#include <string>

class QString;

namespace posenc::ui {

class MainWindow;

/// What the single argument of `posenc PATH` names.
enum class StartPath {
  Command,       ///< Not a file: a command-line word ("posenc list"), or a typo of one.
  Session,       ///< A session file (*.json, *.posenc.json), or a *.json that is not there.
  Model,         ///< A folder, config.json, *.safetensors or *.safetensors.index.json.
  Unrecognised,  ///< A file that is none of these.
};
[[nodiscard]] StartPath startPathKind(const std::string& path);

/// The message (one paragraph, then how to get the commands) for a file that is none of
/// what the window opens: names `path` and what is accepted.
[[nodiscard]] std::string unrecognisedFileText(const std::string& path);

/// True when these arguments ask for the window: none, or a single path that is not a
/// command-line word (StartPath other than Command; runWindow refuses an unrecognised file).
[[nodiscard]] bool wantsWindow(int argc, char** argv);

/// What `window` shows first: the file `path` (a session, or a model as File > Open Model
/// opens it, over the session remembered at the last exit), or (empty `path`) the remembered
/// session. When `path` cannot be opened, returns false with the reason in `error` and
/// restores the remembered session instead; see SessionActions::saveLastSession for why
/// quitting then does not replace it.
bool startSession(MainWindow& window, const QString& path, QString* error);

/// Shows the start card (MainWindow::showStartPage) when settings::kShowStartPage says so:
/// at the very first start, later only if the user ticked "Show at start-up". Returns whether
/// it showed. runWindow calls it once the window is shown; MainWindow itself never does, so a
/// window made elsewhere (the tests) starts without the card.
bool showStartPageIfWanted(MainWindow& window);

/// Builds the QApplication and the main window, opens the session or model named on the
/// command line (or restores the last session) and runs the event loop. Returns the exit
/// status: 2 with unrecognisedFileText on standard error for a file it does not open.
int runWindow(int argc, char** argv);

}  // namespace posenc::ui
