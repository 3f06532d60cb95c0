// SPDX-License-Identifier: GPL-3.0-or-later
// posenc: PosEnc Explorer's executable. Everything lives in posenc::ui and posenc::core.
#include "posenc_ui/command_runner.h"

int main(int argc, char** argv) { return posenc::ui::runMain(argc, argv); }
