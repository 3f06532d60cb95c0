// SPDX-License-Identifier: GPL-3.0-or-later
// JSON helpers shared by the session and lesson readers (session_io.cpp, lesson.cpp).
#pragma once

#include <QJsonValue>
#include <QString>
#include <QVariant>
#include <optional>

namespace posenc::ui::detail {

/// What a JSON value is, for a message ("a string", "an array", ...; "missing" if undefined).
inline QString typeName(const QJsonValue& value) {
  switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("true/false");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
  }
  return QStringLiteral("missing");
}

/// A JSON number holding a whole number that fits in int64 (Qt keeps such numbers as
/// integers, including "512.0"); nullopt for anything else.
inline std::optional<qint64> wholeNumber(const QJsonValue& value) {
  if (!value.isDouble()) return std::nullopt;
  const QVariant v = value.toVariant();
  if (v.typeId() == QMetaType::LongLong) return v.toLongLong();
  return std::nullopt;
}

}  // namespace posenc::ui::detail
