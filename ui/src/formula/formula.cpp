// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/formula/formula.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QHash>
#include <QLineF>
#include <QPaintDevice>
#include <QPainter>
#include <QPainterPath>
#include <QRectF>
#include <QScreen>
#include <QTransform>
#include <algorithm>
#include <cmath>
#include <utility>

namespace posenc::ui {

using Kind = FormulaNode::Kind;
using Atom = FormulaNode::Atom;
using Face = FormulaNode::Face;

// ------------------------------------------------------------------------------------------
// Parsing
// ------------------------------------------------------------------------------------------

namespace {

struct SymbolDef {
  // cppcheck-suppress unusedStructMember ; read through symbolTable().value(name).text
  const char16_t* text;
  Atom atom;
  Face face;
};

/// Commands that stand for one symbol.
const QHash<QString, SymbolDef>& symbolTable() {
  static const QHash<QString, SymbolDef> table = {
      // Greek: lower case italic, upper case upright (as TeX sets them).
      {"alpha", {u"α", Atom::Ord, Face::Italic}},
      {"beta", {u"β", Atom::Ord, Face::Italic}},
      {"gamma", {u"γ", Atom::Ord, Face::Italic}},
      {"delta", {u"δ", Atom::Ord, Face::Italic}},
      {"epsilon", {u"ϵ", Atom::Ord, Face::Italic}},
      {"varepsilon", {u"ε", Atom::Ord, Face::Italic}},
      {"zeta", {u"ζ", Atom::Ord, Face::Italic}},
      {"eta", {u"η", Atom::Ord, Face::Italic}},
      {"theta", {u"θ", Atom::Ord, Face::Italic}},
      {"vartheta", {u"ϑ", Atom::Ord, Face::Italic}},
      {"iota", {u"ι", Atom::Ord, Face::Italic}},
      {"kappa", {u"κ", Atom::Ord, Face::Italic}},
      {"lambda", {u"λ", Atom::Ord, Face::Italic}},
      {"mu", {u"μ", Atom::Ord, Face::Italic}},
      {"nu", {u"ν", Atom::Ord, Face::Italic}},
      {"xi", {u"ξ", Atom::Ord, Face::Italic}},
      {"pi", {u"π", Atom::Ord, Face::Italic}},
      {"rho", {u"ρ", Atom::Ord, Face::Italic}},
      {"sigma", {u"σ", Atom::Ord, Face::Italic}},
      {"tau", {u"τ", Atom::Ord, Face::Italic}},
      {"phi", {u"ϕ", Atom::Ord, Face::Italic}},
      {"varphi", {u"φ", Atom::Ord, Face::Italic}},
      {"chi", {u"χ", Atom::Ord, Face::Italic}},
      {"psi", {u"ψ", Atom::Ord, Face::Italic}},
      {"omega", {u"ω", Atom::Ord, Face::Italic}},
      {"Gamma", {u"Γ", Atom::Ord, Face::Upright}},
      {"Delta", {u"Δ", Atom::Ord, Face::Upright}},
      {"Theta", {u"Θ", Atom::Ord, Face::Upright}},
      {"Lambda", {u"Λ", Atom::Ord, Face::Upright}},
      {"Xi", {u"Ξ", Atom::Ord, Face::Upright}},
      {"Pi", {u"Π", Atom::Ord, Face::Upright}},
      {"Sigma", {u"Σ", Atom::Ord, Face::Upright}},
      {"Phi", {u"Φ", Atom::Ord, Face::Upright}},
      {"Psi", {u"Ψ", Atom::Ord, Face::Upright}},
      {"Omega", {u"Ω", Atom::Ord, Face::Upright}},
      // Operators and relations.
      {"cdot", {u"·", Atom::Bin, Face::Upright}},
      {"times", {u"×", Atom::Bin, Face::Upright}},
      {"pm", {u"±", Atom::Bin, Face::Upright}},
      {"circ", {u"∘", Atom::Bin, Face::Upright}},
      {"odot", {u"⊙", Atom::Bin, Face::Upright}},
      {"le", {u"≤", Atom::Rel, Face::Upright}},
      {"leq", {u"≤", Atom::Rel, Face::Upright}},
      {"ge", {u"≥", Atom::Rel, Face::Upright}},
      {"geq", {u"≥", Atom::Rel, Face::Upright}},
      {"ne", {u"≠", Atom::Rel, Face::Upright}},
      {"neq", {u"≠", Atom::Rel, Face::Upright}},
      {"approx", {u"≈", Atom::Rel, Face::Upright}},
      {"equiv", {u"≡", Atom::Rel, Face::Upright}},
      {"sim", {u"∼", Atom::Rel, Face::Upright}},
      {"propto", {u"∝", Atom::Rel, Face::Upright}},
      {"to", {u"→", Atom::Rel, Face::Upright}},
      {"rightarrow", {u"→", Atom::Rel, Face::Upright}},
      {"Rightarrow", {u"⇒", Atom::Rel, Face::Upright}},
      {"mapsto", {u"↦", Atom::Rel, Face::Upright}},
      {"in", {u"∈", Atom::Rel, Face::Upright}},
      {"mid", {u"|", Atom::Rel, Face::Upright}},
      {"ll", {u"≪", Atom::Rel, Face::Upright}},
      {"gg", {u"≫", Atom::Rel, Face::Upright}},
      // Ordinary symbols and delimiters.
      {"infty", {u"∞", Atom::Ord, Face::Upright}},
      {"partial", {u"∂", Atom::Ord, Face::Upright}},
      {"nabla", {u"∇", Atom::Ord, Face::Upright}},
      {"ell", {u"ℓ", Atom::Ord, Face::Upright}},
      {"top", {u"⊤", Atom::Ord, Face::Upright}},
      {"prime", {u"′", Atom::Ord, Face::Upright}},
      {"ldots", {u"…", Atom::Ord, Face::Upright}},
      {"cdots", {u"⋯", Atom::Ord, Face::Upright}},
      {"dots", {u"…", Atom::Ord, Face::Upright}},
      {"vert", {u"|", Atom::Ord, Face::Upright}},
      {"Vert", {u"‖", Atom::Ord, Face::Upright}},
      {"lVert", {u"‖", Atom::Open, Face::Upright}},
      {"rVert", {u"‖", Atom::Close, Face::Upright}},
      {"lvert", {u"|", Atom::Open, Face::Upright}},
      {"rvert", {u"|", Atom::Close, Face::Upright}},
      {"langle", {u"⟨", Atom::Open, Face::Upright}},
      {"rangle", {u"⟩", Atom::Close, Face::Upright}},
      {"lfloor", {u"⌊", Atom::Open, Face::Upright}},
      {"rfloor", {u"⌋", Atom::Close, Face::Upright}},
      {"lceil", {u"⌈", Atom::Open, Face::Upright}},
      {"rceil", {u"⌉", Atom::Close, Face::Upright}},
      // Function names (upright, operator spacing).
      {"sin", {u"sin", Atom::Op, Face::Upright}},
      {"cos", {u"cos", Atom::Op, Face::Upright}},
      {"tan", {u"tan", Atom::Op, Face::Upright}},
      {"exp", {u"exp", Atom::Op, Face::Upright}},
      {"log", {u"log", Atom::Op, Face::Upright}},
      {"ln", {u"ln", Atom::Op, Face::Upright}},
      {"max", {u"max", Atom::Op, Face::Upright}},
      {"min", {u"min", Atom::Op, Face::Upright}},
      {"arg", {u"arg", Atom::Op, Face::Upright}},
      {"det", {u"det", Atom::Op, Face::Upright}},
      {"mod", {u"mod", Atom::Bin, Face::Upright}},
      {"bmod", {u"mod", Atom::Bin, Face::Upright}},
  };
  return table;
}

/// Spaces in em.
const QHash<QString, double>& spaceTable() {
  static const QHash<QString, double> table = {{",", 3.0 / 18}, {":", 4.0 / 18}, {">", 4.0 / 18},
                                               {";", 5.0 / 18}, {" ", 1.0 / 3},  {"!", -3.0 / 18},
                                               {"quad", 1.0},   {"qquad", 2.0}};
  return table;
}

struct ParseFailure {
  QString message;
  int pos;
};

/// Recursive-descent parser; depth-limited so hostile input cannot exhaust the stack.
class Parser {
 public:
  explicit Parser(const QString& source) : m_s(source) {}

