// SPDX-License-Identifier: GPL-3.0-or-later
// A small TeX-like formula language, laid out and painted with QPainter: the formulas of the
// explanation panel (real fractions, raised and lowered scripts, radicals, Greek letters).
#pragma once

#include <QColor>
#include <QFont>
#include <QPointF>
#include <QSizeF>
#include <QString>
#include <QWidget>
#include <memory>
#include <vector>

class QPainter;
class QPaintDevice;

namespace posenc::ui {

/// One node of a parsed formula.
///
/// The language (a subset of TeX math, spaces ignored outside \text):
///   x_{i}  x^{2}  x_i^2         subscript / superscript (braces optional for one token)
///   \frac{a}{b}  \sqrt{d}  \sqrt[n]{x}
///   \alpha \beta \gamma \delta \Delta \theta \lambda \mu \pi \sigma \Sigma \varphi \omega ...
///   \cdot \times \pm \le \ge \ne \approx \equiv \to \Rightarrow \in \infty \ldots
///   \lVert \rVert \lvert \rvert \langle \rangle \lfloor \rfloor \lceil \rceil \top
///   \sum \prod (limits set below / above)   \sin \cos \exp \log \ln \max \min \mod
///   \mathrm{softmax} \mathbf{q} \text{any text, 中文 too}   \hl{3.14} (highlighted number)
///   \left( ... \right)  (also [ ] | . \lVert \rVert \langle \rangle \{ \}: sized to the body)
///   \begin{cases} a & n < e \\ b & n \ge e \end{cases}
///   a \\ b                     at the top level: a new line (continuation lines indented)
///   \, \; \quad \qquad  spaces;  \{ \} \_ \% \#  literal characters
/// Latin letters are italic (variables), digits and words in \mathrm / \text upright, '-' is
/// drawn as a minus sign, and binary operators and relations get TeX's spacing.
struct FormulaNode {
  enum class Kind {
    Row,        ///< children in order
    Symbol,     ///< text (one letter, a number, an operator, a word)
    Fraction,   ///< children: numerator, denominator
    Radical,    ///< children: body [, index]
    Scripts,    ///< children: base, subscript (may be empty Row), superscript (may be empty Row)
    Delimited,  ///< text: "left|right" delimiter pair; children: body
    Highlight,  ///< children: body (a substituted number)
    Cases,      ///< children: Rows of two cells each (value, condition)
    Lines,  ///< top level only: children are the Rows of lines (separated by a double backslash)
    Space,  ///< em: width in em
  };
  /// TeX's atom classes, which decide the spacing between neighbours.
  enum class Atom { Ord, Op, Bin, Rel, Open, Close, Punct };
  /// How a Symbol is drawn.
  enum class Face { Italic, Upright, Bold, Text };

  Kind kind = Kind::Row;
  QString text{};
  Atom atom = Atom::Ord;
  Face face = Face::Upright;
  bool limits = false;  ///< Scripts: set under / over the base (\sum, \prod).
  bool large = false;   ///< Symbol: a large operator glyph (\sum, \prod).
  double em = 0;        ///< Space: width in em.
  std::vector<FormulaNode> children{};
};

/// Result of parsing: a Row, or an error with the offending character position.
struct FormulaParse {
  FormulaNode root{};
  QString error{};    ///< Empty when the source parsed.
  int errorPos = -1;  ///< Index into the source where the problem was found.
  [[nodiscard]] bool ok() const { return error.isEmpty(); }
};

/// Parses `source`. Never throws; errors are reported in the result.
[[nodiscard]] FormulaParse parseFormula(const QString& source);

/// Compact tree shape for tests and debugging, e.g. "row(frac(row(a),row(b)))":
/// row(...), frac(N,D), sqrt(B) / sqrt(B,I), scripts(B,S,P) with "-" for an absent script,
/// delim(L,B,R), hl(B), cases(row,row...), lines(row,row...), space; a symbol prints as its text,
/// quoted when it is \text ("text:..."), or "op:" for a large operator.
[[nodiscard]] QString formulaTreeString(const FormulaNode& node);

/// Colours and faces of a formula.
struct FormulaStyle {
  QColor color{Qt::black};                               ///< Ordinary symbols, bars and radicals.
  QColor highlight{QColor(0xb3, 0x3c, 0x00)};            ///< \hl text (bold as well as coloured).
  QColor highlightBackground{QColor(0xff, 0xe9, 0xc7)};  ///< Behind \hl; invalid = none.
  QColor error{QColor(0xd0, 0x00, 0x00)};                ///< Raw source of a malformed formula.
  /// Family of the mathematical symbols; empty = the family of the font passed in. \text
  /// always uses the font passed in (so Chinese falls back to a CJK font from there).
  QString mathFamily{};
};

/// A laid-out formula, ready to paint any number of times.
class FormulaLayout {
 public:
  /// One piece of text drawn by the layout, for tests and hit checks.
  struct Run {
    QString text;
    QPointF baseline;  ///< Left end of the baseline, relative to the top-left corner.
    double pointSize;  ///< Point size of the font used.
    bool highlighted;
  };

