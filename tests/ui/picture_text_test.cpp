// SPDX-License-Identifier: GPL-3.0-or-later
// What a person reads on the pictures (issue 26 item 8): every view of every scheme drawn as
// the window draws it, in English and Chinese, and every text of the picture read back from
// the plot -- title and header lines, axis labels, tick labels, the colour bar's label and
// ticks, the legend's entries. None may hold an ASCII stand-in for a symbol: a subscript
// written "_p", a power written "^", a log axis tick written "1E+04" (the core's test,
// tests/core/base/picture_text_test.cpp, reads the core's strings; this one reads the pictures,
// translations and tick labels included).
#include <QRegularExpression>
#include <QStringList>
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <set>
#include <string>

#include "posenc/base/scheme.hpp"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/plot/draw_matrix.h"
#include "posenc_ui/plot/draw_series.h"
#include "posenc_ui/plot/plot_parts.h"

namespace posenc::ui {
namespace {

/// The tick labels of `axis` as drawn (QCustomPlot makes them in the replot).
void addAxis(QStringList& out, QCPAxis* axis) {
  if (!axis || !axis->visible()) return;
  if (!axis->label().isEmpty()) out << axis->label();
  if (axis->tickLabels())
    for (const QString& tick : axis->tickVectorLabels()) out << tick;
}

/// Every text of the picture on `plot`.
QStringList pictureTexts(QCustomPlot& plot) {
  QStringList out;
  for (QCPLayoutElement* e : plot.plotLayout()->elements(true)) {
    if (auto* text = qobject_cast<QCPTextElement*>(e)) out << text->text();
    if (auto* scale = qobject_cast<QCPColorScale*>(e)) addAxis(out, scale->axis());
    if (auto* rect = qobject_cast<QCPAxisRect*>(e))
      for (QCPAxis* axis : rect->axes()) addAxis(out, axis);
  }
  if (plot.legend && plot.legend->visible())
    for (int i = 0; i < plot.plottableCount(); ++i)
      if (plot.legend->hasItemWithPlottable(plot.plottable(i))) out << plot.plottable(i)->name();
  return out;
}

/// Words holding '_' that are names, not subscripts: the parameters' ids (scale_base,
/// max_len) as the parameter panel and the command line write them, and the papers' names of
/// dimensions (d_head, d_z: no Unicode subscript has the letters d, z) and configs (head_dim).
std::set<QString> parameterIds() {
  std::set<QString> ids = {QStringLiteral("d_head"),  QStringLiteral("d_z"),
                           QStringLiteral("d_model"), QStringLiteral("q_len"),
                           QStringLiteral("k_len"),   QStringLiteral("head_dim")};
  for (const auto& scheme : allSchemes())
    for (const ParamSpec& p : scheme->info().params) ids.insert(QString::fromStdString(p.id));
  return ids;
}

/// The ASCII stand-ins `text` holds, described.
QStringList standIns(const QString& text, const std::set<QString>& names) {
  QStringList found;
  static const QRegularExpression word(QStringLiteral("[A-Za-z0-9_]*_[A-Za-z0-9_]+"));
  for (auto it = word.globalMatch(text); it.hasNext();) {
    const QString w = it.next().captured(0);
    if (!names.count(w)) found << QStringLiteral("subscript \"%1\"").arg(w);
  }
  if (text.contains(QLatin1Char('^'))) found << QStringLiteral("a power written with ^");
  static const QRegularExpression exponent(QStringLiteral("\\d[eE][+\\-\\x{2212}]?\\d"));
  if (exponent.match(text).hasMatch()) found << QStringLiteral("a number written 1E+04");
  for (const char* ascii : {"sqrt", "theta", " . "})
    if (text.contains(QLatin1String(ascii)))
      found << QStringLiteral("\"%1\"").arg(QLatin1String(ascii));
  return found;
}

TEST(PictureText, NoAsciiStandInsOnAnyPictureInEitherLanguage) {
  const std::set<QString> names = parameterIds();
  int texts = 0;
  for (const char* language : {"en", "zh_CN"}) {
    setLanguage(QString::fromLatin1(language));
    for (const auto& scheme : allSchemes()) {
      const ParamSet params(scheme->info().params);
      for (const ViewSpec& view : scheme->info().views) {
        const std::string where = scheme->info().id + "/" + view.id + " (" + language + ")";
        QCustomPlot plot;
        plot.resize(640, 480);
        PlotOptions options;
        describeValues(options, *scheme, params, view.id);
        try {
          if (view.kind == ViewKind::Series) {
            drawSeries(plot, view, scheme->series(params, view.id), options);
          } else {
            drawMatrix(plot, view,
                       computeMatrix(*scheme, params, view.id,
                                     Region{.maxRows = 48, .maxCols = 48}),
                       options);
          }
        } catch (const std::exception& e) {
          ADD_FAILURE() << where << ": " << e.what();
          continue;
        }
        plot.replot();  // makes the ticks and their labels
        for (const QString& text : pictureTexts(plot)) {
          ++texts;
          for (const QString& problem : standIns(text, names))
            ADD_FAILURE() << where << ": \"" << text.toStdString() << "\" holds "
                          << problem.toStdString();
        }
      }
    }
  }
  setLanguage(QStringLiteral("en"));
  EXPECT_GT(texts, 1500);
}

TEST(PictureText, LogAxesWritePowersOfTen) {
  // The RoPE frequencies view: θₖ and 2π/θₖ on a log axis, ticks 10⁻⁴ .. 10⁴.
  const Scheme& rope = findScheme("rope");
  const ParamSet params(rope.info().params);
  QCustomPlot plot;
  plot.resize(640, 480);
  drawSeries(plot, findView(rope, "frequencies"), rope.series(params, "frequencies"), {});
  plot.replot();
  ASSERT_EQ(plot.yAxis->scaleType(), QCPAxis::stLogarithmic);
  const QStringList ticks = plot.yAxis->tickVectorLabels();
  EXPECT_TRUE(ticks.contains(QStringLiteral("10⁴"))) << ticks.join(QLatin1Char(' ')).toStdString();
  EXPECT_TRUE(ticks.contains(QStringLiteral("10⁰")) || ticks.contains(QStringLiteral("1")))
      << ticks.join(QLatin1Char(' ')).toStdString();
}

}  // namespace
}  // namespace posenc::ui