  FormulaParse run() {
    FormulaParse out;
    try {
      // Top level: lines separated by \\ (a Lines node when there is more than one).
      FormulaNode lines;
      lines.kind = Kind::Lines;
      for (;;) {
        lines.children.push_back(parseRow(Stop::End, Face::Italic));
        if (!atCommand(QStringLiteral("\\"))) break;
        m_pos += 2;
      }
      out.root = lines.children.size() == 1 ? std::move(lines.children.front()) : std::move(lines);
    } catch (const ParseFailure& f) {
      out.root = FormulaNode{};
      out.error = f.message;
      out.errorPos = f.pos;
    }
    return out;
  }

 private:
  enum class Stop { End, Brace, Bracket, Right, Cell };
  static constexpr int kMaxDepth = 48;

  struct DepthGuard {
    explicit DepthGuard(Parser& p) : m_p(p) {
      if (++m_p.m_depth > kMaxDepth) m_p.fail(QStringLiteral("nesting deeper than 48 levels"));
    }
    ~DepthGuard() { --m_p.m_depth; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;
    Parser& m_p;
  };

  [[noreturn]] void fail(const QString& message) const { throw ParseFailure{message, m_pos}; }
  bool atEnd() const { return m_pos >= m_s.size(); }
  QChar peek(int ahead = 0) const {
    return m_pos + ahead < m_s.size() ? m_s[m_pos + ahead] : QChar();
  }
  void skipSpaces() {
    while (!atEnd() && peek().isSpace()) ++m_pos;
  }
  /// Whether the text at the cursor is the command \name (not a longer one).
  bool atCommand(const QString& name) const {
    if (peek() != u'\\') return false;
    if (m_s.mid(m_pos + 1, name.size()) != name) return false;
    const QChar after = peek(1 + static_cast<int>(name.size()));
    return !(name.front().isLetter() && after.isLetter() && after.unicode() < 128);
  }

  /// Reads the name after a backslash: a run of ASCII letters or one other character.
  QString commandName() {
    ++m_pos;  // the backslash
    if (atEnd()) fail(QStringLiteral("a backslash at the end"));
    const int start = m_pos;
    auto isAsciiLetter = [](QChar c) { return c.unicode() < 128 && c.isLetter(); };
    if (isAsciiLetter(peek())) {
      while (!atEnd() && isAsciiLetter(peek())) ++m_pos;
    } else {
      ++m_pos;
    }
    return m_s.mid(start, m_pos - start);
  }

  FormulaNode parseRow(Stop stop, Face face) {
    DepthGuard guard(*this);
    FormulaNode row;
    row.kind = Kind::Row;
    for (;;) {
      skipSpaces();
      if (atEnd()) {
        if (stop == Stop::Brace) fail(QStringLiteral("missing }"));
        if (stop == Stop::Bracket) fail(QStringLiteral("missing ]"));
        if (stop == Stop::Right) fail(QStringLiteral("\\left without \\right"));
        if (stop == Stop::Cell) fail(QStringLiteral("\\begin{cases} without \\end{cases}"));
        break;
      }
      const QChar c = peek();
      if (c == u'}') {
        if (stop != Stop::Brace) fail(QStringLiteral("unmatched }"));
        ++m_pos;
        break;
      }
      if (c == u']' && stop == Stop::Bracket) {
        ++m_pos;
        break;
      }
      if (stop == Stop::Cell &&
          (c == u'&' || atCommand(QStringLiteral("\\")) || atCommand(QStringLiteral("end"))))
        break;
      if (stop == Stop::End && atCommand(QStringLiteral("\\"))) break;
      if (c == u'&') fail(QStringLiteral("& outside \\begin{cases}"));
      if (atCommand(QStringLiteral("right"))) {
        if (stop != Stop::Right) fail(QStringLiteral("\\right without \\left"));
        break;
      }
      if (atCommand(QStringLiteral("end"))) fail(QStringLiteral("\\end without \\begin"));
      if (c == u'_' || c == u'^') {
        ++m_pos;
        attachScript(row, c == u'^', face);
        continue;
      }
      row.children.push_back(parseAtom(face, false));
    }
    return row;
  }

  void attachScript(FormulaNode& row, bool sup, Face face) {
    const int at = m_pos - 1;
    FormulaNode script = parseArgument(face);
    if (row.children.empty() || row.children.back().kind != Kind::Scripts) {
      FormulaNode s;
      s.kind = Kind::Scripts;
      FormulaNode base;
      if (!row.children.empty()) {
        base = std::move(row.children.back());
        row.children.pop_back();
      }
      s.limits = base.kind == Kind::Symbol && base.large;
      s.children = {std::move(base), FormulaNode{}, FormulaNode{}};
      row.children.push_back(std::move(s));
    }
    FormulaNode& s = row.children.back();
    FormulaNode& slot = s.children[sup ? 2 : 1];
    if (!slot.children.empty() || slot.kind != Kind::Row) {
      m_pos = at;
      fail(sup ? QStringLiteral("double superscript") : QStringLiteral("double subscript"));
    }
    slot = std::move(script);
    if (slot.children.empty()) {  // x_{} : keep it visible as "set but empty"
      FormulaNode space;
      space.kind = Kind::Space;
      slot.children.push_back(space);
    }
  }

  /// A braced group or a single token, always returned as a Row.
  FormulaNode parseArgument(Face face) {
    skipSpaces();
    if (atEnd()) fail(QStringLiteral("missing argument"));
    if (peek() == u'{') {
      ++m_pos;
      return parseRow(Stop::Brace, face);
    }
    if (peek() == u'}' || peek() == u'_' || peek() == u'^' || peek() == u'&')
      fail(QStringLiteral("missing argument"));
    FormulaNode row;
    row.kind = Kind::Row;
    row.children.push_back(parseAtom(face, true));
    return row;
  }

  static FormulaNode symbol(const QString& text, Atom atom, Face face) {
    FormulaNode n;
    n.kind = Kind::Symbol;
    n.text = text;
    n.atom = atom;
    n.face = face;
    return n;
  }

  static FormulaNode space(double em) {
    FormulaNode n;
    n.kind = Kind::Space;
    n.em = em;
    return n;
  }

  /// Face of a letter inside a group set with `face` (\mathrm keeps letters upright).
  static Face letterFace(Face face) { return face == Face::Italic ? Face::Italic : face; }
  /// Face of a digit or sign: upright unless bold.
  static Face uprightFace(Face face) { return face == Face::Bold ? Face::Bold : Face::Upright; }

