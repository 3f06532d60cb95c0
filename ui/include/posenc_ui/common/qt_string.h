// SPDX-License-Identifier: GPL-3.0-or-later
// The one conversion of the core's strings (UTF-8 std::string) into QString.
#pragma once

#include <QString>
#include <string_view>

namespace posenc::ui {

/// `s`, read as UTF-8 (what QString::fromStdString does), as a QString.
[[nodiscard]] inline QString qs(std::string_view s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace posenc::ui
