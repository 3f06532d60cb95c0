// SPDX-License-Identifier: GPL-3.0-or-later
// The only source that includes the generated revision header, so a new commit recompiles
// this file alone.
#include "posenc_ui/app/build_version.h"

// The build writes the header before compiling posenc_ui (ui/CMakeLists.txt); only a tree
// that was configured but not built (scripts/lint.sh's) lacks it.
#if __has_include("posenc_git_revision.h")
#include "posenc_git_revision.h"
#else
#define POSENC_VERSION_SUFFIX ""
#endif

namespace posenc::ui {

std::string projectVersion() { return POSENC_VERSION; }

std::string buildVersion() { return projectVersion() + POSENC_VERSION_SUFFIX; }

}  // namespace posenc::ui