  FormulaNode parseAtom(Face face, bool single) {
    DepthGuard guard(*this);
    const QChar c = peek();
    if (c == u'{') {
      ++m_pos;
      return parseRow(Stop::Brace, face);
    }
    if (c == u'\\') return parseCommand(face);
    const auto isDigit = [](QChar ch) { return ch.unicode() < 128 && ch.isDigit(); };
    if (isDigit(c) || (c == u'.' && isDigit(peek(1)))) {
      const int start = m_pos++;
      if (!single) {
        while (!atEnd() && (isDigit(peek()) || (peek() == u'.' && isDigit(peek(1))))) ++m_pos;
      }
      return symbol(m_s.mid(start, m_pos - start), Atom::Ord, uprightFace(face));
    }
    ++m_pos;
    const Face up = uprightFace(face);
    switch (c.unicode()) {
      case u'+':
        return symbol(QStringLiteral("+"), Atom::Bin, up);
      case u'-':
        return symbol(QString(QChar(0x2212)), Atom::Bin, up);
      case u'*':
        return symbol(QString(QChar(0x2217)), Atom::Bin, up);
      case u'=':
      case u'<':
      case u'>':
        return symbol(QString(c), Atom::Rel, up);
      case u',':
      case u';':
      case u':':
        return symbol(QString(c), Atom::Punct, up);  // ':' as \colon
      case u'(':
      case u'[':
        return symbol(QString(c), Atom::Open, up);
      case u')':
      case u']':
      case u'!':
      case u'?':
        return symbol(QString(c), Atom::Close, up);
      case u'\'':
        return symbol(QString(QChar(0x2032)), Atom::Ord, up);
      case u'~':
        return space(1.0 / 3);
      default:
        break;
    }
    if (c.unicode() < 128 && c.isLetter()) return symbol(QString(c), Atom::Ord, letterFace(face));
    if (c.isHighSurrogate() && !atEnd()) {
      ++m_pos;
      return symbol(m_s.mid(m_pos - 2, 2), Atom::Ord, Face::Text);
    }
    // Any other character (Unicode symbols, CJK) stands for itself, upright; CJK in text face.
    return symbol(QString(c), Atom::Ord, c.unicode() >= 0x2E80 ? Face::Text : up);
  }

  /// The delimiter after \left or \right: ( ) [ ] | . / \{ \} \| or a named one.
  QString parseDelimiter() {
    skipSpaces();
    if (atEnd()) fail(QStringLiteral("missing delimiter after \\left or \\right"));
    const QChar c = peek();
    if (QStringLiteral("()[]|/").contains(c)) {
      ++m_pos;
      return QString(c);
    }
    if (c == u'.') {
      ++m_pos;
      return QString();
    }
    if (c == u'\\') {
      const int at = m_pos;
      const QString name = commandName();
      if (name == u"{") return QStringLiteral("{");
      if (name == u"}") return QStringLiteral("}");
      if (name == u"|") return QString(QChar(0x2016));
      static const QStringList named = {"lVert",  "rVert",  "Vert",   "lvert",  "rvert", "vert",
                                        "langle", "rangle", "lfloor", "rfloor", "lceil", "rceil"};
      if (named.contains(name)) return QString::fromUtf16(symbolTable().value(name).text);
      m_pos = at;
    }
    fail(
        QStringLiteral("not a delimiter (use ( ) [ ] | . \\{ \\} \\| \\lVert \\rVert "
                       "\\langle \\rangle \\lfloor \\rfloor \\lceil \\rceil)"));
  }

  /// \text{...}: raw characters up to the matching brace (nested braces kept, \{ \} escaped).
  FormulaNode parseText() {
    skipSpaces();
    if (peek() != u'{') fail(QStringLiteral("\\text needs {...}"));
    ++m_pos;
    QString out;
    int depth = 1;
    while (!atEnd()) {
      const QChar c = peek();
      if (c == u'\\' && (peek(1) == u'{' || peek(1) == u'}' || peek(1) == u'\\' ||
                         peek(1) == u'_' || peek(1) == u'%' || peek(1) == u'&')) {
        out += peek(1);
        m_pos += 2;
        continue;
      }
      ++m_pos;
      if (c == u'{') ++depth;
      if (c == u'}' && --depth == 0) return symbol(out, Atom::Ord, Face::Text);
      out += c;
    }
    fail(QStringLiteral("missing } after \\text{"));
  }

  FormulaNode parseCases(Face face) {
    FormulaNode cases;
    cases.kind = Kind::Cases;
    for (;;) {
      FormulaNode line;
      line.kind = Kind::Row;
      line.children.push_back(parseRow(Stop::Cell, face));
      if (peek() == u'&') {
        ++m_pos;
        line.children.push_back(parseRow(Stop::Cell, face));
        if (peek() == u'&') fail(QStringLiteral("more than two cells in a \\begin{cases} line"));
      } else {
        FormulaNode empty;
        empty.kind = Kind::Row;
        line.children.push_back(empty);
      }
      cases.children.push_back(std::move(line));
      if (atCommand(QStringLiteral("\\"))) {
        m_pos += 2;
        continue;
      }
      // atCommand("end") holds here: parseRow(Stop::Cell) stops only at &, \\ or \end.
      commandName();
      skipSpaces();
      if (m_s.mid(m_pos, 7) != u"{cases}") fail(QStringLiteral("expected \\end{cases}"));
      m_pos += 7;
      return cases;
    }
  }

  FormulaNode parseCommand(Face face) {
    const int at = m_pos;
    const QString name = commandName();
    if (name == u"frac" || name == u"dfrac" || name == u"tfrac") {
      FormulaNode n;
      n.kind = Kind::Fraction;
      n.children.push_back(parseArgument(face));
      n.children.push_back(parseArgument(face));
      return n;
    }
    if (name == u"sqrt") {
      FormulaNode n;
      n.kind = Kind::Radical;
      skipSpaces();
      FormulaNode index;
      bool hasIndex = false;
      if (peek() == u'[') {
        ++m_pos;
        index = parseRow(Stop::Bracket, face);
        hasIndex = true;
      }
      n.children.push_back(parseArgument(face));
      if (hasIndex) n.children.push_back(std::move(index));
      return n;
    }
    if (name == u"mathrm" || name == u"operatorname" || name == u"textrm")
      return parseArgument(face == Face::Bold ? Face::Bold : Face::Upright);
    if (name == u"mathbf" || name == u"boldsymbol" || name == u"bm")
      return parseArgument(Face::Bold);
    if (name == u"mathit") return parseArgument(Face::Italic);
    if (name == u"text" || name == u"mbox") return parseText();
    if (name == u"hl") {
      FormulaNode n;
      n.kind = Kind::Highlight;
      n.children.push_back(parseArgument(face));
      return n;
    }
    if (name == u"left") {
      FormulaNode n;
      n.kind = Kind::Delimited;
      const QString left = parseDelimiter();
      FormulaNode body = parseRow(Stop::Right, face);
      commandName();  // \right, where parseRow stopped
      const QString right = parseDelimiter();
      n.children.push_back(symbol(left, Atom::Open, Face::Upright));
      n.children.push_back(std::move(body));
      n.children.push_back(symbol(right, Atom::Close, Face::Upright));
      return n;
    }
    if (name == u"begin") {
      skipSpaces();
      if (m_s.mid(m_pos, 7) != u"{cases}") fail(QStringLiteral("only \\begin{cases} is known"));
      m_pos += 7;
      return parseCases(face);
    }
    if (name == u"sum" || name == u"prod") {
      FormulaNode n = symbol(name == u"sum" ? QStringLiteral("∑") : QStringLiteral("∏"), Atom::Op,
                             Face::Upright);
      n.large = true;
      return n;
    }
    if (spaceTable().contains(name)) return space(spaceTable().value(name));
    if (name == u"{" || name == u"}")
      return symbol(name, name == u"{" ? Atom::Open : Atom::Close, Face::Upright);
    if (name == u"_" || name == u"%" || name == u"#" || name == u"&" || name == u"$")
      return symbol(name, Atom::Ord, Face::Upright);
    if (name == u"|") return symbol(QString(QChar(0x2016)), Atom::Ord, Face::Upright);
    if (const auto it = symbolTable().constFind(name); it != symbolTable().constEnd()) {
      Face f = it->face;
      if (face == Face::Bold)
        f = Face::Bold;
      else if (face == Face::Upright && f == Face::Italic)
        f = Face::Upright;
      return symbol(QString::fromUtf16(it->text), it->atom, f);
    }
    m_pos = at;
    if (name == u"\\")
      fail(QStringLiteral("\\\\ (a new line) only at the top level or inside \\begin{cases}"));
    if (name == u"right") fail(QStringLiteral("\\right without \\left"));
    fail(QStringLiteral("unknown command \\%1").arg(name));
  }

