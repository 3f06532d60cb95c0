// SPDX-License-Identifier: GPL-3.0-or-later
// The formula language of the explanation panel: parsing, layout, painting, plain text.
#include "posenc_ui/formula/formula_layout.h"
#include "posenc_ui/formula/formula_parser.h"
#include "posenc_ui/formula/formula_widget.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QFont>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <string>

namespace posenc::ui {
namespace {

/// Tree shape as UTF-8, so a failure prints readable text.
std::string tree(const QString& source) {
  const FormulaParse p = parseFormula(source);
  EXPECT_TRUE(p.ok()) << source.toStdString() << ": " << p.error.toStdString();
  return formulaTreeString(p.root).toStdString();
}

QFont testFont(double pt = 20) {
  QFont f(QStringLiteral("DejaVu Sans"));
  f.setPointSizeF(pt);
  return f;
}

/// Pixels of `image` that differ from `background`.
int inkPixels(const QImage& image, QRgb background) {
  int n = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x)
      if (image.pixel(x, y) != background) ++n;
  return n;
}

QImage paint(const QString& source, const FormulaStyle& style = {}) {
  const QFont font = testFont();
  QImage probe(1, 1, QImage::Format_ARGB32);
  const QSizeF size = formulaSize(source, font, &probe);
  QImage image(std::max(1, static_cast<int>(size.width()) + 2),
               std::max(1, static_cast<int>(size.height()) + 2), QImage::Format_ARGB32);
  image.fill(Qt::white);
  QPainter painter(&image);
  paintFormula(painter, QPointF(1, 1), source, font, style);
  painter.end();
  return image;
}

TEST(FormulaParse, TreeShapes) {
  EXPECT_EQ(tree(QStringLiteral("\\frac{a}{b}")), "row(frac(row(a),row(b)))");
  EXPECT_EQ(tree(QStringLiteral("x_{i}^{2}")), "row(scripts(x,row(i),row(2)))");
  EXPECT_EQ(tree(QStringLiteral("x^2_i")), "row(scripts(x,row(i),row(2)))");
  EXPECT_EQ(tree(QStringLiteral("\\sqrt{d}")), "row(sqrt(row(d)))");
  EXPECT_EQ(tree(QStringLiteral("\\sqrt[3]{x}")), "row(sqrt(row(x),row(3)))");
  EXPECT_EQ(tree(QStringLiteral("-m_h (i - j)")), "row(− scripts(m,row(h),-) ( i − j ))");
  EXPECT_EQ(tree(QStringLiteral("\\alpha \\theta_k \\le \\infty")),
            "row(α scripts(θ,row(k),-) ≤ ∞)");
  EXPECT_EQ(tree(QStringLiteral("\\sum_{i=0}^{n} w_i")),
            "row(scripts(op:∑,row(i = 0),row(n)) scripts(w,row(i),-))");
  EXPECT_EQ(tree(QStringLiteral("\\mathrm{softmax}(x)")), "row(row(s o f t m a x) ( x ))");
  EXPECT_EQ(tree(QStringLiteral("\\text{位置 p}")), "row(text:\"位置 p\")");
  EXPECT_EQ(tree(QStringLiteral("\\hl{3.25}")), "row(hl(row(3.25)))");
  EXPECT_EQ(tree(QStringLiteral("\\left\\lVert x \\right\\rVert")), "row(delim(‖,row(x),‖))");
  EXPECT_EQ(tree(QStringLiteral("\\left( \\frac{1}{2} \\right.")),
            "row(delim((,row(frac(row(1),row(2))),.))");
  EXPECT_EQ(tree(QStringLiteral("\\begin{cases} a & n<e \\\\ b \\end{cases}")),
            "row(cases(row(row(a) row(n < e)),row(row(b) row())))");
  EXPECT_EQ(tree(QStringLiteral("a = b \\\\ = c")), "lines(row(a = b),row(= c))");
  EXPECT_EQ(tree(QStringLiteral("q_i^{\\top} k_j")),
            "row(scripts(q,row(i),row(⊤)) scripts(k,row(j),-))");
}

TEST(FormulaParse, FacesAndClasses) {
  const FormulaParse p = parseFormula(QStringLiteral("x \\mathrm{d} 2 + \\mathbf{q} \\cdot"));
  ASSERT_TRUE(p.ok());
  const auto& c = p.root.children;
  ASSERT_EQ(c.size(), 6U);
  EXPECT_EQ(c[0].face, FormulaNode::Face::Italic);
  EXPECT_EQ(c[1].children[0].face, FormulaNode::Face::Upright);
  EXPECT_EQ(c[2].face, FormulaNode::Face::Upright);
  EXPECT_EQ(c[3].atom, FormulaNode::Atom::Bin);
  EXPECT_EQ(c[4].children[0].face, FormulaNode::Face::Bold);
  EXPECT_EQ(c[5].text, QStringLiteral("·"));
}

TEST(FormulaParse, ReportsErrorsWithPosition) {
  struct Case {
    const char* source;
    const char* message;
  };
  const Case cases[] = {
      {"\\frac{a}{b", "missing }"},
      {"a}", "unmatched }"},
      {"\\frac{a}", "missing argument"},
      {"\\foo{x}", "unknown command \\foo"},
      {"x_i_j", "double subscript"},
      {"x^2^3", "double superscript"},
      {"\\left( x", "\\left without \\right"},
      {"x \\right)", "\\right without \\left"},
      {"\\sqrt[3{x}", "missing ]"},
      {"\\text{abc", "missing } after \\text{"},
      {"a & b", "& outside \\begin{cases}"},
      {"\\begin{matrix}", "only \\begin{cases} is known"},
      {"\\left< x \\right>", "not a delimiter"},
      {"x\\", "a backslash at the end"},
      {"{a \\\\ b}", "\\\\ (a new line) only at the top level"},
  };
  for (const Case& c : cases) {
    const FormulaParse p = parseFormula(QString::fromUtf8(c.source));
    EXPECT_FALSE(p.ok()) << c.source;
    EXPECT_TRUE(p.error.startsWith(QString::fromUtf8(c.message)))
        << c.source << ": " << p.error.toStdString();
    EXPECT_GE(p.errorPos, 0) << c.source;
  }
  EXPECT_EQ(parseFormula(QStringLiteral("\\foo{x}")).errorPos, 0);
  EXPECT_EQ(parseFormula(QStringLiteral("ab}")).errorPos, 2);
}

TEST(FormulaParse, DeepNestingIsRefusedNotACrash) {
  const QString deep = QString(5000, u'{') + QString(5000, u'}');
  const FormulaParse p = parseFormula(deep);
  EXPECT_FALSE(p.ok());
  EXPECT_TRUE(p.error.contains(QStringLiteral("nesting")));
}

TEST(FormulaLayout, FractionIsTallerThanItsNumerator) {
  QImage probe(1, 1, QImage::Format_ARGB32);
  const QFont font = testFont();
  const QSizeF num = formulaSize(QStringLiteral("a+b"), font, &probe);
  const QSizeF frac = formulaSize(QStringLiteral("\\frac{a+b}{c}"), font, &probe);
  EXPECT_GT(frac.height(), num.height() * 1.5);
  // And the denominator is drawn below the numerator.
  const FormulaLayout l(QStringLiteral("\\frac{a}{c}"), font, {}, &probe);
  ASSERT_EQ(l.runs().size(), 2U);
  EXPECT_EQ(l.runs()[0].text, QStringLiteral("a"));
  EXPECT_LT(l.runs()[0].baseline.y(), l.runs()[1].baseline.y() - 10);
}

TEST(FormulaLayout, SuperscriptIsRaisedAndSmallerSubscriptLowered) {
  QImage probe(1, 1, QImage::Format_ARGB32);
  const FormulaLayout l(QStringLiteral("x^{2}_{i}"), testFont(), {}, &probe);
  ASSERT_EQ(l.runs().size(), 3U);
  const auto& base = l.runs()[0];
  const auto& sup = l.runs()[1];
  const auto& sub = l.runs()[2];
  EXPECT_EQ(sup.text, QStringLiteral("2"));
  EXPECT_LT(sup.baseline.y(), base.baseline.y() - 3);  // y grows downwards
  EXPECT_GT(sub.baseline.y(), base.baseline.y() + 1);
  EXPECT_LT(sup.pointSize, base.pointSize);
  EXPECT_GT(sup.baseline.x(), base.baseline.x());
}

TEST(FormulaLayout, ScalesWithTheFont) {
  QImage probe(1, 1, QImage::Format_ARGB32);
  const QString f = QStringLiteral("\\frac{q_i^{\\top} k_j}{\\sqrt{d}}");
  const QSizeF small = formulaSize(f, testFont(10), &probe);
  const QSizeF big = formulaSize(f, testFont(30), &probe);
  EXPECT_NEAR(big.width() / small.width(), 3.0, 0.45);
  EXPECT_NEAR(big.height() / small.height(), 3.0, 0.45);
}

TEST(FormulaLayout, RadicalAndDelimitersCoverTheirBody) {
  QImage probe(1, 1, QImage::Format_ARGB32);
  const QFont font = testFont();
  const QSizeF d = formulaSize(QStringLiteral("d"), font, &probe);
  const QSizeF root = formulaSize(QStringLiteral("\\sqrt{d}"), font, &probe);
  EXPECT_GT(root.width(), d.width() * 1.5);
  EXPECT_GT(root.height(), d.height());
  const QSizeF frac = formulaSize(QStringLiteral("\\frac{1}{2}"), font, &probe);
  const QSizeF paren = formulaSize(QStringLiteral("\\left(\\frac{1}{2}\\right)"), font, &probe);
  EXPECT_GE(paren.height(), frac.height());
  EXPECT_GT(paren.width(), frac.width());
}

TEST(FormulaLayout, MalformedInputRendersRawTextInRed) {
  QImage probe(1, 1, QImage::Format_ARGB32);
  const QString bad = QStringLiteral("\\frac{a}{");
  const FormulaLayout l(bad, testFont(), {}, &probe);
  EXPECT_TRUE(l.hasError());
  ASSERT_EQ(l.runs().size(), 1U);
  EXPECT_EQ(l.runs()[0].text, bad);
  FormulaStyle style;
  style.error = QColor(255, 0, 0);
  const QImage image = paint(bad, style);
  int red = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      const QColor c = image.pixelColor(x, y);
      if (c.red() > 200 && c.green() < 120 && c.blue() < 120) ++red;
    }
  EXPECT_GT(red, 10);
}

