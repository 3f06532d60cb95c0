// SPDX-License-Identifier: GPL-3.0-or-later
// The colour maps a heatmap can use, as 256-entry tables built from the published data in
// colormaps_data.h.
#include "posenc_ui/plot/colormaps.h"

#include <algorithm>
#include <cmath>

#include "colormaps_data.h"

namespace posenc::ui {

namespace {

std::vector<QColor> fromFloatTable(const std::array<detail::Rgb, 256>& table) {
  std::vector<QColor> out;
  out.reserve(table.size());
  for (const auto& c : table) out.push_back(QColor::fromRgbF(c[0], c[1], c[2]));
  return out;
}

/// ColorBrewer RdBu reversed (blue = low, white = middle, red = high), sampled at 256 evenly
/// spaced points by linear interpolation in sRGB between the 11 published classes, as
/// matplotlib's LinearSegmentedColormap does for `RdBu_r`.
std::vector<QColor> rdbuTable() {
  constexpr int kClasses = static_cast<int>(detail::kRdBu11.size());
  std::vector<QColor> out;
  out.reserve(256);
  for (int i = 0; i < 256; ++i) {
    const double x = i / 255.0 * (kClasses - 1);  // position among the reversed classes
    const int k = std::min(static_cast<int>(std::floor(x)), kClasses - 2);
    const double f = x - k;
    const auto& lo = detail::kRdBu11[static_cast<std::size_t>(kClasses - 1 - k)];
    const auto& hi = detail::kRdBu11[static_cast<std::size_t>(kClasses - 2 - k)];
    auto channel = [&](int c) {
      return static_cast<float>(
          ((1.0 - f) * lo[static_cast<std::size_t>(c)] + f * hi[static_cast<std::size_t>(c)]) /
          255.0);
    };
    out.push_back(QColor::fromRgbF(channel(0), channel(1), channel(2)));
  }
  return out;
}

std::vector<QColor> grayTable() {
  std::vector<QColor> out;
  out.reserve(256);
  for (int i = 0; i < 256; ++i) out.emplace_back(i, i, i);
  return out;
}

}  // namespace

QStringList colormapIds() {
  return {QStringLiteral("viridis"), QStringLiteral("cividis"), QStringLiteral("magma"),
          QStringLiteral("gray"), QStringLiteral("rdbu")};
}

bool isColormap(const QString& id) { return colormapIds().contains(id); }

QString defaultColormap(const ViewSpec& view) {
  return view.signedValues ? QStringLiteral("rdbu") : QStringLiteral("viridis");
}

std::vector<QColor> colormapTable(const QString& id) {
  if (id == QLatin1String("cividis")) return fromFloatTable(detail::kCividis);
  if (id == QLatin1String("magma")) return fromFloatTable(detail::kMagma);
  if (id == QLatin1String("gray")) return grayTable();
  if (id == QLatin1String("rdbu")) return rdbuTable();
  return fromFloatTable(detail::kViridis);  // "viridis", and the fallback for an unknown id
}

}  // namespace posenc::ui
