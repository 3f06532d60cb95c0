// SPDX-License-Identifier: GPL-3.0-or-later
// The version of this build, as `posenc --version` prints it.
#pragma once

#include <string>

namespace posenc::ui {

/// "0.1.0": project(VERSION) in the top CMakeLists.txt, the one place the version is written.
[[nodiscard]] std::string projectVersion();

/// "0.1.0 (git 204b6be)" when built from a git checkout ("204b6be-dirty" when tracked files
/// had changes at build time), else projectVersion(). The revision is read at every build
/// (cmake/posenc_git_revision.cmake), not when CMake configured the tree.
[[nodiscard]] std::string buildVersion();

}  // namespace posenc::ui
