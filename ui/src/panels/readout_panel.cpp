// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/panels/readout_panel.h"

#include <QEvent>
#include <QFutureWatcher>
#include <QLabel>
#include <QScrollArea>
#include <QTextDocument>
#include <QTextOption>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <utility>

#include "posenc_ui/common/translation.h"

namespace posenc::ui {

namespace {

/// `name` with places to wrap inside its long words: after the separators of a file path or
/// an identifier ("/", "\\", ":", "_"), and every kLongRun characters of a run without
/// them (a snapshot's hash), so that a model table's path wraps beside its value instead of
/// widening the panel.
QString wrappable(const QString& name) {
  constexpr int kLongRun = 16;
  static const QString separators = QStringLiteral("/\\:_");
  QString out;
  int run = 0;
  for (const QChar c : name) {
    out += c;
    run = c.isSpace() ? 0 : run + 1;
    if (run >= kLongRun || (run > 1 && separators.contains(c))) {
      out += QChar(0x200B);  // zero-width space: a line may break here
      run = 0;
    }
  }
  return out;
}

QString row(const QString& name, const QString& value, bool strong = false) {
  // A value is one unbreakable piece ("0.3905467" never wraps as "0." and "3905467"); the
  // name beside it wraps instead.
  const QString v = strong ? QStringLiteral("<b>%1</b>").arg(value) : value;
  return QStringLiteral(
             "<tr><td style='padding-right:12px;color:#555'>%1</td>"
             "<td style='font-family:monospace; white-space:nowrap'>%2</td></tr>")
      .arg(wrappable(name).toHtmlEscaped(), v);
}

bool isPositionAxis(const std::string& label) {
  return label.find("position") != std::string::npos;
}

/// formatNumber, with "masked" in the current language.
QString shownNumber(double value) {
  return std::isnan(value) ? ReadoutPanel::tr("masked") : formatNumber(value);
}

}  // namespace

QString formatNumber(double value) {
  if (std::isnan(value)) return QStringLiteral("masked");
  if (std::isinf(value)) return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  for (int precision = 6; precision <= 17; ++precision) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", precision, value);
    if (std::strtod(buf, nullptr) == value) return QString::fromLatin1(buf);
  }
  return QString::number(value, 'g', 17);
}

ReadoutPanel::ReadoutPanel(QWidget* parent) : QWidget(parent), m_label(new QLabel(this)) {
  m_label->setTextFormat(Qt::RichText);
  m_label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  m_label->setWordWrap(true);
  m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_label->setMargin(8);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(m_label);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(scroll);
  clear();
}

namespace {

/// What the core says about one cell: the table rows, and the value and terms themselves.
struct CellRows {
  QString html;
  double value = std::numeric_limits<double>::quiet_NaN();
  std::vector<Term> terms;
  bool ok = false;
};

/// The rows of the table that need the core: value, distance, terms. Runs on a worker thread,
/// so it touches only its arguments.
CellRows cellRows(const Scheme& scheme, const ParamSet& params, const ViewSpec& view, Index r,
                  Index c) {
  CellRows out;
  QString& html = out.html;
  try {
    const MatrixResult cell =
        computeMatrix(scheme, params, view.id, Region{.r0 = r, .r1 = r + 1, .c0 = c, .c1 = c + 1});
    const QString label =
        view.valueLabel.empty() ? ReadoutPanel::tr("value") : coreText(view.valueLabel);
    const std::vector<Term> terms = scheme.explainCell(params, view.id, r, c);
    // The scheme's own distance (e.g. Transformer-XL's delta = i + mlen - j) wins over the
    // generic j - i of two position axes.
    const bool schemeGivesDistance = std::any_of(terms.begin(), terms.end(), [](const Term& t) {
      return t.name.find("distance") != std::string::npos;
    });
    if (!schemeGivesDistance && isPositionAxis(view.xLabel) && isPositionAxis(view.yLabel))
      html += row(ReadoutPanel::tr("distance j − i"), QString::number(c - r));
    html += row(label, shownNumber(cell.values(0, 0)), true);
    if (!terms.empty()) {
      html += QStringLiteral("<tr><td colspan=2 style='padding-top:8px'><b>%1</b></td></tr>")
                  .arg(ReadoutPanel::tr("made of").toHtmlEscaped());
      for (const Term& t : terms) html += row(coreText(t.name), shownNumber(t.value));
    }
    out.value = cell.values(0, 0);
    out.terms = terms;
    out.ok = true;
  } catch (const std::exception& e) {
    html += row(ReadoutPanel::tr("error"), errorMessage(e).toHtmlEscaped());
  }
  return out;
}

}  // namespace

