// SPDX-License-Identifier: GPL-3.0-or-later
// Picture files: a plot encoded in memory as PNG, SVG or PDF at the asked size, then written
// by the core's writeFileAtomically.
#include "posenc_ui/plot/picture_file.h"

#include <qcustomplot.h>

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>

#include "posenc/io/data_io.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/plot/plot_parts.h"

namespace posenc::ui {

namespace {

constexpr int kMaxPictureSide = 16384;  ///< Largest PNG side in pixels.

QString cannotWrite(const QString& path, const QString& reason) {
  return QStringLiteral("cannot write %1: %2").arg(path, reason);
}

/// `text` as XML character data or as an attribute value in double quotes: & < > " as
/// entities; tab, line feed and carriage return as character references, which a parser gives
/// back as they were (it would make spaces of them in an attribute, and LF of a lone CR).
QString xmlEscaped(const QString& text) {
  QString out = text.toHtmlEscaped();  // & < > "
  out.replace(QLatin1Char('\t'), QLatin1String("&#9;"));
  out.replace(QLatin1Char('\n'), QLatin1String("&#10;"));
  out.replace(QLatin1Char('\r'), QLatin1String("&#13;"));
  return out;
}

/// `family` as a CSS string in single quotes, a quote or backslash in it escaped.
QString cssString(QString family) {
  family.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
  family.replace(QLatin1Char('\''), QLatin1String("\\'"));
  return QLatin1Char('\'') + family + QLatin1Char('\'');
}

/// SVG text keeps the first family of the font it was drawn with, also for the runs Qt drew
/// with a fallback font (Chinese in Noto Sans CJK SC is written as font-family="DejaVu Sans"),
/// so a viewer would look for CJK glyphs in DejaVu Sans. Every font-family becomes a list:
/// the original, then fonts with Simplified Chinese glyphs on Linux, Windows and macOS, then
/// the generic family. Text stays text (editable, searchable); a viewer with none of these
/// fonts falls back to its own sans-serif font. Qt writes the family unescaped, always right
/// before font-size (qsvggenerator.cpp, Qt 6.4 to 6.8); it is written back as a CSS string,
/// escaped for the attribute, so a family with a quote, & or < still makes XML.
QString withFallbackFamilies(const QString& svg) {
  static const QRegularExpression family(QStringLiteral(R"re(font-family="(.*?)" font-size=")re"));
  static const QString fallbacks = QStringLiteral(
      ", 'Noto Sans CJK SC', 'Source Han Sans SC', 'Microsoft YaHei', 'PingFang SC', sans-serif");
  QString out;
  out.reserve(svg.size() + svg.size() / 4);
  qsizetype done = 0;
  for (auto it = family.globalMatch(svg); it.hasNext();) {
    const QRegularExpressionMatch match = it.next();
    out += QStringView(svg).mid(done, match.capturedStart() - done);
    out += QLatin1String("font-family=\"") + xmlEscaped(cssString(match.captured(1)) + fallbacks) +
           QLatin1String("\" font-size=\"");
    done = match.capturedEnd();
  }
  out += QStringView(svg).mid(done);
  return out;
}

/// True for a UTF-16 unit XML 1.0 can hold here: not a C0 control other than tab, LF and CR,
/// not U+FFFE or U+FFFF, not half of a surrogate pair standing alone.
bool isXmlChar(const QString& text, qsizetype i) {
  const char16_t c = text.at(i).unicode();
  if (c < 0x20) return c == u'\t' || c == u'\n' || c == u'\r';
  if (c == 0xFFFE || c == 0xFFFF) return false;
  if (QChar::isHighSurrogate(c))
    return i + 1 < text.size() && QChar::isLowSurrogate(text.at(i + 1).unicode());
  if (QChar::isLowSurrogate(c)) return i > 0 && QChar::isHighSurrogate(text.at(i - 1).unicode());
  return true;
}

/// Replaces each character XML 1.0 cannot hold, not even as a character reference, by U+FFFD.
/// Qt writes a drawn text as it is (a title given on the command line may hold a control
/// character), which no XML parser accepts.
void replaceNonXmlCharacters(QString& svg) {
  for (qsizetype i = 0; i < svg.size(); ++i)
    if (!isXmlChar(svg, i)) svg[i] = QChar::ReplacementCharacter;
}

/// What QSvgGenerator wrote, made the file we write: the font families completed, the picture's
/// title and description put first in the <svg> element (escaped), every character XML can
/// hold. Empty when there is no <svg> element to put them in.
QByteArray completedSvg(const QByteArray& generated, const QString& title,
                        const QString& description) {
  QString svg = withFallbackFamilies(QString::fromUtf8(generated));
  const qsizetype root = svg.indexOf(QLatin1String("<svg"));
  qsizetype at = root < 0 ? -1 : svg.indexOf(QLatin1Char('>'), root);
  if (at < 0) return {};
  at += svg.mid(at + 1, 1) == QLatin1String("\n") ? 2 : 1;  // after the tag's line, as Qt did
  QString head;
  if (!title.isEmpty()) head += QLatin1String("<title>") + xmlEscaped(title) + "</title>\n";
  if (!description.isEmpty())
    head += QLatin1String("<desc>") + xmlEscaped(description) + "</desc>\n";
  svg.insert(at, head);
  replaceNonXmlCharacters(svg);
  return svg.toUtf8();
}

QString writePng(QCustomPlot& plot, QIODevice& file, QSize size, double dpi) {
  const QPixmap pixmap = plot.toPixmap(size.width(), size.height(), dpi / 96.0);
  if (pixmap.isNull()) return QStringLiteral("could not draw the picture");
  QImage image = pixmap.toImage();
  const int dotsPerMeter = qRound(dpi / 0.0254);
  image.setDotsPerMeterX(dotsPerMeter);
  image.setDotsPerMeterY(dotsPerMeter);
  image.setText(QStringLiteral("Title"), plot.property(kTitleProperty).toString());
  image.setText(QStringLiteral("Software"), QStringLiteral("PosEnc Explorer"));
  if (!image.save(&file, "PNG")) return QStringLiteral("PNG encoding failed");
  return {};
}

QString writeSvg(QCustomPlot& plot, QIODevice& file, QSize size) {
  QBuffer svg;  // written here first: the font families are completed below
  QSvgGenerator generator;
  generator.setOutputDevice(&svg);
  generator.setSize(size);
  generator.setViewBox(QRect(QPoint(0, 0), size));
  generator.setResolution(96);
  // No title or description through the generator: Qt 6.4 writes them unescaped (the title
  // "RoPE scores <R_m q, R_n k>" made a file no XML parser reads), Qt 6.5 escapes them
  // (QTBUG-104203), and one left unset becomes "Qt SVG Document". completedSvg writes both,
  // escaped, whatever Qt's version.
  generator.setTitle(QString());
  generator.setDescription(QString());
  QCPPainter painter;
  if (!painter.begin(&generator)) return QStringLiteral("could not start the SVG writer");
  painter.setMode(QCPPainter::pmVectorized);
  painter.setMode(QCPPainter::pmNoCaching);
  plot.toPainter(&painter, size.width(), size.height());
  painter.end();
  const QByteArray text = completedSvg(svg.data(), plot.property(kTitleProperty).toString(),
                                       plot.property(kDescriptionProperty).toString());
  if (text.isEmpty()) return QStringLiteral("the SVG writer wrote no <svg> element");
  if (file.write(text) < 0) return file.errorString();
  return {};
}

QString writePdf(QCustomPlot& plot, QIODevice& file, QSize size) {
  QPdfWriter writer(&file);
  writer.setResolution(96);
  writer.setCreator(QStringLiteral("PosEnc Explorer"));
  writer.setTitle(plot.property(kTitleProperty).toString());
  // One page exactly the picture's size at 96 dpi (1 px = 0.75 pt), no margins.
  const QPageSize page(QSizeF(size.width() * 0.75, size.height() * 0.75), QPageSize::Point,
                       QString(), QPageSize::ExactMatch);
  writer.setPageLayout(
      QPageLayout(page, QPageLayout::Portrait, QMarginsF(0, 0, 0, 0), QPageLayout::Point));
  QCPPainter painter;
  if (!painter.begin(&writer)) return QStringLiteral("could not start the PDF writer");
  painter.setMode(QCPPainter::pmVectorized);
  painter.setMode(QCPPainter::pmNoCaching);
  painter.setWindow(QRect(QPoint(0, 0), size));  // logical pixels, whatever the rounding of points
  plot.toPainter(&painter, size.width(), size.height());
  painter.end();
  return {};
}

/// savePicture's work; the reason it failed, or empty.
QString writePicture(QCustomPlot& plot, const QString& path, QSize size, double dpi) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix != QLatin1String("png") && suffix != QLatin1String("svg") &&
      suffix != QLatin1String("pdf")) {
    return QStringLiteral("%1: unknown picture format '%2' (use .png, .svg or .pdf)")
        .arg(path, QFileInfo(path).suffix());
  }
  if (size.width() <= 0 || size.height() <= 0) {
    return QStringLiteral("%1: picture size %2 x %3 must be positive")
        .arg(path)
        .arg(size.width())
        .arg(size.height());
  }
  if (!std::isfinite(dpi) || dpi <= 0) {
    return QStringLiteral("%1: resolution %2 dpi must be positive").arg(path).arg(dpi);
  }
  const double pixelScale = suffix == QLatin1String("png") ? dpi / 96.0 : 1.0;
  const double maxSide = std::max(size.width(), size.height()) * pixelScale;
  if (maxSide > kMaxPictureSide || std::min(size.width(), size.height()) * pixelScale < 1) {
    return QStringLiteral("%1: a picture of %2 x %3 pixels cannot be made (1 to %4 on a side)")
        .arg(path)
        .arg(qRound(size.width() * pixelScale))
        .arg(qRound(size.height() * pixelScale))
        .arg(kMaxPictureSide);
  }