  const QString& m_s;
  int m_pos = 0;
  int m_depth = 0;
};

}  // namespace

FormulaParse parseFormula(const QString& source) { return Parser(source).run(); }

QString formulaTreeString(const FormulaNode& node) {
  auto join = [](const std::vector<FormulaNode>& v) {
    QStringList parts;
    for (const FormulaNode& c : v) parts << formulaTreeString(c);
    return parts.join(u',');
  };
  auto orDash = [](const FormulaNode& n) {
    return n.children.empty() ? QStringLiteral("-") : formulaTreeString(n);
  };
  switch (node.kind) {
    case Kind::Row: {
      QStringList parts;
      for (const FormulaNode& c : node.children) parts << formulaTreeString(c);
      return QStringLiteral("row(%1)").arg(parts.join(u' '));
    }
    case Kind::Symbol:
      if (node.face == Face::Text) return QStringLiteral("text:\"%1\"").arg(node.text);
      return node.large ? QStringLiteral("op:") + node.text : node.text;
    case Kind::Fraction:
      return QStringLiteral("frac(%1)").arg(join(node.children));
    case Kind::Radical:
      return QStringLiteral("sqrt(%1)").arg(join(node.children));
    case Kind::Scripts:
      return QStringLiteral("scripts(%1,%2,%3)")
          .arg(formulaTreeString(node.children[0]), orDash(node.children[1]),
               orDash(node.children[2]));
    case Kind::Delimited:
      return QStringLiteral("delim(%1,%2,%3)")
          .arg(node.children[0].text.isEmpty() ? QStringLiteral(".") : node.children[0].text,
               formulaTreeString(node.children[1]),
               node.children[2].text.isEmpty() ? QStringLiteral(".") : node.children[2].text);
    case Kind::Highlight:
      return QStringLiteral("hl(%1)").arg(join(node.children));
    case Kind::Cases:
      return QStringLiteral("cases(%1)").arg(join(node.children));
    case Kind::Lines:
      return QStringLiteral("lines(%1)").arg(join(node.children));
    case Kind::Space:
      return QStringLiteral("space");
  }
  return {};
}

// ------------------------------------------------------------------------------------------
// Plain text
// ------------------------------------------------------------------------------------------

namespace {

QString plain(const FormulaNode& n);

/// Whether a node's plain text needs parentheses when it is a fraction part or a script.
bool isCompound(const FormulaNode& n) {
  if (n.kind == Kind::Highlight) return isCompound(n.children.front());
  if (n.kind != Kind::Row) return n.kind == Kind::Fraction;
  int visible = 0;
  for (const FormulaNode& c : n.children) {
    if (c.kind == Kind::Space) continue;
    if (c.kind == Kind::Symbol && (c.atom == Atom::Bin || c.atom == Atom::Rel)) return true;
    if (c.kind == Kind::Fraction) return true;
    if (c.kind == Kind::Row && isCompound(c)) return true;
    ++visible;
  }
  return visible > 1;
}

QString wrapped(const FormulaNode& n) {
  const QString t = plain(n);
  return isCompound(n) ? QStringLiteral("(%1)").arg(t) : t;
}

QString plain(const FormulaNode& n) {
  switch (n.kind) {
    case Kind::Row: {
      QString out;
      for (const FormulaNode& c : n.children) {
        const QString t = plain(c);
        const bool spaced = c.kind == Kind::Symbol &&
                            (c.atom == Atom::Bin || c.atom == Atom::Rel) &&
                            !(c.atom == Atom::Bin && out.trimmed().isEmpty());
        const bool spaceAfter = c.kind == Kind::Symbol &&
                                (c.atom == Atom::Punct || (c.atom == Atom::Op && !c.large));
        if (spaced)
          out += u' ' + t + u' ';
        else if (spaceAfter)
          out += t + u' ';
        else
          out += t;
      }
      return out;
    }
    case Kind::Symbol:
      return n.text;
    case Kind::Fraction:
      return wrapped(n.children[0]) + QStringLiteral(" / ") + wrapped(n.children[1]);
    case Kind::Radical: {
      const QString body = QStringLiteral("√") + wrapped(n.children[0]);
      return n.children.size() > 1 ? QStringLiteral("(%1)").arg(plain(n.children[1])) + body : body;
    }
    case Kind::Scripts: {
      QString out = plain(n.children[0]);
      if (!n.children[1].children.empty()) out += u'_' + wrapped(n.children[1]);
      if (!n.children[2].children.empty()) out += u'^' + wrapped(n.children[2]);
      return n.limits ? out + u' ' : out;
    }
    case Kind::Delimited:
      return n.children[0].text + plain(n.children[1]) + n.children[2].text;
    case Kind::Highlight:
      return plain(n.children[0]);
    case Kind::Cases: {
      QStringList lines;
      for (const FormulaNode& line : n.children) {
        const QString cond = plain(line.children[1]).trimmed();
        lines << (cond.isEmpty() ? plain(line.children[0])
                                 : plain(line.children[0]).trimmed() + QStringLiteral(", ") + cond);
      }
      return QStringLiteral("{ %1 }").arg(lines.join(QStringLiteral("; ")));
    }
    case Kind::Lines: {
      QStringList lines;
      for (const FormulaNode& line : n.children) lines << plain(line).simplified();
      return lines.join(QStringLiteral("; "));
    }
    case Kind::Space:
      return n.em >= 0.2 ? QStringLiteral(" ") : QString();
  }
  return {};
}

}  // namespace

QString formulaToPlainText(const QString& source) {
  const FormulaParse p = parseFormula(source);
  if (!p.ok()) return source;
  return plain(p.root).simplified();
}

// ------------------------------------------------------------------------------------------
// Layout
// ------------------------------------------------------------------------------------------

namespace {

/// One drawing operation, in coordinates relative to a box's baseline origin (y down).
struct DrawOp {
  enum class Type { Text, Line, Path, Fill };
  Type type = Type::Text;
  QPointF pos{};
  QString text{};
  QFont font{};
  QColor color{};
  QLineF line{};
  QPainterPath path{};
  double width = 1;
  QRectF rect{};
  bool highlighted = false;
};

/// A laid-out piece: width, height above and depth below the baseline, and what to draw.
struct Box {
  double w = 0;
  double asc = 0;
  double desc = 0;
  std::vector<DrawOp> ops{};

