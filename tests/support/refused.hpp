// SPDX-License-Identifier: GPL-3.0-or-later
// refusedParam: which parameter makeParams names when it refuses a set of assignments.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "posenc/scheme.hpp"

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

}  // namespace posenc::test