  /// Lays out `source` with `font` as the base size (symbols at this size, scripts ~70 %).
  /// `device` gives the resolution of the fonts (the widget or image painted on); null = the
  /// screen. A malformed source lays out as its raw text in style.error.
  FormulaLayout(const QString& source, const QFont& font, const FormulaStyle& style = {},
                const QPaintDevice* device = nullptr);
  ~FormulaLayout();
  FormulaLayout(FormulaLayout&&) noexcept;
  FormulaLayout& operator=(FormulaLayout&&) noexcept;

  /// Width and height in device pixels (height = ascent + descent).
  [[nodiscard]] QSizeF size() const;
  /// Distance from the top to the main baseline.
  [[nodiscard]] double ascent() const;
  /// Whether the source failed to parse (then the raw text is shown in red).
  [[nodiscard]] bool hasError() const;
  [[nodiscard]] QString error() const;
  /// Every text run, in painting order.
  [[nodiscard]] const std::vector<Run>& runs() const;
  /// Paints with the top-left corner at `topLeft`.
  void paint(QPainter& painter, const QPointF& topLeft) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

/// Size of `source` laid out at `font` on `device` (null = the screen).
[[nodiscard]] QSizeF formulaSize(const QString& source, const QFont& font,
                                 const QPaintDevice* device = nullptr);

/// Paints `source` with its top-left corner at `topLeft`, at `font`'s size, on the painter's
/// device. Malformed input paints its raw text in style.error.
void paintFormula(QPainter& painter, const QPointF& topLeft, const QString& source,
                  const QFont& font, const FormulaStyle& style = {});

/// Linear Unicode text of a formula, for tooltips and screen readers:
/// "\frac{q_i^{\top} k_j}{\sqrt{d}}" -> "(q_i^⊤ k_j) / √d". A malformed source is returned as is.
[[nodiscard]] QString formulaToPlainText(const QString& source);

/// Shows one formula at the widget's font size; its size hint follows the layout, so a larger
/// font (presentation mode) gives a larger formula. Made narrower than its size hint, it
/// scales the formula down to fit the width. Tooltip and accessible name: the plain text.
class FormulaWidget : public QWidget {
  Q_OBJECT
 public:
  explicit FormulaWidget(QWidget* parent = nullptr);
  explicit FormulaWidget(const QString& source, QWidget* parent = nullptr);
  ~FormulaWidget() override;

  void setFormula(const QString& source);
  [[nodiscard]] QString formula() const { return m_source; }
  void setFormulaStyle(const FormulaStyle& style);
  [[nodiscard]] const FormulaStyle& formulaStyle() const { return m_style; }
  /// Whether the current formula failed to parse.
  [[nodiscard]] bool hasError() const;

  [[nodiscard]] QSize sizeHint() const override;
  [[nodiscard]] QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  const FormulaLayout& layout() const;
  void invalidate();

  QString m_source{};
  FormulaStyle m_style{};
  mutable std::unique_ptr<FormulaLayout> m_layout{};
};

}  // namespace posenc::ui
