// SPDX-License-Identifier: GPL-3.0-or-later
// The formula language's parser (a recursive descent over the TeX subset, into FormulaNode
// trees), and the tree's printed forms: the compact tree string and linear Unicode text.
#include "posenc_ui/formula/formula_parser.h"

#include <QHash>
#include <QStringList>
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
      if (face == Face::Bold) f = Face::Bold;
      else if (face == Face::Upright && f == Face::Italic) f = Face::Upright;
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
        const bool spaceAfter =
            c.kind == Kind::Symbol && (c.atom == Atom::Punct || (c.atom == Atom::Op && !c.large));
        if (spaced) out += u' ' + t + u' ';
        else if (spaceAfter) out += t + u' ';
        else out += t;
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

}  // namespace posenc::ui