  void add(const Box& b, double dx, double dy) {
    for (DrawOp op : b.ops) {
      const QPointF d(dx, dy);
      op.pos += d;
      op.line.translate(d);
      op.path.translate(d);
      op.rect.translate(d);
      ops.push_back(std::move(op));
    }
  }
};

struct Ctx {
  double pt = 12;       ///< Point size of ordinary symbols here.
  bool script = false;  ///< Inside a sub- or superscript (tighter spacing).
  bool highlighted = false;
  int fracDepth = 0;
};

class Layouter {
 public:
  Layouter(const QFont& font, const FormulaStyle& style, const QPaintDevice* device)
      : m_style(style), m_device(device) {
    m_dpi = device ? device->logicalDpiY()
                   : (QGuiApplication::primaryScreen()
                          ? QGuiApplication::primaryScreen()->logicalDotsPerInchY()
                          : 96.0);
    if (m_dpi <= 0) m_dpi = 96;
    m_text = font;
    m_basePt = font.pointSizeF() > 0
                   ? font.pointSizeF()
                   : (font.pixelSize() > 0 ? font.pixelSize() * 72.0 / m_dpi : 12.0);
    m_text.setPointSizeF(m_basePt);
    m_math = m_text;
    if (!style.mathFamily.isEmpty()) m_math.setFamilies({style.mathFamily, font.family()});
  }

  double basePt() const { return m_basePt; }
  /// One em in device pixels at `pt`.
  double em(double pt) const { return pt * m_dpi / 72.0; }

  Box row(const FormulaNode& n, const Ctx& c) {
    // Classes, with TeX's rule that a binary operator with no left operand is ordinary.
    // Each atom's class as its left and its right neighbour see it (\left( ... \right) is an
    // opening on its left side and a closing on its right).
    std::vector<Atom> lcls, rcls;
    for (const FormulaNode& child : n.children) {
      if (child.kind == Kind::Space) continue;
      const bool delimited = child.kind == Kind::Delimited;
      lcls.push_back(delimited ? Atom::Open : atomOf(child));
      rcls.push_back(delimited ? Atom::Close : atomOf(child));
    }
    for (std::size_t k = 0; k < lcls.size(); ++k) {
      if (lcls[k] != Atom::Bin) continue;
      const bool leftOk = k > 0 && (rcls[k - 1] == Atom::Ord || rcls[k - 1] == Atom::Close);
      const bool rightOk = k + 1 < lcls.size() && lcls[k + 1] != Atom::Rel &&
                           lcls[k + 1] != Atom::Close && lcls[k + 1] != Atom::Punct;
      if (!leftOk || !rightOk) lcls[k] = rcls[k] = Atom::Ord;
    }
    Box out;
    double x = 0;
    std::size_t k = 0;
    bool havePrev = false;
    Atom prev = Atom::Ord;
    const double e = em(c.pt);
    for (const FormulaNode& child : n.children) {
      if (child.kind == Kind::Space) {
        x += child.em * e;
        continue;
      }
      const Atom a = lcls[k];
      if (havePrev) x += spacing(prev, a, c.script) * e;
      const Box b = layout(child, c);
      out.add(b, x, 0);
      out.asc = std::max(out.asc, b.asc);
      out.desc = std::max(out.desc, b.desc);
      x += b.w;
      prev = rcls[k++];
      havePrev = true;
    }
    out.w = std::max(0.0, x);
    return out;
  }

  Box layout(const FormulaNode& n, const Ctx& c) {
    switch (n.kind) {
      case Kind::Row:
        return row(n, c);
      case Kind::Symbol:
        return n.large ? largeOp(n, c) : symbol(n.text, n.face, c);
      case Kind::Fraction:
        return fraction(n, c);
      case Kind::Radical:
        return radical(n, c);
      case Kind::Scripts:
        return scripts(n, c);
      case Kind::Delimited:
        return delimited(n, c);
      case Kind::Highlight:
        return highlight(n, c);
      case Kind::Cases:
        return cases(n, c);
      case Kind::Lines:
        return lines(n, c);
      case Kind::Space: {
        Box b;
        b.w = n.em * em(c.pt);
        return b;
      }
    }
    return {};
  }

  /// The raw source as red text: what a malformed formula shows.
  Box errorText(const QString& source) {
    Ctx c;
    c.pt = m_basePt;
    Box b = symbol(source, Face::Text, c);
    for (DrawOp& op : b.ops) op.color = m_style.error;
    return b;
  }

 private:
  static Atom atomOf(const FormulaNode& n) {
    switch (n.kind) {
      case Kind::Symbol:
        return n.atom;
      case Kind::Scripts:
        return atomOf(n.children[0]);
      default:  // highlights and every other node are ordinary atoms
        return Atom::Ord;
    }
  }

  /// Space between neighbouring atoms in em: TeX's table (The TeXbook, ch. 18), whose
  /// medium and thick spaces and the thin space after punctuation vanish in scripts.
  static double spacing(Atom left, Atom right, bool script) {
    // Rows: left atom; columns: right atom, both in the order Ord Op Bin Rel Open Close Punct.
    // 1 thin, 2 medium, 3 thick; negative = only outside scripts.
    static constexpr int kTable[7][7] = {{0, 1, -2, -3, 0, 0, 0},       // Ord
                                         {1, 1, 0, -3, 0, 0, 0},        // Op
                                         {-2, -2, 0, 0, -2, 0, 0},      // Bin
                                         {-3, -3, 0, 0, -3, 0, 0},      // Rel
                                         {0, 0, 0, 0, 0, 0, 0},         // Open
                                         {0, 1, -2, -3, 0, 0, 0},       // Close
                                         {-1, -1, 0, -1, -1, -1, -1}};  // Punct
    const int v = kTable[static_cast<int>(left)][static_cast<int>(right)];
    if (v < 0 && script) return 0;
    static constexpr double kEm[4] = {0.0, 3.0 / 18, 4.0 / 18, 5.0 / 18};
    return kEm[std::abs(v)];
  }

  QFont fontFor(Face face, double pt, bool highlighted) const {
    QFont f = face == Face::Text ? m_text : m_math;
    f.setPointSizeF(std::max(1.0, pt));
    f.setItalic(face == Face::Italic);
    f.setBold(face == Face::Bold || highlighted);
    return f;
  }

  QFontMetricsF metrics(const QFont& f) const {
    return m_device ? QFontMetricsF(f, m_device) : QFontMetricsF(f);
  }

  /// Height of the math axis above the baseline (the centre of + and −) at `pt`.
  double axis(double pt) const {
    const QFontMetricsF fm = metrics(fontFor(Face::Upright, pt, false));
    const QRectF r = fm.tightBoundingRect(QStringLiteral("+"));
    return r.isValid() ? -r.center().y() : fm.xHeight() * 0.55;
  }

  double rule(double pt) const { return std::max(1.0, em(pt) * 0.055); }

