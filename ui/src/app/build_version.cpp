// SPDX-License-Identifier: GPL-3.0-or-later
// The only source that includes the generated revision header, so a new commit recompiles
// this file alone.
#include "posenc_ui/app/build_version.h"

#include "posenc_git_revision.h"

namespace posenc::ui {

std::string projectVersion() { return POSENC_VERSION; }

std::string buildVersion() {
  const std::string revision = POSENC_GIT_REVISION;
  return revision.empty() ? projectVersion() : projectVersion() + " (git " + revision + ")";
}

}  // namespace posenc::ui
