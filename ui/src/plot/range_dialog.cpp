// SPDX-License-Identifier: GPL-3.0-or-later
// "Go to range": two range fields, their checks and the messages that name the field, the
// value and what is allowed.
#include "posenc_ui/plot/range_dialog.h"

#include <QDialogButtonBox>
#include <QFontMetrics>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace posenc::ui {

namespace {

constexpr int kShownChars = 40;  ///< A typed value is quoted in a message up to this length.

/// The user's text as a message quotes it: trimmed, on one line, elided when long.
QString shown(const QString& text) {
  QString t = text.simplified();
  if (t.size() > kShownChars) t = t.left(kShownChars - 1) + QChar(0x2026);
  return t;
}

/// A whole number of decimal digits (no sign, no separators) into `out`; false when not one or
/// too big.
bool wholeNumber(const QString& digits, Index& out) {
  bool ok = false;
  const qlonglong v = digits.toLongLong(&ok);
  if (!ok || v < 0) return false;
  out = static_cast<Index>(v);
  return true;
}

/// A plain decimal number ("-3", "2.5", "1e4"; a Unicode minus too); nullopt when not one.
std::optional<double> plainNumber(QString text) {
  text = text.trimmed();
  text.replace(QChar(0x2212), QLatin1Char('-'));
  bool ok = false;
  const double v = QLocale::c().toDouble(text, &ok);
  if (!ok || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace

RangeDialog::RangeDialog(QWidget* parent, const Field& first, const Field& second,
                         const QString& hint, Apply apply)
    : QDialog(parent), m_apply(std::move(apply)) {
  setWindowTitle(tr("Go to Range"));
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  auto addField = [&](const Field& field, const QString& id) {
    auto* edit = new QLineEdit(field.text, this);
    edit->setObjectName(id);
    edit->setMinimumWidth(edit->fontMetrics().horizontalAdvance(QLatin1Char('0')) * 24);
    edit->setToolTip(field.meaning);
    const QString label =
        field.meaning.isEmpty()
            ? field.name
            : tr("%1 (%2)", "field name (what the axis shows)").arg(field.name, field.meaning);
    form->addRow(label + QLatin1Char(':'), edit);
    return edit;
  };
  m_editors = {addField(first, QStringLiteral("firstRange")),
               addField(second, QStringLiteral("secondRange"))};
  layout->addLayout(form);

  auto* help = new QLabel(hint, this);
  help->setWordWrap(true);
  layout->addWidget(help);

  m_error = new QLabel(this);
  m_error->setObjectName(QStringLiteral("rangeError"));
  m_error->setWordWrap(true);
  m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_error->setStyleSheet(QStringLiteral("color: #b00020;"));
  m_error->hide();
  layout->addWidget(m_error);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &RangeDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &RangeDialog::reject);
  layout->addWidget(buttons);
  m_editors[0]->selectAll();
  m_editors[0]->setFocus();
}

QLineEdit* RangeDialog::editor(int index) const {
  return index >= 0 && index < static_cast<int>(m_editors.size())
             ? m_editors[static_cast<std::size_t>(index)]
             : nullptr;
}

QString RangeDialog::error() const { return m_error->isVisible() ? m_error->text() : QString(); }

void RangeDialog::accept() {
  const QString refused = m_apply ? m_apply(m_editors[0]->text(), m_editors[1]->text()) : QString();
  if (refused.isEmpty()) {
    m_error->hide();
    QDialog::accept();
    return;
  }
  m_error->setText(refused);
  m_error->show();
}

std::optional<std::pair<Index, Index>> RangeDialog::parseCells(const QString& name,
                                                               const QString& text, Index count,
                                                               QString* error) {
  if (text.trimmed().isEmpty()) return std::pair<Index, Index>{0, count};
  static const QRegularExpression form(QStringLiteral("^\\s*(\\d+)\\s*:\\s*(\\d*)\\s*$"));
  const QRegularExpressionMatch m = form.match(text);
  Index a = 0;
  Index b = count;
  const bool parsed = m.hasMatch() && wholeNumber(m.captured(1), a) &&
                      (m.captured(2).isEmpty() || wholeNumber(m.captured(2), b));
  QString message;
  if (!parsed) {
    message =
        tr("%1: “%2” is not a range; write A:B with whole numbers, allowed 0 ≤ A < B ≤ %3 "
           "(B may be left out: to the end)",
           "%1 = field name (rows, columns), %2 = the text typed, %3 = number of cells");
  } else if (b <= a) {
    message = tr("%1: %2 is empty; allowed 0 ≤ A < B ≤ %3",
                 "%1 = field name (rows, columns), %2 = the range typed, %3 = number of cells");
  } else if (b > count) {
    message = tr("%1: %2 goes beyond the last cell; allowed 0 ≤ A < B ≤ %3",
                 "%1 = field name (rows, columns), %2 = the range typed, %3 = number of cells");
  } else {
    return std::pair<Index, Index>{a, b};
  }
  if (error) *error = message.arg(name, shown(text), QString::number(count));
  return std::nullopt;
}

std::optional<std::pair<double, double>> RangeDialog::parseValues(const QString& name,
                                                                  const QString& text, double lo,
                                                                  double hi, QString* error) {
  if (text.trimmed().isEmpty()) return std::pair<double, double>{lo, hi};
  const qsizetype colon = text.indexOf(QLatin1Char(':'));
  const bool one = colon >= 0 && text.indexOf(QLatin1Char(':'), colon + 1) < 0;
  const std::optional<double> a = one ? plainNumber(text.left(colon)) : std::nullopt;
  const std::optional<double> b = one ? plainNumber(text.mid(colon + 1)) : std::nullopt;
  const double slack = 1e-6 * (hi - lo);
  QString message;
  if (!a || !b) {
    message = tr("%1: “%2” is not a range; write A:B with numbers, allowed %3 ≤ A < B ≤ %4",
                 "%1 = axis (x, y), %2 = the text typed, %3 and %4 = the chart's extent");
  } else if (*b <= *a) {
    message = tr("%1: %2 is empty; allowed %3 ≤ A < B ≤ %4",
                 "%1 = axis (x, y), %2 = the range typed, %3 and %4 = the chart's extent");
  } else if (*a < lo - slack || *b > hi + slack || !(std::min(*b, hi) > std::max(*a, lo))) {
    message = tr("%1: %2 goes beyond the chart; allowed %3 ≤ A < B ≤ %4",
                 "%1 = axis (x, y), %2 = the range typed, %3 and %4 = the chart's extent");
  } else {
    return std::pair<double, double>{std::max(*a, lo), std::min(*b, hi)};
  }
  if (error) *error = message.arg(name, shown(text), number(lo), number(hi));
  return std::nullopt;
}

QString RangeDialog::number(double v) {
  QString text = QString::number(v, 'g', 6);
  if (text.startsWith(QLatin1Char('-'))) text[0] = QChar(0x2212);
  return text;
}

}  // namespace posenc::ui
