// SPDX-License-Identifier: GPL-3.0-or-later
// The one JSON reader: every file the program reads (sessions, presets, lessons, explanations)
// goes through readJsonFile / readJsonDocument, and every refusal is a ReadError that says
// which file, where in it and what is wrong, on one line.
//
// Error convention, one per layer:
//   core        throws posenc::ParamError (a value the scheme refuses), posenc::UsageError (a
//               command line), posenc::IoError (a file that cannot be written: "cannot write
//               PATH: reason", from writeFileAtomically) or std::runtime_error.
//   ui/io       readers throw ReadError ("FILE: WHERE: REASON"); writers go through
//               posenc::writeFileAtomically and let its IoError through. Nothing returns an
//               error in a struct or as "an empty QString means success".
//   ui/panels   widgets catch what they load and show the reason in place (an explanation
//               panel shows its file's ReadError instead of the text); they never throw out
//               of a slot.
//   ui/window   a user action (open, save, export, open lesson) returns bool, giving the reason
//               through a QString* when the caller asks for it, else in a message box.
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace posenc::ui {

/// A file or document that cannot be read. what() is one line, "FILE: WHERE: REASON" with
/// the empty parts left out: FILE is the path as shown to the user (native separators; empty
/// for bytes that came from no file), WHERE the place inside the document as the reader
/// names it ("params.dim", "view.grid[1]", "step 2: text.en"; empty for the document as a
/// whole), REASON what is wrong there. Control characters become '?' and the line is cut at
/// 2000 characters, so a key or value read from the file cannot break a message.
class ReadError : public std::runtime_error {
 public:
  ReadError(QString file, QString where, QString reason);

  [[nodiscard]] const QString& file() const { return m_file; }
  [[nodiscard]] const QString& where() const { return m_where; }
  [[nodiscard]] const QString& reason() const { return m_reason; }
  /// The same error, read from `file` (replaces an empty file; keeps a file already set).
  [[nodiscard]] ReadError inFile(const QString& file) const;
  /// The same error inside `outer`: where becomes "OUTER: WHERE" (a lesson step around the
  /// parameters it hands to the session reader).
  [[nodiscard]] ReadError within(const QString& outer) const;

 private:
  QString m_file, m_where, m_reason;
};

/// What a kind of document is, for the reader's checks and messages.
struct JsonFormat {
  QString noun;         ///< "session": "not a PosEnc session", "is a folder, not a session file".
  QStringList formats;  ///< Accepted "format" values ("posenc-session", "posenc-preset").
  int version = 1;      ///< Current version; versions 1 .. version are read.
  QString versionWord = QStringLiteral("version");  ///< "lesson version": "(lesson version 2)".
  qint64 maxBytes = 0;                              ///< Largest document read, in bytes.
  /// Formats of other PosEnc documents, with what to do instead ({"posenc-session", "open it
  /// as a session"}): named in the refusal of such a file.
  std::vector<std::pair<QString, QString>> misfiled{};
};

/// A parsed document: its root object and the version it says it is (1 .. format.version).
struct JsonDocumentRead {
  QJsonObject root;
  int version = 1;
};

/// Parses a document of `format` from bytes, in this order: the size cap ("too large for a
/// lesson (N bytes; ...)"), a UTF-8 byte order mark skipped, JSON syntax ("not a PosEnc
/// session: JSON error at offset N (line L, column C): REASON", offset and line counted in
/// the bytes given, BOM included), an object at the top, "format" one of format.formats,
/// "version" a whole number from 1 to format.version ("written by a newer PosEnc Explorer
/// (version 3); this one reads up to 1"). @throws ReadError with no file.
[[nodiscard]] JsonDocumentRead readJsonDocument(const QByteArray& bytes, const JsonFormat& format);

/// The bytes of the file at `path` (a path in the resources, ":/...", works too), at most
/// format.maxBytes, never reading more than one byte past it. @throws ReadError naming the
/// file: "is a folder, not a session file", "cannot open: ...", "too large for ...".
[[nodiscard]] QByteArray readJsonFileBytes(const QString& path, const JsonFormat& format);

/// `path` as messages show it (native separators).
[[nodiscard]] QString shownPath(const QString& path);

// ---- building blocks of the document readers ------------------------------------------------

/// Throws ReadError(no file, where, reason). Document readers refuse through this.
[[noreturn]] void refuse(const QString& where, const QString& reason);

/// A JSON value as compact JSON text (strings quoted), shortened to 64 characters.
[[nodiscard]] QString jsonText(const QJsonValue& value);
/// What a JSON value is ("a string", "an array", ...; "missing" for undefined).
[[nodiscard]] QString jsonTypeName(const QJsonValue& value);
/// A JSON number holding a whole number that fits in int64 (Qt keeps such numbers as
/// integers, including "512.0"); nullopt for anything else.
[[nodiscard]] std::optional<qint64> jsonWholeNumber(const QJsonValue& value);
/// A key as it appears in a path: plain when it is a short identifier, else as quoted,
/// escaped and shortened JSON text (a key may hold line breaks or be huge).
[[nodiscard]] QString shownKey(const QString& key);
/// "parent.key" ("key" at the top); the key as shownKey shows it.
[[nodiscard]] QString keyPath(const QString& parent, const QString& key);
/// "parent[index]".
[[nodiscard]] QString indexPath(const QString& parent, qsizetype index);

// Typed accessors: the value at `where`, or a ReadError "WHERE: 7 is not a string" /
// "WHERE: missing (a string)".
[[nodiscard]] QJsonObject objectAt(const QJsonValue& value, const QString& where);
[[nodiscard]] QJsonArray arrayAt(const QJsonValue& value, const QString& where);
[[nodiscard]] QString stringAt(const QJsonValue& value, const QString& where);
[[nodiscard]] double numberAt(const QJsonValue& value, const QString& where);
[[nodiscard]] bool boolAt(const QJsonValue& value, const QString& where);

}  // namespace posenc::ui
