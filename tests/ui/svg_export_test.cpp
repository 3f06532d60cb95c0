// SPDX-License-Identifier: GPL-3.0-or-later
// SVG pictures as XML: every view of every scheme written through exportView (the command
// line's and File > Export's path) in English and in Chinese is a well-formed document that
// QSvgRenderer loads, with the picture's own title and description once parsed; titles,
// descriptions and font families with XML's and CSS's special characters are escaped, not
// dropped; and the frame lines are drawn in a fixed order, whatever Qt's hash seed.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QFile>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <sstream>
#include <string>
#include <vector>

#include "plot_test_support.h"
#include "posenc/base/scheme.hpp"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/io/view_export.h"
#include "posenc_ui/plot/draw_matrix.h"
#include "posenc_ui/plot/plot_parts.h"

namespace {

using namespace plot_test;  // NOLINT(google-build-using-namespace): the shared test helpers

/// What an XML parser makes of an SVG file.
struct ParsedSvg {
  QString error;             ///< Empty when the whole document parsed.
  QString title;             ///< Text of the root's <title>.
  QString desc;              ///< Text of the root's <desc>.
  QStringList fontFamilies;  ///< Every font-family attribute value, in document order.
  QStringList texts;         ///< Every <text> element's text, in document order.
};

ParsedSvg parseSvg(const QString& path) {
  ParsedSvg out;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    out.error = QStringLiteral("cannot open ") + path;
    return out;
  }
  QXmlStreamReader xml(&file);
  while (!xml.atEnd()) {
    xml.readNext();
    if (!xml.isStartElement()) continue;
    const QString family = xml.attributes().value(QLatin1String("font-family")).toString();
    if (!family.isEmpty()) out.fontFamilies << family;
    const auto name = xml.name();
    if (name == QLatin1String("title") && out.title.isEmpty()) {
      out.title = xml.readElementText();
    } else if (name == QLatin1String("desc") && out.desc.isEmpty()) {
      out.desc = xml.readElementText();
    } else if (name == QLatin1String("text")) {
      out.texts << xml.readElementText();
    }
  }
  if (xml.hasError()) {
    out.error = QStringLiteral("line %1, column %2: %3")
                    .arg(xml.lineNumber())
                    .arg(xml.columnNumber())
                    .arg(xml.errorString());
  }
  return out;
}

bool loadsInQtSvg(const QString& path) { return QSvgRenderer(path).isValid(); }

// ---- every view, through exportView ---------------------------------------------------------

class SvgExport : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    ASSERT_TRUE(m_dir.isValid());
    ASSERT_TRUE(posenc::ui::setLanguage(QString::fromLatin1(GetParam())));
  }
  void TearDown() override { posenc::ui::setLanguage(QStringLiteral("en")); }

  /// Writes `view` of `scheme` (default parameters) as a small SVG; the file's path.
  QString exported(const posenc::Scheme& scheme, const posenc::ViewSpec& view) {
    const QString file = m_dir.filePath(QString::fromStdString(scheme.info().id + "_" + view.id) +
                                        QStringLiteral(".svg"));
    posenc::ui::ExportRequest request;
    request.size = QSize(360, 280);
    std::ostringstream unused;
    posenc::ui::exportView(scheme, posenc::makeParams(scheme, {}), view, file.toStdString(),
                           request, unused);
    return file;
  }

  QTemporaryDir m_dir;
};

TEST_P(SvgExport, EveryViewIsXmlThatQtSvgLoadsWithItsOwnTitle) {
  int views = 0;
  for (const auto& scheme : posenc::allSchemes()) {
    const posenc::ParamSet params = posenc::makeParams(*scheme, {});
    for (const posenc::ViewSpec& view : scheme->info().views) {
      SCOPED_TRACE(scheme->info().id + "/" + view.id);
      const QString file = exported(*scheme, view);
      const ParsedSvg svg = parseSvg(file);
      EXPECT_EQ(svg.error.toStdString(), "");
      EXPECT_TRUE(loadsInQtSvg(file));
      EXPECT_EQ(svg.title.toStdString(), posenc::ui::coreText(view.title).toStdString());
      EXPECT_TRUE(svg.desc.startsWith(posenc::ui::coreText(scheme->info().name)))
          << svg.desc.toStdString();
      EXPECT_TRUE(svg.desc.endsWith(posenc::ui::parameterSummary(*scheme, params)))
          << svg.desc.toStdString();
      ++views;
    }
  }
  EXPECT_GE(views, 41);
}

