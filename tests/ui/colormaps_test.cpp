// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc_ui/plot/colormaps.h: ids, defaults, and the colour tables against the
// published data.
#include "posenc_ui/plot/colormaps.h"

#include <gtest/gtest.h>

#include "plot_test_support.h"

namespace {

using namespace plot_test;  // NOLINT(google-build-using-namespace): the shared test helpers

// ---- colour maps ----------------------------------------------------------------------------

TEST(Colormaps, IdsAreInMenuOrder) {
  EXPECT_EQ(ui::colormapIds(), QStringList({"viridis", "cividis", "magma", "gray", "rdbu"}));
  for (const QString& id : ui::colormapIds()) EXPECT_TRUE(ui::isColormap(id));
  EXPECT_FALSE(ui::isColormap("jet"));
  EXPECT_FALSE(ui::isColormap(""));
}

TEST(Colormaps, DefaultIsDivergingForSignedValues) {
  EXPECT_EQ(ui::defaultColormap(matrixView(true)), "rdbu");
  EXPECT_EQ(ui::defaultColormap(matrixView(false)), "viridis");
}

TEST(Colormaps, EveryTableHas256Colours) {
  for (const QString& id : ui::colormapIds()) {
    const auto table = ui::colormapTable(id);
    EXPECT_EQ(table.size(), 256u) << id.toStdString();
    for (const QColor& c : table) EXPECT_TRUE(c.isValid());
  }
}

TEST(Colormaps, ViridisMatchesPublishedTable) {  // matplotlib _cm_listed.py _viridis_data
  const auto t = ui::colormapTable("viridis");
  expectColor(t[0], 0.267004, 0.004874, 0.329415);
  expectColor(t[127], 0.128729, 0.563265, 0.551229);
  expectColor(t[255], 0.993248, 0.906157, 0.143936);
}

TEST(Colormaps, MagmaAndCividisMatchPublishedTables) {
  const auto magma = ui::colormapTable("magma");
  expectColor(magma[0], 0.001462, 0.000466, 0.013866);
  expectColor(magma[255], 0.987053, 0.991438, 0.749504);
  const auto cividis = ui::colormapTable("cividis");
  expectColor(cividis[0], 0.000000, 0.135112, 0.304751);
  expectColor(cividis[255], 0.995737, 0.909344, 0.217772);
}

TEST(Colormaps, RdbuRunsBlueWhiteRed) {  // ColorBrewer RdBu, reversed
  const auto t = ui::colormapTable("rdbu");
  EXPECT_EQ(t[0].rgb(), QColor(0x05, 0x30, 0x61).rgb());    // darkest blue at the low end
  EXPECT_EQ(t[255].rgb(), QColor(0x67, 0x00, 0x1f).rgb());  // darkest red at the high end
  for (int i : {127, 128}) {                                // near-white, neutral at zero
    EXPECT_GT(t[static_cast<std::size_t>(i)].redF(), 0.9);
    EXPECT_GT(t[static_cast<std::size_t>(i)].greenF(), 0.9);
    EXPECT_GT(t[static_cast<std::size_t>(i)].blueF(), 0.9);
    EXPECT_NEAR(t[static_cast<std::size_t>(i)].redF(), t[static_cast<std::size_t>(i)].blueF(),
                0.05);
  }
  EXPECT_GT(t[30].blueF(), t[30].redF());
  EXPECT_GT(t[225].redF(), t[225].blueF());
}

TEST(Colormaps, GrayRunsBlackToWhite) {
  const auto t = ui::colormapTable("gray");
  EXPECT_EQ(t[0].rgb(), QColor(Qt::black).rgb());
  EXPECT_EQ(t[255].rgb(), QColor(Qt::white).rgb());
  for (std::size_t i = 1; i < t.size(); ++i) EXPECT_GT(t[i].red(), t[i - 1].red());
}

}  // namespace
