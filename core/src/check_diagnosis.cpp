// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's diagnosis (check_diagnosis.hpp).
#include "check_diagnosis.hpp"

namespace posenc::detail {

std::vector<Slip> diagnoseSlips(const Scheme& /*scheme*/, const ParamSet& /*params*/,
                                const ViewSpec& /*view*/, const CheckReport& /*report*/) {
  return {};
}

}  // namespace posenc::detail