TEST_P(SvgExport, RopeScoresTitleRoundTrips) {
  const posenc::Scheme& rope = posenc::findScheme("rope");
  const posenc::ViewSpec& scores = posenc::findView(rope, "scores");
  const ParsedSvg svg = parseSvg(exported(rope, scores));
  ASSERT_EQ(svg.error.toStdString(), "");
  const QString expected = QString::fromLatin1(GetParam()) == QLatin1String("en")
                               ? QString::fromUtf8("RoPE scores ⟨Rₘq, Rₙk⟩")
                               : QString::fromUtf8("RoPE 分数 ⟨Rₘq, Rₙk⟩");
  EXPECT_EQ(svg.title.toStdString(), expected.toStdString());
  // The drawn title, in runs of one font each (Chinese in a CJK font).
  EXPECT_TRUE(svg.texts.join(QString()).contains(expected)) << "the drawn title";
}

TEST_P(SvgExport, RandomStandInViewsSayItAndAnAbsentTermIsWrittenInsteadOfCells) {
  const bool en = QString::fromLatin1(GetParam()) == QLatin1String("en");
  const QString standIn = en ? QStringLiteral("random stand-in weights, seed 0")
                             : QString::fromUtf8("随机替代权重，种子 0");
  for (const auto& scheme : posenc::allSchemes()) {
    for (const posenc::ViewSpec& view : scheme->info().views) {
      SCOPED_TRACE(scheme->info().id + "/" + view.id);
      const bool absent = !scheme->absentTerm(posenc::makeParams(*scheme, {}), view.id).empty();
      const ParsedSvg svg = parseSvg(exported(*scheme, view));
      ASSERT_EQ(svg.error.toStdString(), "");
      EXPECT_EQ(svg.texts.join(QString()).contains(standIn), view.randomStandIns && !absent);
    }
  }
  const posenc::Scheme& tupe = posenc::findScheme("tupe");
  const ParsedSvg bias = parseSvg(exported(tupe, posenc::findView(tupe, "bias")));
  const QString message = en ? QStringLiteral("Variant tupe-a has no relative bias")
                             : QString::fromUtf8("变体 tupe-a 没有相对位置偏置");
  auto squeezed = [](QString t) { return t.remove(QLatin1Char(' ')); };  // lines wrap anywhere
  EXPECT_TRUE(squeezed(bias.texts.join(QString())).contains(squeezed(message)))
      << bias.texts.join(QChar('|')).toStdString();
}

INSTANTIATE_TEST_SUITE_P(Languages, SvgExport, ::testing::Values("en", "zh_CN"),
                         [](const auto& info) { return std::string(info.param); });

// ---- savePicture with awkward texts ---------------------------------------------------------

class SvgText : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(m_dir.isValid()); }

  /// A small heatmap titled `title` (empty: the view's title, `viewTitle`) with subtitle
  /// `subtitle`, written as SVG; the file's path.
  QString written(const QString& title, const QString& subtitle,
                  const std::string& viewTitle = "Attention bias") {
    ui::PlotOptions options;
    options.title = title;
    options.subtitle = subtitle;
    ViewSpec view = matrixView(true);
    view.title = viewTitle;
    view.description.clear();
    const auto r = makeMatrix(iota(0, 6), iota(0, 6), [](Index i, Index j) { return i - j; });
    ui::drawMatrix(m_plot, view, r, options);
    const QString file = m_dir.filePath(QStringLiteral("t.svg"));
    EXPECT_EQ(savedPicture(m_plot, file, QSize(400, 300)), QString());
    return file;
  }

  QTemporaryDir m_dir;
  QCustomPlot m_plot;
};

TEST_F(SvgText, TitleAndDescriptionWithMarkupCharactersRoundTrip) {
  const QString title = QStringLiteral("a < b & c > d \"e\" 'f' &amp; ]]> <!-- g -->");
  const QString subtitle = QStringLiteral("x <y> & z\ttab");
  const QString file = written(title, subtitle);
  const ParsedSvg svg = parseSvg(file);
  ASSERT_EQ(svg.error.toStdString(), "");
  EXPECT_TRUE(loadsInQtSvg(file));
  EXPECT_EQ(svg.title.toStdString(), title.toStdString());
  EXPECT_EQ(svg.desc.toStdString(), subtitle.toStdString());
}

