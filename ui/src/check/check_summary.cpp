// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/check/check_summary.h"

#include <QRegularExpression>
#include <QStringList>
#include <cmath>

#include "posenc/base/scheme.hpp"
#include "posenc/check/check.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"

namespace posenc::ui {

namespace {

const char* const kMatchColour = "#1a7f37";     ///< A green that reads on white and projectors.
const char* const kMismatchColour = "#c62828";  ///< A red of the same weight.

/// `percent` with two significant digits below 10 % and whole numbers above ("0.39", "25").
QString percentText(double share) {
  const double p = 100.0 * share;
  if (p == 0 || p >= 10) return QString::number(std::llround(p));
  return QString::number(p, 'g', 2);
}

/// The scheme's name in the current language, or its id when it is not one of ours.
QString schemeName(const std::string& id) {
  for (const auto& scheme : allSchemes())
    if (scheme->info().id == id) return coreText(scheme->info().name);
  return qs(id);
}

}  // namespace

QString CheckSummary::verdictHtml(const CheckReport& report) {
  const bool ok = report.matches();
  return QStringLiteral("<b><span style=\"color:%1\">%2</span></b>")
      .arg(QLatin1String(ok ? kMatchColour : kMismatchColour), ok ? tr("MATCH") : tr("MISMATCH"));
}

QString CheckSummary::number(double value) {
  if (std::isnan(value)) return QStringLiteral("NaN");
  QString text = QString::number(value, 'g', 9);
  if (text.startsWith(QLatin1Char('-'))) text[0] = QChar(0x2212);
  return text;
}

QString CheckSummary::shape(const std::vector<std::int64_t>& shape) {
  QStringList dims;
  for (const std::int64_t d : shape) dims << QString::number(d);
  return QStringLiteral("(%1%2)").arg(dims.join(QStringLiteral(", ")),
                                      shape.size() == 1 ? QStringLiteral(",") : QString());
}

QString CheckSummary::shape(MatrixShape shape) {
  return QStringLiteral("(%1, %2)").arg(shape.rows).arg(shape.cols);
}

QString CheckSummary::cell(Index row, Index col, bool series) {
  return series ? tr("curve %1, point %2").arg(row).arg(col)
                : tr("row %1, column %2").arg(row).arg(col);
}

QString CheckSummary::toleranceSource(const CheckReport& report, const CheckGiven& given) {
  if (given.rtol && given.atol) return tr("both typed");
  QString fallback;
  if (given.textDigits > 0) {
    const QString like = qs(dtypeName(textDigitsType(given.textDigits)));
    fallback =
        tr("default for text with %1 significant digits, as %2").arg(given.textDigits).arg(like);
  } else {
    fallback = tr("%1 default").arg(qs(report.dtype));
  }
  if (given.rtol) return tr("rtol typed, atol the %1").arg(fallback);
  if (given.atol) return tr("atol typed, rtol the %1").arg(fallback);
  return fallback;
}

QString CheckSummary::slipHeadline(const Slip& slip) { return messageText(slip.headline); }

QString CheckSummary::slipDetail(const Slip& slip) { return coreText(slip.text); }

QString CheckSummary::slipText(const Slip& slip) {
  // The core's English sentence as it is; another language says the same sentence from its
  // template and values (a slip made by hand, without them, in English).
  QString text = currentLanguage() == QLatin1String("en") || slip.detail.empty()
                     ? slipDetail(slip)
                     : messageText(slip.detail);
  if (!slip.explains)
    text +=
        QLatin1Char(' ') + tr("(explains %1 % of the cells)").arg(percentText(slip.matchedShare));
  return text;
}

QString CheckSummary::statusHtml(const CheckReport& r, const CheckGiven& given,
                                 const QString& what) {
  // Four lines at most (the pictures keep the height of a 1024 x 768 projector): the verdict;
  // counts and tolerance; the largest errors; dtype and shapes.
  const QString gap = QStringLiteral("&nbsp;&nbsp;&nbsp;·&nbsp;&nbsp;&nbsp;");
  QStringList lines;
  const QString head = verdictHtml(r) + QStringLiteral("&nbsp;&nbsp;") + what.toHtmlEscaped();
  lines << QStringLiteral("<span style=\"font-size:x-large\">%1</span>").arg(head);
  const QString tolerance =
      tr("Tolerance: |yours − ours| ≤ %1 + %2 · |ours| (%3)")
          .arg(number(r.tolerance.atol), number(r.tolerance.rtol), toleranceSource(r, given))
          .toHtmlEscaped();
  if (!r.shapeMatches) {
    lines << tr("The shapes differ: yours %1, ours %2. Nothing was compared.")
                     .arg(shape(r.yoursShape), shape(r.oursShape))
                     .toHtmlEscaped() +
                 gap + tolerance;
  } else {
    QString counts = tr("%1 cells compared, %2 outside the tolerance (%3 %)")
                         .arg(r.compared)
                         .arg(r.mismatches)
                         .arg(percentText(r.mismatchShare()));
    if (r.masked > 0) counts += tr("; %1 masked in ours, skipped").arg(r.masked);
    lines << counts.toHtmlEscaped() + gap + tolerance;
    if (r.compared > 0) {
      const CellDiff& a = r.largestAbs;
      const CellDiff& e = r.largestRel;
      lines << tr("Largest absolute error %1 at %2 (yours %3, ours %4)")
                       .arg(number(a.absError), cell(a.row, a.col, given.series), number(a.yours),
                            number(a.ours))
                       .toHtmlEscaped() +
                   gap +
                   tr("Largest relative error %1 at %2 (yours %3, ours %4)")
                       .arg(number(e.relError), cell(e.row, e.col, given.series), number(e.yours),
                            number(e.ours))
                       .toHtmlEscaped();
    }
  }
  const QString dtype =
      given.textDigits > 0 ? tr("text, %1 significant digits").arg(given.textDigits) : qs(r.dtype);
  QString shapes = tr("Yours: %1 %2; ours: %3 of %4 from %5")
                       .arg(dtype, shape(r.yoursShape), shape(r.oursShape), schemeName(r.scheme),
                            cell(r.rowStart, r.colStart, given.series))
                       .toHtmlEscaped();
  if (r.randomStandIns)
    shapes += gap + tr("This view draws random stand-in weights: only our own export with the "
                       "same parameters (seed included) can match it.")
                        .toHtmlEscaped();
  lines << shapes;
  return lines.join(QStringLiteral("<br>"));
}

QString CheckSummary::statusText(const CheckReport& report, const CheckGiven& given,
                                 const QString& what) {
  QString html = statusHtml(report, given, what);
  html.replace(QStringLiteral("<br>"), QStringLiteral("\n"));
  html.replace(QStringLiteral("&nbsp;&nbsp;&nbsp;·&nbsp;&nbsp;&nbsp;"), QStringLiteral("\n"));
  html.replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
  static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
  html.remove(tags);
  html.replace(QStringLiteral("&lt;"), QStringLiteral("<"));
  html.replace(QStringLiteral("&gt;"), QStringLiteral(">"));
  html.replace(QStringLiteral("&quot;"), QStringLiteral("\""));
  html.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
  return html;
}

}  // namespace posenc::ui