  Box symbol(const QString& text, Face face, const Ctx& c) {
    const QFont f = fontFor(face, c.pt, c.highlighted);
    const QFontMetricsF fm = metrics(f);
    Box b;
    const QRectF ink = fm.tightBoundingRect(text);
    b.w = std::max(fm.horizontalAdvance(text), ink.isValid() ? ink.right() : 0.0);
    if (face == Face::Text) {  // words sit on a full line: keeps mixed text rows even
      b.asc = fm.ascent() * 0.8;
      b.desc = fm.descent() * 0.6;
    }
    if (ink.isValid()) {
      b.asc = std::max(b.asc, -ink.top());
      b.desc = std::max(b.desc, ink.bottom());
    }
    b.asc = std::max(0.0, b.asc);
    b.desc = std::max(0.0, b.desc);
    DrawOp op;
    op.type = DrawOp::Type::Text;
    op.text = text;
    op.font = f;
    op.color = c.highlighted ? m_style.highlight : m_style.color;
    op.highlighted = c.highlighted;
    b.ops.push_back(std::move(op));
    return b;
  }

  /// \sum, \prod: a larger glyph centred on the math axis.
  Box largeOp(const FormulaNode& n, const Ctx& c) {
    const double pt = c.pt * (c.script ? 1.0 : 1.45);
    const QFont f = fontFor(Face::Upright, pt, c.highlighted);
    const QFontMetricsF fm = metrics(f);
    const QRectF ink = fm.tightBoundingRect(n.text);
    const double dy = -axis(c.pt) - ink.center().y();
    Box b;
    b.w = std::max(fm.horizontalAdvance(n.text), ink.right());
    b.asc = std::max(0.0, -(dy + ink.top()));
    b.desc = std::max(0.0, dy + ink.bottom());
    DrawOp op;
    op.type = DrawOp::Type::Text;
    op.pos = QPointF(0, dy);
    op.text = n.text;
    op.font = f;
    op.color = c.highlighted ? m_style.highlight : m_style.color;
    op.highlighted = c.highlighted;
    b.ops.push_back(std::move(op));
    return b;
  }

  double scriptPt(double pt) const { return std::max(pt * 0.7, m_basePt * 0.5); }

  Box fraction(const FormulaNode& n, const Ctx& c) {
    Ctx inner = c;
    inner.pt = std::max(c.pt * (c.fracDepth == 0 && !c.script ? 0.95 : 0.8), m_basePt * 0.5);
    inner.fracDepth = c.fracDepth + 1;
    const Box num = layout(n.children[0], inner);
    const Box den = layout(n.children[1], inner);
    const double e = em(c.pt);
    const double t = rule(c.pt);
    const double a = axis(c.pt);
    const double gap = std::max(2.0 * t, 0.14 * e);
    const double pad = 0.12 * e;
    Box b;
    b.w = std::max(num.w, den.w) + 2 * pad;
    const double numBase = -(a + t / 2 + gap + num.desc);
    const double denBase = -a + t / 2 + gap + den.asc;
    b.add(num, (b.w - num.w) / 2, numBase);
    b.add(den, (b.w - den.w) / 2, denBase);
    DrawOp bar;
    bar.type = DrawOp::Type::Line;
    bar.line = QLineF(pad * 0.4, -a, b.w - pad * 0.4, -a);
    bar.width = t;
    bar.color = c.highlighted ? m_style.highlight : m_style.color;
    b.ops.push_back(bar);
    b.asc = a + t / 2 + gap + num.desc + num.asc;
    b.desc = std::max(0.0, denBase + den.desc);
    return b;
  }

  Box radical(const FormulaNode& n, const Ctx& c) {
    const Box body = layout(n.children[0], c);
    const double e = em(c.pt);
    const double t = rule(c.pt);
    const double gap = t + 0.12 * e;
    const double bodyAsc = std::max(body.asc, 0.5 * e);
    const double top = -(bodyAsc + gap + t / 2);
    const double bottom = std::max(body.desc, 0.0) + 0.06 * e;
    const double height = bottom - top;
    const double sw = 0.45 * e + 0.08 * height;
    double x0 = 0;
    Box index;
    const bool hasIndex = n.children.size() > 1;
    if (hasIndex) {
      Ctx ic = c;
      ic.pt = std::max(c.pt * 0.5, m_basePt * 0.4);
      ic.script = true;
      index = layout(n.children[1], ic);
      x0 = std::max(0.0, index.w - 0.45 * sw);
    }
    const double tick = std::min(height, e) * 0.45;
    QPainterPath path;
    path.moveTo(x0, bottom - tick * 0.85);
    path.lineTo(x0 + 0.22 * sw, bottom - tick);
    path.lineTo(x0 + 0.52 * sw, bottom);
    path.lineTo(x0 + sw, top);
    path.lineTo(x0 + sw + body.w + 0.1 * e, top);
    Box b;
    DrawOp op;
    op.type = DrawOp::Type::Path;
    op.path = path;
    op.width = t * 1.15;
    op.color = c.highlighted ? m_style.highlight : m_style.color;
    b.ops.push_back(op);
    b.add(body, x0 + sw + 0.05 * e, 0);
    b.w = x0 + sw + body.w + 0.15 * e;
    b.asc = -top + t;
    b.desc = bottom + t / 2;
    if (hasIndex) {
      const double indexBase = bottom - tick - 0.15 * e - index.desc;
      b.add(index, 0, indexBase);
      b.asc = std::max(b.asc, -(indexBase - index.asc));
    }
    return b;
  }

  Box scripts(const FormulaNode& n, const Ctx& c) {
    const Box base = layout(n.children[0], c);
    Ctx sc = c;
    sc.pt = scriptPt(c.pt);
    sc.script = true;
    const bool hasSub = !n.children[1].children.empty();
    const bool hasSup = !n.children[2].children.empty();
    const Box sub = hasSub ? layout(n.children[1], sc) : Box{};
    const Box sup = hasSup ? layout(n.children[2], sc) : Box{};
    const double e = em(c.pt);
    const double es = em(sc.pt);
    Box b;
    if (n.limits) {
      const double gap = 0.12 * e;
      b.w = std::max({base.w, sub.w, sup.w});
      b.add(base, (b.w - base.w) / 2, 0);
      b.asc = base.asc;
      b.desc = base.desc;
      if (hasSup) {
        const double y = -(base.asc + gap + sup.desc);
        b.add(sup, (b.w - sup.w) / 2, y);
        b.asc = -y + sup.asc;
      }
      if (hasSub) {
        const double y = base.desc + gap + sub.asc;
        b.add(sub, (b.w - sub.w) / 2, y);
        b.desc = y + sub.desc;
      }
      return b;
    }
    const QFontMetricsF fm = metrics(fontFor(Face::Upright, c.pt, false));
    const double xh = fm.xHeight();
    const double t = rule(c.pt);
    double up = std::max({base.asc - 0.386 * es, 0.413 * e, sup.desc + 0.25 * xh});
    double down = std::max({base.desc + 0.05 * es, 0.15 * e, sub.asc - 0.8 * xh});
    if (hasSub && hasSup) {
      down = std::max(down, 0.247 * e);
      const double clearance = (up - sup.desc) - (sub.asc - down);
      if (clearance < 4 * t) down += 4 * t - clearance;
    }
    b.add(base, 0, 0);
    b.asc = base.asc;
    b.desc = base.desc;
    const double x = base.w;
    if (hasSup) {
      b.add(sup, x + 0.04 * e, -up);
      b.asc = std::max(b.asc, up + sup.asc);
    }
    if (hasSub) {
      b.add(sub, x, down);
      b.desc = std::max(b.desc, down + sub.desc);
    }
    b.w = x + std::max(hasSup ? sup.w + 0.04 * e : 0.0, sub.w) + 0.05 * e;
    return b;
  }

