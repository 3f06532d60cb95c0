// SPDX-License-Identifier: GPL-3.0-or-later
// For the command-line tests: the JSON `posenc` printed (list --json, inspect --json, check
// --json, export --out -), parsed with Qt's reader, a parse error failing the test.
#pragma once

#include <string>

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <gtest/gtest.h>

namespace posenc::test {

/// The JSON object `text` holds; a parse error fails the calling test (with the text).
inline QJsonObject parseJson(const std::string& text) {
  QJsonParseError error;
  const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error);
  EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString() << text;
  return doc.object();
}

}  // namespace posenc::test
