// SPDX-License-Identifier: GPL-3.0-or-later
// The window's view layouts, named once: the View menu offers them, the view grid shows them,
// and sessions and lessons store and check them by these ids.
#pragma once

#include <QLatin1String>
#include <QString>
#include <QStringList>

namespace posenc::ui {

/// "tabs" (one view, the others behind tabs), "grid1", "grid2" and "grid4", in menu order.
[[nodiscard]] inline QStringList viewLayoutIds() {
  return {QStringLiteral("tabs"), QStringLiteral("grid1"), QStringLiteral("grid2"),
          QStringLiteral("grid4")};
}

/// How many views layout `id` shows at once: "tabs" and "grid1" one, "grid2" two, "grid4"
/// four (an unknown id: one).
[[nodiscard]] inline int viewLayoutCells(const QString& id) {
  if (id == QLatin1String("grid2")) return 2;
  if (id == QLatin1String("grid4")) return 4;
  return 1;
}

}  // namespace posenc::ui
