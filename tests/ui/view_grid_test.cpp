// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc_ui/window/view_grid.h: which views the cells of a grid layout show.
#include "posenc_ui/window/view_grid.h"

#include <gtest/gtest.h>

#include <QSet>
#include <QString>
#include <QStringList>

#include "posenc/base/scheme.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/control/encoding_controller.h"

namespace posenc::ui {
namespace {

/// For every scheme with at least four views and every view cell 0 shows in the tabs, the
/// 2x2 grid then shows four different views.
TEST(ViewGrid, TheFourViewGridShowsFourDifferentViews) {
  EncodingController controller;
  ViewGrid grid(controller, nullptr);
  for (const auto& scheme : allSchemes()) {
    const auto& views = scheme->info().views;
    if (views.size() < 4) continue;
    controller.setScheme(qs(scheme->info().id));
    grid.schemeChanged();
    for (const ViewSpec& first : views) {
      SCOPED_TRACE(scheme->info().id + ", tab " + first.id);
      grid.setLayoutMode(QStringLiteral("tabs"));
      grid.setCellView(0, qs(first.id));
      grid.setLayoutMode(QStringLiteral("grid4"));
      const QStringList shown = grid.gridViews();
      ASSERT_EQ(shown.size(), 4);
      EXPECT_EQ(shown.front(), qs(first.id));  // the view being looked at stays
      EXPECT_EQ(QSet<QString>(shown.begin(), shown.end()).size(), 4)
          << shown.join(QStringLiteral(", ")).toStdString();
    }
  }
}

/// A scheme with fewer views than cells repeats views only as much as it must.
TEST(ViewGrid, AFewViewsRepeatOnlyWhenTheyMust) {
  EncodingController controller;
  ViewGrid grid(controller, nullptr);
  for (const auto& scheme : allSchemes()) {
    const auto& views = scheme->info().views;
    controller.setScheme(qs(scheme->info().id));
    grid.schemeChanged();
    grid.setCellView(0, qs(views.back().id));
    grid.setLayoutMode(QStringLiteral("grid2"));
    const QStringList shown = grid.gridViews();
    ASSERT_EQ(shown.size(), 2);
    const auto distinct = QSet<QString>(shown.begin(), shown.end()).size();
    EXPECT_EQ(distinct, std::min<qsizetype>(2, static_cast<qsizetype>(views.size())))
        << scheme->info().id;
  }
}

}  // namespace
}  // namespace posenc::ui