TEST_F(SvgText, NoTitleWritesNoTitleElement) {
  const QString file = written(QString(), QString(), "");
  const ParsedSvg svg = parseSvg(file);
  ASSERT_EQ(svg.error.toStdString(), "");
  EXPECT_EQ(svg.title.toStdString(), "");  // not Qt's "Qt SVG Document"
  EXPECT_EQ(svg.desc.toStdString(), "");   // not Qt's "Generated with Qt"
  EXPECT_FALSE(readAll(file).contains("<title>"));
  EXPECT_FALSE(readAll(file).contains("<desc>"));
}

TEST_F(SvgText, CharactersXmlCannotHoldBecomeReplacementCharacters) {
  // XML 1.0 has no way to write U+0001, not even as &#1;: the document stays well-formed.
  const QString title = QStringLiteral("a") + QChar(0x01) + QStringLiteral("b");
  const QString file = written(title, QString());
  const ParsedSvg svg = parseSvg(file);
  ASSERT_EQ(svg.error.toStdString(), "");
  EXPECT_EQ(svg.title, QStringLiteral("a") + QChar(0xFFFD) + QStringLiteral("b"))
      << svg.title.toStdString();
  // The drawn title: one text element, or consecutive ones when a font installed on the
  // machine claims U+0001 and Qt draws it in that font (Debian's fonts-lyx does).
  EXPECT_TRUE(svg.texts.join(QString()).contains(svg.title)) << "the drawn title";
  for (const QString& text : svg.texts) EXPECT_FALSE(text.contains(QChar(0x01)));
}

TEST_F(SvgText, FontFamiliesAreCssStringsInEscapedAttributes) {
  written(QStringLiteral("T"), QString());
  const QString odd = QStringLiteral(R"(Odd "&<>' \ Family)");
  auto* label = new QCPItemText(&m_plot);
  label->setText(QStringLiteral("<&>"));
  label->setFont(QFont(odd));
  const QString file = m_dir.filePath(QStringLiteral("f.svg"));
  ASSERT_EQ(savedPicture(m_plot, file, QSize(400, 300)), QString());
  const ParsedSvg svg = parseSvg(file);
  ASSERT_EQ(svg.error.toStdString(), "");
  EXPECT_TRUE(loadsInQtSvg(file));
  EXPECT_TRUE(svg.texts.contains(QStringLiteral("<&>")));
  // The family as a CSS string (quote and backslash escaped), then the CJK fallbacks.
  const QString css = QStringLiteral(R"('Odd "&<>\' \\ Family', 'Noto Sans CJK SC')");
  bool found = false;
  for (const QString& family : svg.fontFamilies) found = found || family.startsWith(css);
  EXPECT_TRUE(found) << svg.fontFamilies.join(QStringLiteral(" | ")).toStdString();
  for (const QString& family : svg.fontFamilies)
    EXPECT_TRUE(family.endsWith(QStringLiteral(", sans-serif"))) << family.toStdString();
}

// ---- a fixed drawing order ------------------------------------------------------------------

/// The axis sides of the layerables on `layer`, in drawing order (axes, or the axes' grids).
std::vector<QCPAxis::AxisType> sidesOn(QCustomPlot& plot, const char* layer) {
  std::vector<QCPAxis::AxisType> sides;
  for (QCPLayerable* item : plot.layer(QString::fromLatin1(layer))->children()) {
    if (auto* axis = qobject_cast<QCPAxis*>(item)) sides.push_back(axis->axisType());
    if (auto* grid = qobject_cast<QCPGrid*>(item))
      sides.push_back(qobject_cast<QCPAxis*>(grid->parentLayerable())->axisType());
  }
  return sides;
}

TEST(SvgOrder, AxesAndGridsAreLayeredInAFixedOrder) {
  // The order once came from QCPAxisRect::axes(), a QHash walk: it changed with QT_HASH_SEED
  // from one run to the next, and so did every SVG.
  QCustomPlot plot;
  const auto r = makeMatrix(iota(0, 6), iota(0, 6), [](Index i, Index j) { return i + j; });
  ui::drawMatrix(plot, matrixView(), r);
  const std::vector<QCPAxis::AxisType> fixed = {QCPAxis::atBottom, QCPAxis::atLeft, QCPAxis::atTop,
                                                QCPAxis::atRight};
  EXPECT_EQ(sidesOn(plot, "axes"), fixed);
  EXPECT_EQ(sidesOn(plot, "grid"), fixed);
}

}  // namespace
