// SPDX-License-Identifier: GPL-3.0-or-later
// Formulas laid out and painted with QPainter: real fractions, raised and lowered scripts,
// radicals, stretched delimiters, Greek letters, TeX's spacing (the language: formula_parser.h).
#pragma once

#include <QColor>
#include <QFont>
#include <QPointF>
#include <QSizeF>
#include <QString>
#include <memory>
#include <vector>

class QPainter;
class QPaintDevice;

namespace posenc::ui {

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

}  // namespace posenc::ui
