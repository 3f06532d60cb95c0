// SPDX-License-Identifier: GPL-3.0-or-later
// The visible part of a view, a plain value: what a plot shows, what a session remembers.
#pragma once

namespace posenc::ui {

/// Visible part of a view in data coordinates (columns x0..x1, rows y0..y1; for charts, x and y).
struct Zoom {
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  friend bool operator==(const Zoom&, const Zoom&) = default;
};

}  // namespace posenc::ui