  /// Stroked outline of a stretched delimiter `d` in a box of width w from top to bottom.
  static QPainterPath delimiterPath(const QString& d, double w, double top, double bottom,
                                    double e) {
    const double m = 0.12 * w;
    const double mid = (top + bottom) / 2;
    const double h = bottom - top;
    QPainterPath p;
    auto mirrored = [w](const QPainterPath& path) {
      return QTransform(-1, 0, 0, 1, w, 0).map(path);
    };
    const QChar ch = d.isEmpty() ? QChar() : d.front();
    switch (ch.unicode()) {
      case u'(':
      case u')': {
        const double x1 = w - m, x0 = m + 0.05 * w;
        p.moveTo(x1, top);
        p.quadTo(2 * x0 - x1, mid, x1, bottom);
        return ch == u'(' ? p : mirrored(p);
      }
      case u'[':
      case u']':
        p.moveTo(w - m, top);
        p.lineTo(2 * m, top);
        p.lineTo(2 * m, bottom);
        p.lineTo(w - m, bottom);
        return ch == u'[' ? p : mirrored(p);
      case 0x27E8:
      case 0x27E9:  // ⟨ ⟩
        p.moveTo(w - m, top);
        p.lineTo(m, mid);
        p.lineTo(w - m, bottom);
        return ch.unicode() == 0x27E8 ? p : mirrored(p);
      case 0x230A:
      case 0x230B:  // ⌊ ⌋
        p.moveTo(2 * m, top);
        p.lineTo(2 * m, bottom);
        p.lineTo(w - m, bottom);
        return ch.unicode() == 0x230A ? p : mirrored(p);
      case 0x2308:
      case 0x2309:  // ⌈ ⌉
        p.moveTo(2 * m, bottom);
        p.lineTo(2 * m, top);
        p.lineTo(w - m, top);
        return ch.unicode() == 0x2308 ? p : mirrored(p);
      case u'{':
      case u'}': {
        const double l = m, r = w - m, x = (l + r) / 2;
        const double q = std::min(0.2 * h, 0.3 * e);
        p.moveTo(r, top);
        p.quadTo(x, top, x, top + q);
        p.lineTo(x, mid - q);
        p.quadTo(x, mid, l, mid);
        p.quadTo(x, mid, x, mid + q);
        p.lineTo(x, bottom - q);
        p.quadTo(x, bottom, r, bottom);
        return ch == u'{' ? p : mirrored(p);
      }
      case 0x2016:  // ‖
        p.moveTo(w / 2 - 0.07 * e, top);
        p.lineTo(w / 2 - 0.07 * e, bottom);
        p.moveTo(w / 2 + 0.07 * e, top);
        p.lineTo(w / 2 + 0.07 * e, bottom);
        return p;
      case u'/':
        p.moveTo(w - m, top);
        p.lineTo(m, bottom);
        return p;
      default:  // | and anything else: a vertical bar
        p.moveTo(w / 2, top);
        p.lineTo(w / 2, bottom);
        return p;
    }
  }

  static double delimiterWidth(const QString& d, double e, double h) {
    if (d.isEmpty()) return 0;
    switch (d.front().unicode()) {
      case u'(':
      case u')':
        return 0.32 * e + 0.04 * h;
      case u'{':
      case u'}':
        return 0.45 * e;
      case 0x2016:
        return 0.4 * e;
      case u'|':
        return 0.25 * e;
      default:
        return 0.33 * e;
    }
  }

  /// A delimiter sized to span [top, bottom] (relative to the baseline).
  Box stretched(const QString& d, double top, double bottom, const Ctx& c) {
    Box b;
    const double e = em(c.pt);
    b.w = delimiterWidth(d, e, bottom - top);
    b.asc = -top;
    b.desc = bottom;
    if (d.isEmpty()) return b;
    DrawOp op;
    op.type = DrawOp::Type::Path;
    op.path = delimiterPath(d, b.w, top, bottom, e);
    op.width = rule(c.pt) * 1.2;
    op.color = c.highlighted ? m_style.highlight : m_style.color;
    b.ops.push_back(op);
    return b;
  }

  Box delimited(const FormulaNode& n, const Ctx& c) {
    const Box body = layout(n.children[1], c);
    const QString left = n.children[0].text, right = n.children[2].text;
    const QFontMetricsF fm = metrics(fontFor(Face::Upright, c.pt, false));
    Box b;
    if (body.asc <= fm.ascent() * 0.95 && body.desc <= fm.descent() * 1.05) {
      // Fits a line of text: ordinary glyphs look best.
      double x = 0;
      auto glyph = [&](const QString& d) {
        if (d.isEmpty()) return;
        const Box g = symbol(d, Face::Upright, c);
        b.add(g, x, 0);
        b.asc = std::max(b.asc, g.asc);
        b.desc = std::max(b.desc, g.desc);
        x += g.w;
      };
      glyph(left);
      const double e = em(c.pt);
      if (!left.isEmpty()) x += 0.04 * e;
      b.add(body, x, 0);
      b.asc = std::max(b.asc, body.asc);
      b.desc = std::max(b.desc, body.desc);
      x += body.w;
      if (!right.isEmpty()) x += 0.04 * e;
      glyph(right);
      b.w = x;
      return b;
    }
    const double a = axis(c.pt);
    const double half = std::max(body.asc - a, body.desc + a) + 0.1 * em(c.pt);
    const double top = -(a + half), bottom = -a + half;
    const Box l = stretched(left, top, bottom, c);
    const Box r = stretched(right, top, bottom, c);
    b.add(l, 0, 0);
    b.add(body, l.w, 0);
    b.add(r, l.w + body.w, 0);
    b.w = l.w + body.w + r.w;
    b.asc = std::max(body.asc, -top);
    b.desc = std::max(body.desc, bottom);
    return b;
  }

  Box highlight(const FormulaNode& n, const Ctx& c) {
    Ctx hc = c;
    hc.highlighted = true;
    const Box body = layout(n.children[0], hc);
    const double pad = 0.1 * em(c.pt);
    Box b;
    if (m_style.highlightBackground.isValid()) {
      DrawOp fill;
      fill.type = DrawOp::Type::Fill;
      fill.rect =
          QRectF(0, -body.asc - pad * 0.6, body.w + 2 * pad, body.asc + body.desc + 1.2 * pad);
      fill.width = pad;
      fill.color = m_style.highlightBackground;
      b.ops.push_back(fill);
    }
    b.add(body, pad, 0);
    b.w = body.w + 2 * pad;
    b.asc = body.asc + pad * 0.6;
    b.desc = body.desc + pad * 0.6;
    return b;
  }

  /// Top-level lines, left-aligned, continuation lines indented by 1 em.
  Box lines(const FormulaNode& n, const Ctx& c) {
    const double e = em(c.pt);
    Box b;
    double y = 0;
    for (std::size_t i = 0; i < n.children.size(); ++i) {
      const Box line = layout(n.children[i], c);
      const double x = i == 0 ? 0.0 : e;
      if (i == 0) {
        b.asc = std::max(line.asc, 0.7 * e);
      } else {
        y += std::max(b.desc - y, 0.25 * e) + 0.35 * e + std::max(line.asc, 0.7 * e);
      }
      b.add(line, x, y);
      b.desc = std::max(b.desc, y + std::max(line.desc, 0.25 * e));
      b.w = std::max(b.w, x + line.w);
    }
    return b;
  }

