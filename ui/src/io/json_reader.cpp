// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/io/json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>
#include <QVariant>

#include "posenc/io/input_file.hpp"
#include "posenc_ui/common/qt_string.h"

namespace posenc::ui {

namespace {

constexpr qsizetype kMaxMessageLength = 2000;
constexpr qint64 kMiB = qint64{1024} * 1024;

/// The message on one line: control characters become '?', and it is cut at 2000 characters.
QString oneLine(QString message) {
  for (QChar& c : message)
    if (c.unicode() < 0x20 || c.unicode() == 0x7f) c = QLatin1Char('?');
  if (message.size() > kMaxMessageLength)
    message = message.left(kMaxMessageLength - 3) + QStringLiteral("...");
  return message;
}

QString composeMessage(const QString& file, const QString& where, const QString& reason) {
  QStringList parts;
  for (const QString* part : {&file, &where, &reason})
    if (!part->isEmpty()) parts << *part;
  return oneLine(parts.join(QStringLiteral(": ")));
}

/// "(N bytes; the limit is L bytes, 1 MiB)" for limits under 4 MiB, where a file near the
/// limit is told apart by its bytes; "(16.0 MiB; the limit is 16.0 MiB)" above.
QString sizeText(qint64 size, qint64 limit) {
  const auto mib = [](qint64 bytes, int decimals) {
    const double inMiB = static_cast<double>(bytes) / static_cast<double>(kMiB);
    return QStringLiteral("%1 MiB").arg(inMiB, 0, 'f', decimals);
  };
  if (limit >= 4 * kMiB)
    return QStringLiteral("(%1; the limit is %2)").arg(mib(size, 1), mib(limit, 1));
  const QString inMiB = limit % kMiB == 0 ? QStringLiteral(", ") + mib(limit, 0) : QString();
  return QStringLiteral("(%1 bytes; the limit is %2 bytes%3)").arg(size).arg(limit).arg(inMiB);
}

[[noreturn]] void tooLarge(const JsonFormat& format, qint64 size) {
  refuse(QString(),
         QStringLiteral("too large for a %1 %2").arg(format.noun, sizeText(size, format.maxBytes)));
}

QString notA(const JsonFormat& format) {
  return QStringLiteral("not a PosEnc %1: ").arg(format.noun);
}

/// "line L, column C" of byte `offset` of `bytes` (columns count characters, not bytes).
QString lineAndColumn(const QByteArray& bytes, qsizetype offset) {
  offset = std::clamp<qsizetype>(offset, 0, bytes.size());
  qsizetype line = 1, column = 1;
  for (qsizetype k = 0; k < offset; ++k) {
    const auto c = static_cast<unsigned char>(bytes[k]);
    if (c == '\n') {
      ++line;
      column = 1;
    } else if ((c & 0xC0) != 0x80) {  // not a UTF-8 continuation byte
      ++column;
    }
  }
  return QStringLiteral("line %1, column %2").arg(line).arg(column);
}

QJsonObject parseObject(const QByteArray& bytes, const JsonFormat& format) {
  // Some editors start UTF-8 files with a byte order mark, which JSON does not allow.
  const qsizetype bom = bytes.startsWith("\xEF\xBB\xBF") ? 3 : 0;
  QJsonParseError error{};
  const QJsonDocument doc = QJsonDocument::fromJson(bytes.mid(bom), &error);
  if (error.error != QJsonParseError::NoError) {
    const qsizetype offset = bom + error.offset;
    refuse(QString(), notA(format) + QStringLiteral("JSON error at offset %1 (%2): %3")
                                         .arg(offset)
                                         .arg(lineAndColumn(bytes, offset), error.errorString()));
  }
  if (!doc.isObject())
    refuse(QString(), notA(format) + QStringLiteral("the document is a JSON array, not an object"));
  return doc.object();
}

void checkFormat(const QJsonObject& root, const JsonFormat& format) {
  const QJsonValue value = root.value(QStringLiteral("format"));
  QStringList quoted;
  for (const QString& f : format.formats) quoted << QLatin1Char('"') + f + QLatin1Char('"');
  const QString expected = QStringLiteral("(expected %1)").arg(quoted.join(QStringLiteral(" or ")));
  if (value.isUndefined())
    refuse(QString(), notA(format) + QStringLiteral("no \"format\" field ") + expected);
  if (format.formats.contains(value.toString())) return;
  for (const auto& [other, instead] : format.misfiled)
    if (value.toString() == other)
      refuse(QString(),
             notA(format) + QStringLiteral("this is a %1 (%2) ").arg(other, instead) + expected);
  refuse(QString(),
         notA(format) + QStringLiteral("\"format\" is %1 ").arg(jsonText(value)) + expected);
}

int checkVersion(const QJsonObject& root, const JsonFormat& format) {
  const QJsonValue value = root.value(QStringLiteral("version"));
  const auto version = jsonWholeNumber(value);
  const auto newer = [&](const QString& shown) {
    refuse(QString(),
           QStringLiteral("written by a newer PosEnc Explorer (%1 %2); this one reads up to %3")
               .arg(format.versionWord, shown)
               .arg(format.version));
  };
  // A version beyond int64 (Qt keeps it as a double) is still a newer program's file.
  if (!version && value.isDouble() && value.toDouble() > format.version &&
      std::floor(value.toDouble()) == value.toDouble())
    newer(jsonText(value));
  const QString where = QStringLiteral("version");
  if (!version)
    refuse(where,
           (value.isUndefined() ? QStringLiteral("missing")
                                : jsonText(value) + QStringLiteral(" is not a whole number")) +
               QStringLiteral(" (this PosEnc Explorer reads %1s 1 to %2)")
                   .arg(format.versionWord)
                   .arg(format.version));
  if (*version > format.version) newer(QString::number(*version));
  if (*version < 1)
    refuse(where, QStringLiteral("%1 is not a %2 version (1 to %3)")
                      .arg(*version)
                      .arg(format.noun)
                      .arg(format.version));
  return static_cast<int>(*version);
}

[[noreturn]] void wrongType(const QJsonValue& value, const QString& where, const QString& wanted) {
  if (value.isUndefined()) refuse(where, QStringLiteral("missing (%1)").arg(wanted));
  refuse(where, QStringLiteral("%1 is not %2").arg(jsonText(value), wanted));
}

}  // namespace

ReadError::ReadError(QString file, QString where, QString reason)
    : std::runtime_error(composeMessage(file, where, reason).toStdString()),
      m_file(std::move(file)),
      m_where(std::move(where)),
      m_reason(std::move(reason)) {}

ReadError ReadError::inFile(const QString& file) const {
  return ReadError(m_file.isEmpty() ? file : m_file, m_where, m_reason);
}

ReadError ReadError::within(const QString& outer) const {
  const QString where = m_where.isEmpty() ? outer : outer + QStringLiteral(": ") + m_where;
  return ReadError(m_file, where, m_reason);
}

JsonDocumentRead readJsonDocument(const QByteArray& bytes, const JsonFormat& format) {
  if (bytes.size() > format.maxBytes) tooLarge(format, bytes.size());
  JsonDocumentRead read;
  read.root = parseObject(bytes, format);
  checkFormat(read.root, format);
  read.version = checkVersion(read.root, format);
  return read;
}

QString shownPath(const QString& path) { return QDir::toNativeSeparators(path); }

QByteArray readJsonFileBytes(const QString& path, const JsonFormat& format) {
  const QString shown = shownPath(path);
  const auto fail = [&](const QString& reason) { throw ReadError(shown, QString(), reason); };
  if (QFileInfo(path).isDir()) fail(QStringLiteral("is a folder, not a %1 file").arg(format.noun));
  if (path.startsWith(QLatin1Char(':'))) {  // a Qt resource (built in: no FIFO, no race)
    QFile resource(path);
    if (!resource.open(QIODevice::ReadOnly))
      fail(QStringLiteral("cannot open: ") + resource.errorString());
    QByteArray bytes = resource.read(format.maxBytes + 1);
    try {
      if (bytes.size() > format.maxBytes) tooLarge(format, bytes.size());
    } catch (const ReadError& e) {
      throw e.inFile(shown);
    }
    return bytes;
  }
  // The core's opener (posenc/io/input_file.hpp), not QFile: QFile::open blocks on a FIFO with no
  // writer; this refuses anything but a regular file at once and knows the size before the
  // buffer is allocated.
  std::optional<posenc::InputFile> file;
  try {
    file.emplace(std::filesystem::path(QFile::encodeName(path).toStdString()));
  } catch (const posenc::FileError& e) {
    fail(QStringLiteral("cannot open: ") + qs(e.reason()));
  }
  try {
    if (file->size() > static_cast<std::uint64_t>(format.maxBytes))
      tooLarge(format, static_cast<qint64>(file->size()));
    QByteArray bytes(static_cast<qsizetype>(file->size()), Qt::Uninitialized);
    try {
      file->readAt(0, std::as_writable_bytes(std::span(bytes.data(), bytes.size())));
    } catch (const posenc::FileError& e) {
      fail(QStringLiteral("cannot read: ") + qs(e.reason()));
    }
    return bytes;
  } catch (const ReadError& e) {
    throw e.inFile(shown);
  }
}

void refuse(const QString& where, const QString& reason) {
  throw ReadError(QString(), where, reason);
}

QString jsonText(const QJsonValue& value) {
  QString text = QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact));
  text = text.mid(1, text.size() - 2);
  if (text.size() > 64) text = text.left(61) + QStringLiteral("...");
  return text;
}