TEST(FormulaLayout, HostileInputsNeverCrash) {
  const QStringList inputs = {QString(),
                              QStringLiteral("}"),
                              QStringLiteral("_"),
                              QStringLiteral("^^"),
                              QStringLiteral("\\"),
                              QStringLiteral("\\left"),
                              QStringLiteral("\\frac"),
                              QStringLiteral("\\sqrt["),
                              QStringLiteral("\\begin{cases}"),
                              QStringLiteral("\\end{cases}"),
                              QStringLiteral("\\text{"),
                              QStringLiteral("\\hl"),
                              QString(3000, u'{'),
                              QStringLiteral("x_{}^{}"),
                              QStringLiteral("\\left(\\right)"),
                              QStringLiteral("\\\\"),
                              QStringLiteral("😀_{😀}")};
  QImage image(200, 60, QImage::Format_ARGB32);
  QPainter painter(&image);
  for (const QString& s : inputs) {
    const QSizeF size = formulaSize(s, testFont(), &image);
    EXPECT_GE(size.width(), 0) << s.toStdString();
    paintFormula(painter, QPointF(0, 0), s, testFont());
    EXPECT_FALSE(formulaToPlainText(s).isNull() && !s.isNull());
  }
}

TEST(FormulaPaint, DrawsNonBackgroundPixels) {
  const QImage image = paint(QStringLiteral("\\frac{q_i^{\\top} k_j}{\\sqrt{d_{\\mathrm{head}}}}"));
  const int ink = inkPixels(image, QColor(Qt::white).rgb());
  EXPECT_GT(ink, 100);
  // The bar of the fraction: a row with a long run of dark pixels.
  int longest = 0;
  for (int y = 0; y < image.height(); ++y) {
    int run = 0;
    for (int x = 0; x < image.width(); ++x) {
      run = qGray(image.pixel(x, y)) < 100 ? run + 1 : 0;
      longest = std::max(longest, run);
    }
  }
  EXPECT_GT(longest, image.width() / 2);
}

