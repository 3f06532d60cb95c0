// SPDX-License-Identifier: GPL-3.0-or-later
// The formula language of the explanation panel, a small subset of TeX math: parsed into a
// tree (parseFormula), printed as a tree for tests, or as linear Unicode text for tooltips and
// screen readers. formula_layout.h lays the tree out and paints it.
#pragma once

#include <QString>
#include <vector>

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

/// Linear Unicode text of a formula, for tooltips and screen readers:
/// "\frac{q_i^{\top} k_j}{\sqrt{d}}" -> "(q_i^⊤ k_j) / √d". A malformed source is returned as is.
[[nodiscard]] QString formulaToPlainText(const QString& source);

}  // namespace posenc::ui
