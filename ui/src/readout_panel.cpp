// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/readout_panel.h"

#include <QLabel>
#include <algorithm>
#include <QScrollArea>
#include <QVBoxLayout>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace posenc::ui {

namespace {

QString row(const QString& name, const QString& value, bool strong = false) {
  const QString v = strong ? QStringLiteral("<b>%1</b>").arg(value) : value;
  return QStringLiteral("<tr><td style='padding-right:12px;color:#555'>%1</td>"
                        "<td style='font-family:monospace'>%2</td></tr>")
      .arg(name.toHtmlEscaped(), v);
}

bool isPositionAxis(const std::string& label) {
  return label.find("position") != std::string::npos;
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

void ReadoutPanel::showCell(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                            Index r, Index c) {
  QString html = QStringLiteral("<b>%1</b><table>").arg(QString::fromStdString(view.title).toHtmlEscaped());
  html += row(QString::fromStdString(view.yLabel), QString::number(r));
  html += row(QString::fromStdString(view.xLabel), QString::number(c));
  try {
    const MatrixResult cell =
        computeMatrix(scheme, params, view.id, Region{.r0 = r, .r1 = r + 1, .c0 = c, .c1 = c + 1});
    const QString label = view.valueLabel.empty() ? QStringLiteral("value")
                                                  : QString::fromStdString(view.valueLabel);
    const std::vector<Term> terms = scheme.explainCell(params, view.id, r, c);
    // The scheme's own distance (e.g. Transformer-XL's delta = i + mlen - j) wins over the
    // generic j - i of two position axes.
    const bool schemeGivesDistance = std::any_of(terms.begin(), terms.end(), [](const Term& t) {
      return t.name.find("distance") != std::string::npos;
    });
    if (!schemeGivesDistance && isPositionAxis(view.xLabel) && isPositionAxis(view.yLabel))
      html += row(QStringLiteral("distance j \u2212 i"), QString::number(c - r));
    html += row(label, formatNumber(cell.values(0, 0)), true);
    if (!terms.empty()) {
      html += QStringLiteral("<tr><td colspan=2 style='padding-top:8px'><b>made of</b></td></tr>");
      for (const Term& t : terms) html += row(QString::fromStdString(t.name), formatNumber(t.value));
    }
  } catch (const std::exception& e) {
    html += row(QStringLiteral("error"), QString::fromUtf8(e.what()).toHtmlEscaped());
  }
  html += QStringLiteral("</table>");
  m_label->setText(html);
}

void ReadoutPanel::showPoint(const ViewSpec& view, const QString& curve, double x, double y) {
  QString html = QStringLiteral("<b>%1</b><table>").arg(QString::fromStdString(view.title).toHtmlEscaped());
  html += row(QStringLiteral("curve"), curve.toHtmlEscaped());
  html += row(QString::fromStdString(view.xLabel), formatNumber(x));
  html += row(QString::fromStdString(view.yLabel), formatNumber(y), true);
  html += QStringLiteral("</table>");
  m_label->setText(html);
}

void ReadoutPanel::clear() {
  m_label->setText(tr("<span style='color:#777'>Hover a cell of a heatmap or a point of a chart "
                      "to read its exact value and the terms that make it.</span>"));
}

QString ReadoutPanel::text() const { return m_label->text(); }

void ReadoutPanel::setScale(double scale) {
  QFont f = font();
  f.setPointSizeF(QWidget().font().pointSizeF() * scale);
  m_label->setFont(f);
}

}  // namespace posenc::ui