TEST(FormulaPaint, HighlightUsesItsColour) {
  FormulaStyle style;
  style.highlight = QColor(0, 0, 255);
  style.highlightBackground = QColor();
  const QImage image = paint(QStringLiteral("x = \\hl{42}"), style);
  int blue = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      const QColor c = image.pixelColor(x, y);
      if (c.blue() > 180 && c.red() < 100 && c.green() < 100) ++blue;
    }
  EXPECT_GT(blue, 10);
}

TEST(FormulaPlainText, LinearUnicode) {
  EXPECT_EQ(formulaToPlainText(QStringLiteral("\\frac{a}{b}")), QStringLiteral("a / b"));
  EXPECT_EQ(formulaToPlainText(QStringLiteral("\\frac{q_i^{\\top} k_j}{\\sqrt{d}}")),
            QStringLiteral("(q_i^⊤k_j) / √d"));
  EXPECT_EQ(formulaToPlainText(QStringLiteral("-m_h (i - j)")), QStringLiteral("−m_h(i − j)"));
  EXPECT_EQ(formulaToPlainText(QStringLiteral("\\theta_k = \\mathrm{base}^{-2k/d}")),
            QStringLiteral("θ_k = base^(−2k/d)"));
  EXPECT_EQ(formulaToPlainText(QStringLiteral("\\sum_{i} \\cos(\\hl{3} w_i)")),
            QStringLiteral("∑_i cos (3w_i)"));
  EXPECT_EQ(formulaToPlainText(QStringLiteral("\\text{距离} \\le 5")), QStringLiteral("距离 ≤ 5"));
  // Malformed: the source itself.
  EXPECT_EQ(formulaToPlainText(QStringLiteral("\\frac{a")), QStringLiteral("\\frac{a"));
}

