// SPDX-License-Identifier: GPL-3.0-or-later
// refusedParam: which parameter makeParams names when it refuses a set of assignments;
// usageError: what parseCommandLine says when it refuses a command line.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "posenc/cli/command_line.hpp"

namespace posenc::test {

/// The ParamError::param() of makeParams(scheme, sets), or "(accepted)" when it succeeds.
inline std::string refusedParam(const Scheme& scheme,
                                const std::vector<std::pair<std::string, std::string>>& sets) {
  try {
    (void)makeParams(scheme, sets);
  } catch (const ParamError& e) {
    return e.param();
  }
  return "(accepted)";
}

/// The UsageError message of parseCommandLine(args), or "(accepted)" when it succeeds.
inline std::string usageError(const std::vector<std::string>& args) {
  try {
    (void)parseCommandLine(args);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace posenc::test
