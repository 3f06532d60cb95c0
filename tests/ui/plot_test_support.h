// SPDX-License-Identifier: GPL-3.0-or-later
// What the plot tests share (colormaps_test, draw_matrix_test, draw_series_test,
// picture_file_test): results and views to draw, and what a QCustomPlot holds after drawing.
#pragma once

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QByteArray>
#include <QColor>
#include <QFile>
#include <QSize>
#include <QString>
#include <QStringList>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "posenc/base/view.hpp"
#include "posenc/io/data_io.hpp"
#include "posenc_ui/plot/picture_file.h"
#include "support/view_specs.hpp"

namespace plot_test {

using posenc::Index;
using posenc::MatrixResult;
using posenc::SeriesResult;
using posenc::ViewKind;
using posenc::ViewSpec;
namespace ui = posenc::ui;

/// savePicture's outcome as text: empty when the file was written, else the IoError's message.
inline QString savedPicture(QCustomPlot& plot, const QString& path, QSize size, double dpi = 96.0) {
  try {
    ui::savePicture(plot, path, size, dpi);
  } catch (const posenc::IoError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// ---- helpers --------------------------------------------------------------------------------

inline void expectColor(const QColor& c, double r, double g, double b, double tol = 1e-4) {
  EXPECT_NEAR(c.redF(), r, tol);
  EXPECT_NEAR(c.greenF(), g, tol);
  EXPECT_NEAR(c.blueF(), b, tol);
}

inline std::vector<Index> iota(Index begin, Index count, Index step = 1) {
  std::vector<Index> v;
  for (Index k = 0; k < count; ++k) v.push_back(begin + k * step);
  return v;
}

/// A result whose cell (rows[a], cols[b]) holds f(rows[a], cols[b]).
template <class F>
MatrixResult makeMatrix(std::vector<Index> rows, std::vector<Index> cols, F f) {
  MatrixResult r;
  r.full = {rows.empty() ? 0 : rows.back() + 1, cols.empty() ? 0 : cols.back() + 1};
  r.values.resize(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (std::size_t b = 0; b < cols.size(); ++b)
      r.values(static_cast<Index>(a), static_cast<Index>(b)) = f(rows[a], cols[b]);
  r.rows = std::move(rows);
  r.cols = std::move(cols);
  return r;
}

inline ViewSpec matrixView(bool signedValues = false, bool integerValues = false) {
  ViewSpec v = posenc::test::matrixViewSpec("scores", "Attention bias", "bias");
  v.signedValues = signedValues;
  v.integerValues = integerValues;
  return v;
}

inline ViewSpec seriesView() { return posenc::test::seriesViewSpec("position", "value"); }

inline SeriesResult makeSeries(std::size_t curves, std::size_t points) {
  SeriesResult r;
  for (std::size_t i = 0; i < points; ++i) r.x.push_back(static_cast<double>(i));
  for (std::size_t k = 0; k < curves; ++k) {
    posenc::Curve c;
    c.name = "curve " + std::to_string(k);
    for (std::size_t i = 0; i < points; ++i)
      c.y.push_back(1.0 + static_cast<double>(k) + std::sin(0.3 * static_cast<double>(i)));
    r.curves.push_back(c);
  }
  return r;
}

template <class T>
QList<T*> plottablesOf(QCustomPlot& plot) {
  QList<T*> out;
  for (int i = 0; i < plot.plottableCount(); ++i)
    if (auto* p = qobject_cast<T*>(plot.plottable(i))) out.push_back(p);
  return out;
}

template <class T>
QList<T*> elementsOf(QCustomPlot& plot) {
  QList<T*> out;
  for (QCPLayoutElement* e : plot.plotLayout()->elements(true))
    if (auto* t = qobject_cast<T*>(e)) out.push_back(t);
  return out;
}

inline QStringList texts(QCustomPlot& plot) {
  QStringList out;
  for (QCPTextElement* t : elementsOf<QCPTextElement>(plot)) out << t->text();
  return out;
}

inline bool anyTextContains(QCustomPlot& plot, const QString& needle) {
  for (const QString& t : texts(plot))
    if (t.contains(needle)) return true;
  return false;
}

inline QCPColorMap* onlyColorMap(QCustomPlot& plot) {
  const auto maps = plottablesOf<QCPColorMap>(plot);
  return maps.size() == 1 ? maps.front() : nullptr;
}

inline QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline void writeText(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

}  // namespace plot_test
