// SPDX-License-Identifier: GPL-3.0-or-later
// The colour maps a heatmap can use: their ids, the default for a view, and their tables.
#pragma once

#include <QColor>
#include <QString>
#include <QStringList>
#include <vector>

#include "posenc/base/view.hpp"

namespace posenc::ui {

/// Ids of the colour maps, in menu order: "viridis", "cividis", "magma", "gray" (one-sided
/// values) and "rdbu" (diverging red-white-blue, centred on zero, for signed values).
[[nodiscard]] QStringList colormapIds();

/// True when `id` is one of colormapIds().
[[nodiscard]] bool isColormap(const QString& id);

/// "rdbu" for a view with signed values, "viridis" otherwise.
[[nodiscard]] QString defaultColormap(const ViewSpec& view);

/// The colour map sampled at 256 evenly spaced points from low (index 0) to high (255),
/// from the published tables (matplotlib's viridis, cividis, magma; ColorBrewer RdBu
/// reversed so that negative is blue and positive is red).
/// @pre isColormap(id).
[[nodiscard]] std::vector<QColor> colormapTable(const QString& id);

}  // namespace posenc::ui