QString jsonTypeName(const QJsonValue& value) {
  switch (value.type()) {
    case QJsonValue::Null:
      return QStringLiteral("null");
    case QJsonValue::Bool:
      return QStringLiteral("true/false");
    case QJsonValue::Double:
      return QStringLiteral("a number");
    case QJsonValue::String:
      return QStringLiteral("a string");
    case QJsonValue::Array:
      return QStringLiteral("an array");
    case QJsonValue::Object:
      return QStringLiteral("an object");
    case QJsonValue::Undefined:
      break;
  }
  return QStringLiteral("missing");
}

std::optional<qint64> jsonWholeNumber(const QJsonValue& value) {
  if (!value.isDouble()) return std::nullopt;
  const QVariant v = value.toVariant();
  if (v.typeId() == QMetaType::LongLong) return v.toLongLong();
  return std::nullopt;
}

QString shownKey(const QString& key) {
  static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_.-]{1,64}$"));
  return plain.match(key).hasMatch() ? key : jsonText(key);
}

QString keyPath(const QString& parent, const QString& key) {
  return parent.isEmpty() ? shownKey(key) : parent + QLatin1Char('.') + shownKey(key);
}

QString indexPath(const QString& parent, qsizetype index) {
  return QStringLiteral("%1[%2]").arg(parent).arg(index);
}

QJsonObject objectAt(const QJsonValue& value, const QString& where) {
  if (!value.isObject()) wrongType(value, where, QStringLiteral("an object"));
  return value.toObject();
}

QJsonArray arrayAt(const QJsonValue& value, const QString& where) {
  if (!value.isArray()) wrongType(value, where, QStringLiteral("an array"));
  return value.toArray();
}

QString stringAt(const QJsonValue& value, const QString& where) {
  if (!value.isString()) wrongType(value, where, QStringLiteral("a string"));
  return value.toString();
}

double numberAt(const QJsonValue& value, const QString& where) {
  if (!value.isDouble()) wrongType(value, where, QStringLiteral("a number"));
  return value.toDouble();
}

bool boolAt(const QJsonValue& value, const QString& where) {
  if (!value.isBool()) wrongType(value, where, QStringLiteral("true or false"));
  return value.toBool();
}

}  // namespace posenc::ui