  Box cases(const FormulaNode& n, const Ctx& c) {
    const double e = em(c.pt);
    std::vector<Box> values, conditions;
    double valueW = 0, condW = 0;
    for (const FormulaNode& line : n.children) {
      values.push_back(layout(line.children[0], c));
      conditions.push_back(layout(line.children[1], c));
      valueW = std::max(valueW, values.back().w);
      condW = std::max(condW, conditions.back().w);
    }
    // Stack the lines, then centre the table on the math axis.
    const double lineGap = 0.3 * e;
    std::vector<double> baselines;
    double y = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
      const double asc = std::max({values[i].asc, conditions[i].asc, 0.7 * e});
      const double desc = std::max({values[i].desc, conditions[i].desc, 0.2 * e});
      if (i > 0) y += lineGap;
      y += asc;
      baselines.push_back(y);
      y += desc;
    }
    const double shift = -axis(c.pt) - y / 2;  // table spans [shift, shift + y]
    const double top = shift, bottom = shift + y;
    const Box brace = stretched(QStringLiteral("{"), top - 0.05 * e, bottom + 0.05 * e, c);
    Box b;
    b.add(brace, 0, 0);
    const double x0 = brace.w + 0.25 * e;
    const double condX = x0 + valueW + (condW > 0 ? 1.0 * e : 0.0);
    for (std::size_t i = 0; i < values.size(); ++i) {
      b.add(values[i], x0, shift + baselines[i]);
      b.add(conditions[i], condX, shift + baselines[i]);
    }
    b.w = condX + condW + 0.1 * e;
    b.asc = std::max(brace.asc, -top);
    b.desc = std::max(brace.desc, bottom);
    return b;
  }

  FormulaStyle m_style;
  const QPaintDevice* m_device;
  double m_dpi = 96;
  double m_basePt = 12;
  QFont m_text;
  QFont m_math;
};

}  // namespace

struct FormulaLayout::Impl {
  Box box;
  double pad = 0;
  bool error = false;
  QString message;
  std::vector<Run> runs;
};

FormulaLayout::FormulaLayout(const QString& source, const QFont& font, const FormulaStyle& style,
                             const QPaintDevice* device)
    : m_impl(std::make_unique<Impl>()) {
  Layouter layouter(font, style, device);
  const FormulaParse parsed = parseFormula(source);
  if (parsed.ok()) {
    Ctx c;
    c.pt = layouter.basePt();
    m_impl->box = layouter.layout(parsed.root, c);
  } else {
    m_impl->error = true;
    m_impl->message = parsed.error;
    m_impl->box = layouter.errorText(source);
  }
  m_impl->pad = std::ceil(layouter.em(layouter.basePt()) * 0.12);
  const QPointF origin(m_impl->pad, m_impl->pad + m_impl->box.asc);
  for (const DrawOp& op : m_impl->box.ops) {
    if (op.type != DrawOp::Type::Text) continue;
    m_impl->runs.push_back({op.text, op.pos + origin, op.font.pointSizeF(), op.highlighted});
  }
}

FormulaLayout::~FormulaLayout() = default;
FormulaLayout::FormulaLayout(FormulaLayout&&) noexcept = default;
FormulaLayout& FormulaLayout::operator=(FormulaLayout&&) noexcept = default;

QSizeF FormulaLayout::size() const {
  const Box& b = m_impl->box;
  return {b.w + 2 * m_impl->pad, b.asc + b.desc + 2 * m_impl->pad};
}

double FormulaLayout::ascent() const { return m_impl->box.asc + m_impl->pad; }
bool FormulaLayout::hasError() const { return m_impl->error; }
QString FormulaLayout::error() const { return m_impl->message; }
const std::vector<FormulaLayout::Run>& FormulaLayout::runs() const { return m_impl->runs; }

void FormulaLayout::paint(QPainter& painter, const QPointF& topLeft) const {
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing, true);
  painter.setRenderHint(QPainter::TextAntialiasing, true);
  painter.translate(topLeft + QPointF(m_impl->pad, m_impl->pad + m_impl->box.asc));
  for (const DrawOp& op : m_impl->box.ops) {
    switch (op.type) {
      case DrawOp::Type::Text:
        painter.setPen(op.color);
        painter.setFont(op.font);
        painter.drawText(op.pos, op.text);
        break;
      case DrawOp::Type::Line:
        painter.setPen(QPen(op.color, op.width, Qt::SolidLine, Qt::FlatCap));
        painter.drawLine(op.line);
        break;
      case DrawOp::Type::Path:
        painter.setPen(QPen(op.color, op.width, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(op.path);
        break;
      case DrawOp::Type::Fill:
        painter.setPen(Qt::NoPen);
        painter.setBrush(op.color);
        painter.drawRoundedRect(op.rect, op.width, op.width);
        break;
    }
  }
  painter.restore();
}

QSizeF formulaSize(const QString& source, const QFont& font, const QPaintDevice* device) {
  return FormulaLayout(source, font, {}, device).size();
}

void paintFormula(QPainter& painter, const QPointF& topLeft, const QString& source,
                  const QFont& font, const FormulaStyle& style) {
  FormulaLayout(source, font, style, painter.device()).paint(painter, topLeft);
}

// ------------------------------------------------------------------------------------------
// Widget
// ------------------------------------------------------------------------------------------

FormulaWidget::FormulaWidget(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

FormulaWidget::FormulaWidget(const QString& source, QWidget* parent) : FormulaWidget(parent) {
  setFormula(source);
}

FormulaWidget::~FormulaWidget() = default;

void FormulaWidget::setFormula(const QString& source) {
  if (source == m_source && m_layout) return;
  m_source = source;
  const QString text = formulaToPlainText(source);
  setToolTip(text);
  setAccessibleName(text);
  invalidate();
}

void FormulaWidget::setFormulaStyle(const FormulaStyle& style) {
  m_style = style;
  invalidate();
}

bool FormulaWidget::hasError() const { return layout().hasError(); }

const FormulaLayout& FormulaWidget::layout() const {
  if (!m_layout) {
    FormulaStyle style = m_style;
    if (style.color == QColor(Qt::black)) style.color = palette().color(QPalette::WindowText);
    m_layout = std::make_unique<FormulaLayout>(m_source, font(), style, this);
  }
  return *m_layout;
}

void FormulaWidget::invalidate() {
  m_layout.reset();
  updateGeometry();
  update();
}

QSize FormulaWidget::sizeHint() const {
  const QSizeF s = layout().size();
  return {static_cast<int>(std::ceil(s.width())), static_cast<int>(std::ceil(s.height()))};
}

QSize FormulaWidget::minimumSizeHint() const {
  // Narrower than the formula is allowed: it is then scaled down to fit (better than clipping
  // it or scrolling sideways in a side panel).
  const QSize s = sizeHint();
  return {std::min(s.width(), fontMetrics().averageCharWidth() * 12), s.height()};
}

void FormulaWidget::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  const FormulaLayout& l = layout();
  const QSizeF size = l.size();
  const double scale = size.width() > width() && size.width() > 0 ? width() / size.width() : 1.0;
  const double y = std::max(0.0, (height() - size.height() * scale) / 2);
  painter.translate(0, y);
  painter.scale(scale, scale);
  l.paint(painter, QPointF(0, 0));
}

void FormulaWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange ||
      event->type() == QEvent::StyleChange)
    invalidate();
  QWidget::changeEvent(event);
}

}  // namespace posenc::ui
