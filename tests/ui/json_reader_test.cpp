// SPDX-License-Identifier: GPL-3.0-or-later
// The one JSON reader: what it checks of every document (size cap, byte order mark, syntax with
// line and column, format, version) and how its ReadError names the file and the place, for
// each kind of file the program reads: sessions, presets, lessons, explanations (and the
// comparison table that goes with them).
#include "posenc_ui/io/json_reader.h"

#include <sys/stat.h>

#include <functional>
#include <string>
#include <vector>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include "posenc_ui/io/explanation_data.h"
#include "posenc_ui/io/lesson.h"
#include "posenc_ui/io/session_io.h"

namespace posenc::ui {
namespace {

const QByteArray kBom("\xEF\xBB\xBF");

/// One kind of document: a valid one, how to read it from bytes, and what the reader says.
struct Kind {
  const char* name;
  QByteArray valid;  ///< Starts with "{" and the "format" field on the first line.
  std::function<void(const QByteArray&)> read;
  QString noun;         ///< "not a PosEnc <noun>".
  QString versionWord;  ///< "(<versionWord> 2)".
  qint64 maxBytes;
  QByteArray badField;        ///< `valid` with one field deep inside it wrong ...
  std::string badFieldPlace;  ///< ... and what the message says of it.
};

std::vector<Kind> kinds() {
  const QByteArray session =
      R"({"format": "posenc-session", "version": 1, "scheme": "rope", "params": {"dim": 64}})";
  const QByteArray preset =
      R"({"format": "posenc-preset", "version": 1, "scheme": "rope", "params": {"dim": 64}})";
  const QByteArray lesson = R"({"format": "posenc-lesson", "version": 1, "id": "t",
    "title": {"en": "T", "zh_CN": "T"}, "summary": {"en": "S", "zh_CN": "S"},
    "steps": [{"title": {"en": "a", "zh_CN": "a"}, "text": {"en": "x", "zh_CN": "x"},
               "scheme": "rope", "params": {"dim": 64}, "view": "scores"}]})";
  const QByteArray explanation = R"({"format": "posenc-explanations", "version": 1, "scheme": "s",
    "page": {"name": "n", "summary": "s", "used_in": "u", "strengths": [], "limits": []},
    "views": {"v": {"title": "t", "what": "w", "formula": "x", "notice": []}}})";
  const QByteArray comparison =
      R"({"format": "posenc-comparison", "version": 1, "title": "t", "source": "s",
    "columns": [{"id": "c", "title": "C"}], "rows": [{"scheme": "rope", "name": "R", "cells": {"c": "x"}}],
    "corrections": []})";
  const auto replaced = [](QByteArray bytes, const char* from, const char* to) {
    EXPECT_TRUE(bytes.contains(from)) << from;
    return bytes.replace(from, to);
  };
  return {
      {"session", session, [](const QByteArray& b) { (void)readSession(b); }, "session", "version",
       kMaxSessionFileBytes, replaced(session, R"("dim": 64)", R"("dim": "abc")"),
       "params.dim: parameter 'dim' = 'abc': must be an even integer"},
      {"preset", preset, [](const QByteArray& b) { (void)readSession(b); }, "session", "version",
       kMaxSessionFileBytes, replaced(preset, R"("dim": 64)", R"("dim": 7)"),
       "params.dim: parameter 'dim' = '7': must be an even integer"},
      {"lesson", lesson, [](const QByteArray& b) { (void)readLesson(b); }, "lesson",
       "lesson version", kMaxLessonBytes, replaced(lesson, R"("dim": 64)", R"("dim": "abc")"),
       "step 1: params.dim: parameter 'dim' = 'abc'"},
      {"explanation", explanation,
       [](const QByteArray& b) { (void)parseSchemeExplanation(b, QStringLiteral("e.json")); },
       "explanation", "explanation version", kMaxExplanationBytes,
       replaced(explanation, R"("notice": [])", R"("notice": "x")"),
       "e.json: views.v.notice: \"x\" is not an array"},
      {"comparison", comparison,
       [](const QByteArray& b) { (void)parseComparisonTable(b, QStringLiteral("c.json")); },
       "comparison table", "comparison version", kMaxExplanationBytes,
       replaced(comparison, R"({"c": "x"})", R"({"d": "x"})"), "c.json: rows[0].cells.c: missing"},
  };
}