void ReadoutPanel::showCell(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                            Index r, Index c) {
  QString head = QStringLiteral("<b>%1</b><table>").arg(coreText(view.title).toHtmlEscaped());
  head += row(coreText(view.yLabel), QString::number(r));
  head += row(coreText(view.xLabel), QString::number(c));
  const quint64 generation = ++m_generation;
  setHtml(head + row(tr("value"), tr("computing...")) + QStringLiteral("</table>"));
  // One computation at a time: hovers that arrive meanwhile replace each other, and only the
  // newest is started when the running one ends, so a slow view never piles up work.
  // Schemes are stateless and live as long as the program; params and view are copied.
  const Scheme* schemePtr = &scheme;
  auto start = [this, schemePtr, params, view, r, c, generation, head] {
    m_running = true;
    auto* watcher = new QFutureWatcher<CellRows>(this);
    connect(watcher, &QFutureWatcher<CellRows>::finished, this,
            [this, watcher, generation, head, r, c] {
              if (generation == m_generation) {
                const CellRows result = watcher->result();
                setHtml(head + result.html + QStringLiteral("</table>"));
                if (result.ok) emit cellExplained(r, c, result.value, result.terms);
              }
              watcher->deleteLater();
              m_running = false;
              if (m_pending) std::exchange(m_pending, nullptr)();
            });
    watcher->setFuture(QtConcurrent::run(
        [schemePtr, params, view, r, c] { return cellRows(*schemePtr, params, view, r, c); }));
  };
  if (m_running) m_pending = start;
  else start();
}

void ReadoutPanel::showPoint(const ViewSpec& view, const QString& curve, double x, double y) {
  ++m_generation;  // a cell still being computed must not replace this
  QString html = QStringLiteral("<b>%1</b><table>").arg(coreText(view.title).toHtmlEscaped());
  html += row(tr("curve"), curve.toHtmlEscaped());
  html += row(coreText(view.xLabel), shownNumber(x));
  html += row(coreText(view.yLabel), shownNumber(y), true);
  html += QStringLiteral("</table>");
  setHtml(html);
}

void ReadoutPanel::clear() {
  ++m_generation;
  setHtml(
      tr("<span style='color:#777'>Hover a cell of a heatmap or a point of a chart "
         "to read its exact value and the terms that make it.</span>"));
}

QString ReadoutPanel::text() const { return m_label->text(); }

void ReadoutPanel::setHtml(const QString& html) {
  m_label->setText(html);
  // The label is never narrower than its widest unbreakable piece (a value, a word): in a
  // narrow dock the panel scrolls sideways rather than cut a number at its edge.
  QTextDocument doc;
  doc.setDefaultFont(m_label->font());
  QTextOption wrap;
  wrap.setWrapMode(QTextOption::WordWrap);  // as QLabel's word wrap
  doc.setDefaultTextOption(wrap);
  doc.setHtml(html);
  doc.setTextWidth(0);
  const int least = static_cast<int>(std::ceil(doc.size().width())) + 2 * m_label->margin() +
                    m_label->contentsMargins().left() + m_label->contentsMargins().right();
  m_label->setMinimumWidth(least);
}

void ReadoutPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) clear();  // the hint, in the new language
  QWidget::changeEvent(event);
}

void ReadoutPanel::setScale(double scale) {
  QFont f = font();
  f.setPointSizeF(QWidget().font().pointSizeF() * scale);
  m_label->setFont(f);
  setHtml(m_label->text());  // the widest piece at the new size
}

}  // namespace posenc::ui
