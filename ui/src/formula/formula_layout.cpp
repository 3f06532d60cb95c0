// SPDX-License-Identifier: GPL-3.0-or-later
// Formula layout: a parsed formula (formula_parser.h) becomes nested boxes (width, height above
// and depth below the baseline, and the text, lines and paths to draw), set with TeX's rules
// for spacing, fractions, scripts and delimiters, then painted with QPainter.
#include "posenc_ui/formula/formula_layout.h"

#include <QFontMetricsF>
#include <QGuiApplication>
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

#include "posenc_ui/formula/formula_parser.h"

namespace posenc::ui {

using Kind = FormulaNode::Kind;
using Atom = FormulaNode::Atom;
using Face = FormulaNode::Face;

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

}  // namespace posenc::ui
