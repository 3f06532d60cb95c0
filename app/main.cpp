// SPDX-License-Identifier: GPL-3.0-or-later
// posenc: PosEnc Explorer's executable. With no arguments (or a session file) it opens the
// window; otherwise it runs the command line. Everything lives in posenc::ui and posenc::core.
#include "posenc_ui/app/command_runner.h"
#include "posenc_ui/app/window_main.h"

int main(int argc, char** argv) {
  if (posenc::ui::wantsWindow(argc, argv)) return posenc::ui::runWindow(argc, argv);
  return posenc::ui::runMain(argc, argv);
}