  // The picture is encoded in memory, then written by the core's writeFileAtomically, the
  // one writer of every exported file: a temporary beside the file, synced and renamed into
  // place (a failure leaves the old file whole), links followed, devices and FIFOs written in
  // place, and each error with its system reason (QSaveFile says "Unknown error" when a full
  // disk takes part of a write, and libpng prints its own line about it).
  QBuffer encoded;
  encoded.open(QIODevice::WriteOnly);
  layOutFor(plot, size);  // twice: tick labels set margins, and margins set the tick count
  layOutFor(plot, size);
  QString error;
  if (suffix == QLatin1String("png")) {
    error = writePng(plot, encoded, size, dpi);
  } else if (suffix == QLatin1String("svg")) {
    error = writeSvg(plot, encoded, size);
  } else {
    error = writePdf(plot, encoded, size);
  }
  encoded.close();
  plot.replot(QCustomPlot::rpQueuedReplot);  // back to the widget's own size when it shows
  if (!error.isEmpty()) return cannotWrite(path, error);
  try {
    const QByteArray& bytes = encoded.data();
    writeFileAtomically(QFile::encodeName(path).toStdString(), [&](std::ostream& out) {
      out.write(bytes.constData(), static_cast<std::streamsize>(bytes.size()));
    });
  } catch (const IoError& e) {
    return qs(e.what());  // "cannot write PATH: reason"
  }
  return {};
}

}  // namespace

void savePicture(QCustomPlot& plot, const QString& path, QSize size, double dpi) {
  const QString error = writePicture(plot, path, size, dpi);
  if (!error.isEmpty()) throw IoError(error.toStdString());
}

}  // namespace posenc::ui