TEST(FormulaWidget, SizeHintFollowsTheFontAndTooltipIsPlainText) {
  FormulaWidget w(QStringLiteral("\\frac{a}{\\sqrt{d}}"));
  w.setFont(testFont(10));
  const QSize small = w.sizeHint();
  w.setFont(testFont(24));
  const QSize big = w.sizeHint();
  EXPECT_GT(big.width(), small.width() * 2);
  EXPECT_GT(big.height(), small.height() * 2);
  EXPECT_EQ(w.toolTip(), QStringLiteral("a / √d"));
  EXPECT_FALSE(w.hasError());
  w.setFormula(QStringLiteral("\\frac{"));
  EXPECT_TRUE(w.hasError());
  w.resize(w.sizeHint());
  const QImage shot = w.grab().toImage();
  EXPECT_FALSE(shot.isNull());
}

}  // namespace
}  // namespace posenc::ui

namespace posenc::test {
namespace {

TEST(FormulaWidgetBreaks, ALongFormulaBreaksBeforeTopLevelOperatorsInsteadOfShrinking) {
  const QString source = QStringLiteral(
      "(q + \\mathrm{PE}_m) \\cdot (k + \\mathrm{PE}_n) = q \\cdot k + q \\cdot \\mathrm{PE}_n + "
      "\\mathrm{PE}_m \\cdot k + \\mathrm{PE}_m \\cdot \\mathrm{PE}_n");
  ui::FormulaWidget w(source);
  const int natural = w.sizeHint().width();
  w.resize(natural / 2, w.sizeHint().height());
  w.show();
  EXPECT_NE(w.shownSource(), source) << "broken into lines";
  EXPECT_TRUE(w.shownSource().contains(QStringLiteral("\\\\"))) << w.shownSource().toStdString();
  EXPECT_FALSE(w.shownSource().contains(QStringLiteral("(q \\\\"))) << "never inside brackets";
  EXPECT_GE(w.paintScale(), 0.9) << w.shownSource().toStdString();
  w.resize(natural + 10, w.height());
  EXPECT_EQ(w.shownSource(), source) << "wide enough again: as written";
  EXPECT_DOUBLE_EQ(w.paintScale(), 1.0);
}

TEST(FormulaWidgetBreaks, CasesAreNeverSplit) {
  const QString source = QStringLiteral(
      "\\mathrm{PE}[p, k] = \\begin{cases} \\sin(p w_i) & k = 2i \\\\ \\cos(p w_i) & k = 2i + 1 "
      "\\end{cases}");
  ui::FormulaWidget w(source);
  w.resize(40, 40);
  w.show();
  EXPECT_EQ(w.shownSource(), source);
}

}  // namespace
}  // namespace posenc::test