/// The message `read` refuses `bytes` with, or "(accepted)".
std::string refusal(const Kind& kind, const QByteArray& bytes) {
  try {
    kind.read(bytes);
  } catch (const ReadError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(JsonReader, EveryKindReadsItsValidDocument) {
  for (const Kind& k : kinds()) EXPECT_EQ(refusal(k, k.valid), "(accepted)") << k.name;
}

TEST(JsonReader, EveryKindSkipsAByteOrderMark) {
  for (const Kind& k : kinds()) EXPECT_EQ(refusal(k, kBom + k.valid), "(accepted)") << k.name;
}

TEST(JsonReader, EveryKindRefusesMoreThanItsSizeCap) {
  for (const Kind& k : kinds()) {
    SCOPED_TRACE(k.name);
    QByteArray atCap = k.valid;
    atCap.append(QByteArray(k.maxBytes - atCap.size(), ' '));  // trailing blanks are JSON
    EXPECT_EQ(refusal(k, atCap), "(accepted)");
    const std::string why = refusal(k, atCap + ' ');
    EXPECT_NE(why.find("too large for a " + k.noun.toStdString() + " ("), std::string::npos) << why;
  }
  // Under 4 MiB the sizes are told in bytes, above in MiB.
  EXPECT_NE(refusal(kinds()[2], QByteArray(kMaxLessonBytes + 1, ' '))
                .find("too large for a lesson (1048577 bytes; the limit is 1048576 bytes, 1 MiB)"),
            std::string::npos);
  EXPECT_NE(refusal(kinds()[0], QByteArray(kMaxSessionFileBytes + 1, ' '))
                .find("too large for a session (16.0 MiB; the limit is 16.0 MiB)"),
            std::string::npos);
}

TEST(JsonReader, EveryKindSaysWhereTheSyntaxErrorIs) {
  for (const Kind& k : kinds()) {
    SCOPED_TRACE(k.name);
    // The error is on line 3, after "  x" (a bare word is not JSON).
    QByteArray bytes = k.valid;
    bytes.insert(1, "\n\n  x,");
    const std::string why = refusal(k, bytes);
    EXPECT_NE(why.find("not a PosEnc " + k.noun.toStdString() + ": JSON error at offset "),
              std::string::npos)
        << why;
    EXPECT_NE(why.find("(line 3, column "), std::string::npos) << why;
    // With a byte order mark, offset and line still count from the file's first byte.
    const std::string withBom = refusal(k, kBom + bytes);
    EXPECT_NE(withBom.find("(line 3, column "), std::string::npos) << withBom;
  }
}

TEST(JsonReader, ColumnsCountCharactersAndOffsetsCountBytes) {
  const JsonFormat format{
      QStringLiteral("thing"), {QStringLiteral("t")}, 1, QStringLiteral("version"), 1000, {}};
  try {
    (void)readJsonDocument(QByteArray("{\"\xC3\xA9\xC3\xA9\": x}"), format);  // "éé": x
    ADD_FAILURE() << "accepted";
  } catch (const ReadError& e) {
    const std::string what = e.what();
    // 'x' is byte 9 but character 7 of the line; Qt reports the offset just past the bad value.
    EXPECT_EQ(what.rfind("not a PosEnc thing: JSON error at offset ", 0), 0u) << what;
    EXPECT_NE(what.find("(line 1, column "), std::string::npos) << what;
    EXPECT_TRUE(e.file().isEmpty());
    EXPECT_TRUE(e.where().isEmpty());
  }
}

TEST(JsonReader, EveryKindRefusesAnotherFormat) {
  for (const Kind& k : kinds()) {
    SCOPED_TRACE(k.name);
    QByteArray bytes = k.valid;
    const qsizetype start = bytes.indexOf("\"posenc-");
    bytes.replace(start, bytes.indexOf('"', start + 1) - start + 1, "\"nonsense\"");
    const std::string why = refusal(k, bytes);
    EXPECT_NE(why.find("not a PosEnc " + k.noun.toStdString() +
                       ": \"format\" is \"nonsense\" (expected \"posenc-"),
              std::string::npos)
        << why;
  }
}

TEST(JsonReader, EveryKindRefusesAFutureVersion) {
  for (const Kind& k : kinds()) {
    SCOPED_TRACE(k.name);
    QByteArray bytes = k.valid;
    bytes.replace("\"version\": 1", "\"version\": 2");
    const std::string why = refusal(k, bytes);
    EXPECT_NE(why.find("written by a newer PosEnc Explorer (" + k.versionWord.toStdString() +
                       " 2); this one reads up to 1"),
              std::string::npos)
        << why;
  }
}

TEST(JsonReader, EveryKindNamesThePlaceOfABadField) {
  for (const Kind& k : kinds()) {
    const std::string why = refusal(k, k.badField);
    EXPECT_NE(why.find(k.badFieldPlace), std::string::npos) << k.name << ": " << why;
    EXPECT_EQ(why.find('\n'), std::string::npos) << why;
  }
}

class JsonReaderFiles : public ::testing::Test {
 protected:
  QString write(const QString& name, const QByteArray& bytes) {
    const QString path = m_dir.filePath(name);
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
    return path;
  }
  QTemporaryDir m_dir;
};

TEST_F(JsonReaderFiles, FileReadersSkipABomAndNameTheFileFirst) {
  const std::vector<Kind> all = kinds();
  const QString session = write("s.json", kBom + all[0].valid);
  EXPECT_EQ(loadSessionFile(session).params.getInt("dim"), 64);
  const QString lesson = write("l.json", kBom + all[2].valid);
  EXPECT_EQ(readLessonFile(lesson).id, "t");

  const QString badSession = write("bad-s.json", all[0].badField);
  try {
    (void)loadSessionFile(badSession);
    ADD_FAILURE() << "accepted";
  } catch (const ReadError& e) {
    EXPECT_EQ(e.file(), QDir::toNativeSeparators(badSession));
    EXPECT_EQ(e.where(), "params.dim");
    EXPECT_EQ(std::string(e.what()).rfind(e.file().toStdString() + ": params.dim: parameter 'dim'",
                                          0),
              0u)
        << e.what();
  }
  const QString badLesson = write("bad-l.json", all[2].badField);
  try {
    (void)readLessonFile(badLesson);
    ADD_FAILURE() << "accepted";
  } catch (const ReadError& e) {
    EXPECT_EQ(e.where(), "step 1: params.dim");
    EXPECT_EQ(std::string(e.what()).rfind(e.file().toStdString() + ": step 1: params.dim: ", 0), 0u)
        << e.what();
  }
}

TEST_F(JsonReaderFiles, AFifoIsRefusedAtOnceNotWaitedOn) {
  // Before: QFile::open blocked for ever on a FIFO with no writer (a session or lesson path).
  const QString fifo = m_dir.filePath(QStringLiteral("s.json"));
  ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
  const JsonFormat format{
      QStringLiteral("thing"), {QStringLiteral("t")}, 1, QStringLiteral("version"), 100, {}};
  try {
    (void)readJsonFileBytes(fifo, format);
    ADD_FAILURE() << "a FIFO was read";
  } catch (const ReadError& e) {
    EXPECT_EQ(std::string(e.what()),
              QDir::toNativeSeparators(fifo).toStdString() +
                  ": cannot open: is a FIFO (named pipe), not a regular file");
  }
}

TEST_F(JsonReaderFiles, FileReadersRefuseFoldersMissingAndOversizeFiles) {
  const JsonFormat format{
      QStringLiteral("thing"), {QStringLiteral("t")}, 1, QStringLiteral("version"), 100, {}};
  const auto why = [&](const QString& path) {
    try {
      (void)readJsonFileBytes(path, format);
    } catch (const ReadError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  EXPECT_EQ(why(m_dir.path()), QDir::toNativeSeparators(m_dir.path()).toStdString() +
                                   ": is a folder, not a thing file");
  EXPECT_EQ(why(m_dir.filePath("none.json"))
                .rfind(QDir::toNativeSeparators(m_dir.filePath("none.json")).toStdString() +
                           ": cannot open: ",
                       0),
            0u);
  EXPECT_EQ(why(write("a.json", QByteArray(100, ' '))), "(accepted)");
  EXPECT_NE(why(write("b.json", QByteArray(101, ' ')))
                .find("b.json: too large for a thing (101 bytes; the limit is 100 bytes)"),
            std::string::npos)
      << why(m_dir.filePath("b.json"));
}

TEST(ReadError, IsOneLineFileWhereReason) {
  const ReadError e(QStringLiteral("f.json"), QStringLiteral("a.b"), QStringLiteral("bad\nthing"));
  EXPECT_STREQ(e.what(), "f.json: a.b: bad?thing");
  EXPECT_EQ(e.reason(), "bad\nthing");
  EXPECT_STREQ(ReadError(QString(), QString(), QStringLiteral("r")).what(), "r");
  EXPECT_STREQ(ReadError(QString(), QStringLiteral("w"), QStringLiteral("r"))
                   .inFile(QStringLiteral("g.json"))
                   .what(),
               "g.json: w: r");
  EXPECT_STREQ(e.inFile(QStringLiteral("other.json")).what(), "f.json: a.b: bad?thing")
      << "keeps its file";
  EXPECT_STREQ(e.within(QStringLiteral("step 3")).what(), "f.json: step 3: a.b: bad?thing");
  EXPECT_STREQ(
      ReadError(QString(), QString(), QStringLiteral("r")).within(QStringLiteral("step 3")).what(),
      "step 3: r");
  const ReadError huge(QString(), QString(), QString(5000, QLatin1Char('x')));
  EXPECT_EQ(std::string(huge.what()).size(), 2000u);
}

TEST(ReadError, TypedAccessorsNameThePlaceAndTheValue) {
  const auto message = [](const std::function<void()>& f) {
    try {
      f();
    } catch (const ReadError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  const QString at = indexPath(keyPath(keyPath(QStringLiteral("steps"), QStringLiteral("params")),
                                       QStringLiteral("dim")),
                               3);
  EXPECT_EQ(at, "steps.params.dim[3]");
  EXPECT_EQ(message([&] { (void)numberAt(QJsonValue(QStringLiteral("abc")), at); }),
            "steps.params.dim[3]: \"abc\" is not a number");
  EXPECT_EQ(message([&] { (void)stringAt(QJsonValue(7), QStringLiteral("id")); }),
            "id: 7 is not a string");
  EXPECT_EQ(message(
                [&] { (void)objectAt(QJsonValue(QJsonValue::Undefined), QStringLiteral("page")); }),
            "page: missing (an object)");
  EXPECT_EQ(message([&] { (void)arrayAt(QJsonValue(QJsonObject{}), QStringLiteral("rows")); }),
            "rows: {} is not an array");
  EXPECT_EQ(message([&] { (void)boolAt(QJsonValue(1), QStringLiteral("in_seed")); }),
            "in_seed: 1 is not true or false");
  EXPECT_EQ(numberAt(QJsonValue(2.5), at), 2.5);
  EXPECT_EQ(keyPath(QStringLiteral("params"), QStringLiteral("a\nb")), "params.\"a\\nb\"");
  EXPECT_EQ(jsonWholeNumber(QJsonValue(512.0)), 512);
  EXPECT_FALSE(jsonWholeNumber(QJsonValue(2.5)).has_value());
}

}  // namespace
}  // namespace posenc::ui
