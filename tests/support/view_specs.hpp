// SPDX-License-Identifier: GPL-3.0-or-later
// ViewSpecs made up for the drawing tests, independent of any scheme: a matrix view (a
// heatmap over query rows and key columns) and a series view (curves over x).
#pragma once

#include <string>

#include "posenc/base/view.hpp"

namespace posenc::test {

/// A matrix view `id` titled `title`, x = "key position j", y = "query position i", values
/// named `valueLabel`; unsigned, real values unless the caller sets the flags.
inline ViewSpec matrixViewSpec(const std::string& id, const std::string& title,
                               const std::string& valueLabel) {
  ViewSpec v;
  v.id = id;
  v.kind = ViewKind::Matrix;
  v.title = title;
  v.xLabel = "key position j";
  v.yLabel = "query position i";
  v.valueLabel = valueLabel;
  return v;
}

/// A series view "curves" titled "Curves", with axes `xLabel` and `yLabel`.
inline ViewSpec seriesViewSpec(const std::string& xLabel, const std::string& yLabel) {
  ViewSpec v;
  v.id = "curves";
  v.kind = ViewKind::Series;
  v.title = "Curves";
  v.xLabel = xLabel;
  v.yLabel = yLabel;
  return v;
}

}  // namespace posenc::test
