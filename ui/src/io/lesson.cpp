// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/io/lesson.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <new>
#include <string>
#include <utility>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>
#include <QRegularExpression>
#include <QStringList>
#include <QVariant>
#include <QtGlobal>

#include "posenc/scheme.hpp"
#include "json_text.h"

// The built-in lessons are in resources/posenc.qrc, compiled into the static posenc_ui
// library; registering it here as well keeps ":/lessons" filled even when nothing else of
// the library has asked for the resources yet (Qt registers a resource only once).
static void initLessonResources() { Q_INIT_RESOURCE(posenc); }

namespace posenc::ui {

namespace {

constexpr const char* kLessonFormat = "posenc-lesson";
constexpr const char* kLessonDir = ":/lessons";
constexpr qsizetype kMaxLanguages = 32;
constexpr qsizetype kMaxIdLength = 64;

/// Thrown inside the reader; readLesson turns it into LessonReadResult::error.
struct LessonFailure {
  QString message;
};

[[noreturn]] void fail(const QString& message) { throw LessonFailure{message}; }

/// "PART: reason", the shape of every message about one part of the document.
[[noreturn]] void failAt(const QString& part, const QString& reason) {
  fail(part + QStringLiteral(": ") + reason);
}

QString q(const std::string& s) { return QString::fromStdString(s); }

/// A JSON value as compact JSON text (strings quoted), shortened for messages.
QString jsonText(const QJsonValue& value) {
  QString text = QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact));
  text = text.mid(1, text.size() - 2);
  if (text.size() > 64) text = text.left(61) + QStringLiteral("...");
  return text;
}

/// A key as it appears in a message: plain when it is a short identifier, else as quoted,
/// escaped and shortened JSON text (a key may hold line breaks or be huge).
QString shownKey(const QString& key) {
  static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_.-]{1,64}$"));
  return plain.match(key).hasMatch() ? key : jsonText(key);
}

/// The message on one line: control characters become '?', and it is cut at 2000 characters.
QString oneLine(QString message) {
  for (QChar& c : message)
    if (c.unicode() < 0x20 || c.unicode() == 0x7f) c = QLatin1Char('?');
  if (message.size() > 2000) message = message.left(1997) + QStringLiteral("...");
  return message;
}

using detail::typeName;
using detail::wholeNumber;

QStringList layoutIds() {
  return {QStringLiteral("tabs"), QStringLiteral("grid1"), QStringLiteral("grid2"),
          QStringLiteral("grid4")};
}

int cellsOfLayout(const QString& layout) {
  if (layout == QLatin1String("grid2")) return 2;
  if (layout == QLatin1String("grid4")) return 4;
  return 1;
}

/// Refuses any key of `object` not in `known` (a misspelt "parmas" would otherwise be
/// silently ignored and the step would show the defaults).
void checkKeys(const QJsonObject& object, const QStringList& known, const QString& where) {
  for (auto it = object.begin(); it != object.end(); ++it)
    if (!known.contains(it.key()))
      failAt(where.isEmpty() ? jsonText(it.key()) : where + QLatin1Char('.') + shownKey(it.key()),
             QStringLiteral("unknown field (known: %1)").arg(known.join(QStringLiteral(", "))));
}

QString joinPart(const QString& prefix, const QString& field) {
  return prefix.isEmpty() ? field : prefix + QStringLiteral(": ") + field;
}

// ---- texts --------------------------------------------------------------------------------

bool isLanguageCode(const QString& code) {
  static const QRegularExpression re(QStringLiteral("^[a-z]{2,3}(_([A-Z]{2}|[A-Z][a-z]{3}))?$"));
  return re.match(code).hasMatch();
}

/// Why `html` is not a simple HTML fragment, or an empty string when it is one. Allowed:
/// text, the tags of kTags without attributes (each closed, properly nested; <br> and <br/>
/// stand alone) and entities (&lt; &amp; &#8804; ...).
QString htmlProblem(const QString& html) {
  static const QStringList kTags = {QStringLiteral("b"),   QStringLiteral("i"),
                                    QStringLiteral("em"),  QStringLiteral("strong"),
                                    QStringLiteral("sub"), QStringLiteral("sup"),
                                    QStringLiteral("code"), QStringLiteral("p")};
  static const QRegularExpression entity(QStringLiteral("^&(#[0-9]{1,7}|#x[0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"));
  QStringList open;
  qsizetype k = 0;
  while (k < html.size()) {
    const QChar c = html[k];
    if (c == QLatin1Char('&')) {
      const auto m = entity.match(html.mid(k, 40));
      if (!m.hasMatch())
        return QStringLiteral("a '&' at character %1 does not start an entity (write &amp; for an ampersand)")
            .arg(k + 1);
      k += m.capturedLength();
      continue;
    }
    if (c != QLatin1Char('<')) {
      ++k;
      continue;
    }
    const qsizetype end = html.indexOf(QLatin1Char('>'), k);
    if (end < 0)
      return QStringLiteral("a '<' at character %1 does not start a tag (write &lt; for a less-than sign)")
          .arg(k + 1);
    QString tag = html.mid(k + 1, end - k - 1);
    const bool closing = tag.startsWith(QLatin1Char('/'));
    if (closing) tag.remove(0, 1);
    const bool selfClosing = !closing && tag.endsWith(QLatin1Char('/'));
    if (selfClosing) tag.chop(1);
    if (selfClosing && tag.endsWith(QLatin1Char(' '))) tag.chop(1);  // <br />
    if (tag == QLatin1String("br")) {
      if (closing) return QStringLiteral("</br> is not a tag (write <br>)");
    } else if (!kTags.contains(tag)) {
      const QString shown = html.mid(k, std::min<qsizetype>(end - k + 1, 40));
      return QStringLiteral("%1 at character %2 is not allowed (tags: <%3> and <br>, without "
                            "attributes; write &lt; for a less-than sign)")
          .arg(shown)
          .arg(k + 1)
          .arg(kTags.join(QStringLiteral(">, <")));
    } else if (selfClosing) {
      return QStringLiteral("<%1/> is not allowed (write <%1>...</%1>)").arg(tag);
    } else if (closing) {
      if (open.isEmpty() || open.last() != tag)
        return open.isEmpty()
                   ? QStringLiteral("</%1> at character %2 closes nothing").arg(tag).arg(k + 1)
                   : QStringLiteral("</%1> at character %2 closes <%3>").arg(tag).arg(k + 1).arg(open.last());
      open.removeLast();
    } else {
      if (open.size() >= 16) return QStringLiteral("tags nested more than 16 deep");
      open << tag;
    }
    k = end + 1;
  }
  if (!open.isEmpty()) return QStringLiteral("<%1> is not closed").arg(open.last());
  return {};
}

enum class TextKind { Plain, Html };

/// {"en": "...", "zh_CN": "...", ...}: both languages the app ships present and non-empty.
LocalizedText readText(const QJsonObject& parent, const QString& key, const QString& where,
                       TextKind kind, int maxLength) {
  const QString part = joinPart(where, key);
  const QJsonValue value = parent.value(key);
  const QString shape = QStringLiteral("{\"en\": \"...\", \"zh_CN\": \"...\"}");
  if (value.isUndefined()) failAt(part, QStringLiteral("missing (must be %1)").arg(shape));
  if (!value.isObject()) failAt(part, QStringLiteral("must be %1, not %2").arg(shape, typeName(value)));
  const QJsonObject object = value.toObject();
  if (object.size() > kMaxLanguages)
    failAt(part, QStringLiteral("%1 languages; at most %2").arg(object.size()).arg(kMaxLanguages));
  LocalizedText out;
  for (auto it = object.begin(); it != object.end(); ++it) {
    const QString language = it.key();
    const QString at = part + QLatin1Char('.') + language;
    if (!isLanguageCode(language))
      failAt(part, QStringLiteral("%1 is not a language code (e.g. \"en\", \"zh_CN\")").arg(jsonText(language)));
    if (!it.value().isString()) failAt(at, QStringLiteral("must be a string, not ") + typeName(it.value()));
    const QString text = it.value().toString();
    if (text.size() > maxLength)
      failAt(at, QStringLiteral("%1 characters; at most %2").arg(text.size()).arg(maxLength));
    if (kind == TextKind::Plain && (text.contains(QLatin1Char('<')) || text.contains(QLatin1Char('\n'))))
      failAt(at, QStringLiteral("must be plain text on one line (no '<', no line break)"));
    if (kind == TextKind::Html) {
      const QString problem = htmlProblem(text);
      if (!problem.isEmpty()) failAt(at, problem);
    }
    out.texts.insert(language, text);
  }
  for (const char* required : {"en", "zh_CN"}) {
    const QString language = QLatin1String(required);
    if (!out.texts.contains(language))
      failAt(part + QLatin1Char('.') + language,
             QStringLiteral("missing (every text needs English \"en\" and Simplified Chinese \"zh_CN\")"));
    if (out.texts.value(language).trimmed().isEmpty())
      failAt(part + QLatin1Char('.') + language, QStringLiteral("empty"));
  }
  return out;
}

// ---- steps --------------------------------------------------------------------------------

/// Scheme and parameters through the session reader, so a lesson step encodes and checks
/// parameters exactly as sessions and presets do (same JSON types, same core checks).
Session readSchemeAndParams(const QJsonObject& step, const QString& where) {
  QJsonObject preset;
  preset.insert(QStringLiteral("format"), QStringLiteral("posenc-preset"));
  preset.insert(QStringLiteral("version"), 1);
  if (step.contains(QStringLiteral("scheme"))) preset.insert(QStringLiteral("scheme"), step.value(QStringLiteral("scheme")));
  if (step.contains(QStringLiteral("params"))) preset.insert(QStringLiteral("params"), step.value(QStringLiteral("params")));
  try {
    return readSession(QJsonDocument(preset).toJson(QJsonDocument::Compact));
  } catch (const SessionError& e) {
    fail(where + QStringLiteral(": ") + QString::fromUtf8(e.what()));
  }
}

const ViewSpec& readView(const Scheme& scheme, const QJsonValue& value, const QString& part) {
  if (value.isUndefined()) failAt(part, QStringLiteral("missing (a view id of %1)").arg(q(scheme.info().id)));
  if (!value.isString()) failAt(part, QStringLiteral("must be a view id, not ") + typeName(value));
  try {
    return findView(scheme, value.toString().toStdString());
  } catch (const ParamError& e) {
    failAt(part, QStringLiteral("%1 must be %2").arg(jsonText(value), q(e.allowed())));
  }
}

LessonCell readHighlight(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                         const QJsonValue& value, const QString& part) {
  if (!value.isObject())
    failAt(part, QStringLiteral("must be {\"row\": r, \"col\": c}, not ") + typeName(value));
  const QJsonObject object = value.toObject();
  checkKeys(object, {QStringLiteral("row"), QStringLiteral("col")}, part);
  if (view.kind != ViewKind::Matrix)
    failAt(part, QStringLiteral("points at a heatmap cell, but view %1 is a chart").arg(q(view.id)));
  MatrixShape shape;
  try {
    shape = scheme.shape(params, view.id);
  } catch (const ParamError& e) {
    failAt(part, QString::fromUtf8(e.what()));
  }
  const auto coordinate = [&](const char* key, Index size) -> Index {
    const QString at = part + QLatin1Char('.') + QLatin1String(key);
    const QJsonValue v = object.value(QLatin1String(key));
    const auto whole = wholeNumber(v);
    if (!whole || *whole < 0 || *whole >= size)
      failAt(at, QStringLiteral("%1 must be a whole number from 0 to %2 (the view has %3 %4)")
                     .arg(v.isUndefined() ? QStringLiteral("missing") : jsonText(v))
                     .arg(size - 1)
                     .arg(size)
                     .arg(QLatin1String(key) == QLatin1String("row") ? QStringLiteral("rows") : QStringLiteral("columns")));
    return static_cast<Index>(*whole);
  };
  LessonCell cell;
  cell.row = coordinate("row", shape.rows);
  cell.col = coordinate("col", shape.cols);
  return cell;
}

LessonStep readStep(const QJsonValue& value, int number) {
  const QString where = QStringLiteral("step %1").arg(number);
  if (!value.isObject()) fail(where + QStringLiteral(": must be an object, not ") + typeName(value));
  const QJsonObject object = value.toObject();
  static const QStringList known = {QStringLiteral("title"),  QStringLiteral("text"),
                                    QStringLiteral("scheme"), QStringLiteral("params"),
                                    QStringLiteral("view"),   QStringLiteral("layout"),
                                    QStringLiteral("views"),  QStringLiteral("highlight"),
                                    QStringLiteral("comment")};
  for (auto it = object.begin(); it != object.end(); ++it)
    if (!known.contains(it.key()))
      failAt(joinPart(where, shownKey(it.key())),
             QStringLiteral("unknown field (known: %1)").arg(known.join(QStringLiteral(", "))));

  LessonStep step;
  step.title = readText(object, QStringLiteral("title"), where, TextKind::Plain, kMaxLessonTitleLength);
  step.text = readText(object, QStringLiteral("text"), where, TextKind::Html, kMaxLessonTextLength);
  step.session = readSchemeAndParams(object, where);
  const Scheme& scheme = findScheme(step.session.scheme.toStdString());

  const ViewSpec& view = readView(scheme, object.value(QStringLiteral("view")), joinPart(where, QStringLiteral("view")));
  step.session.view = q(view.id);

  const QString layoutPart = joinPart(where, QStringLiteral("layout"));
  if (object.contains(QStringLiteral("layout"))) {
    const QJsonValue layout = object.value(QStringLiteral("layout"));
    if (!layout.isString() || !layoutIds().contains(layout.toString()))
      failAt(layoutPart, QStringLiteral("%1 is not a layout (%2)")
                             .arg(jsonText(layout), layoutIds().join(QStringLiteral(", "))));
    step.session.layout = layout.toString();
  }

  const QString viewsPart = joinPart(where, QStringLiteral("views"));
  const bool grid = step.session.layout != QLatin1String("tabs");
  const int cells = cellsOfLayout(step.session.layout);
  if (!grid && object.contains(QStringLiteral("views")))
    failAt(viewsPart, QStringLiteral("only a grid layout (grid1, grid2, grid4) shows several views; "
                                     "this step's layout is tabs"));
  if (grid) {
    const QJsonValue views = object.value(QStringLiteral("views"));
    if (!views.isArray() || views.toArray().size() != cells)
      failAt(viewsPart, QStringLiteral("layout %1 needs %2 view id(s), one per cell, the first "
                                       "being the step's view; not %3")
                            .arg(step.session.layout)
                            .arg(cells)
                            .arg(views.isUndefined() ? QStringLiteral("missing") : jsonText(views)));
    const QJsonArray list = views.toArray();
    for (int k = 0; k < cells; ++k)
      step.session.gridViews << q(readView(scheme, list[k], viewsPart + QStringLiteral("[%1]").arg(k)).id);
    if (step.session.gridViews.front() != step.session.view)
      failAt(viewsPart + QStringLiteral("[0]"),
             QStringLiteral("\"%1\" must be the step's view \"%2\" (cell 1 is the view the text and "
                            "the highlight are about)")
                 .arg(step.session.gridViews.front(), step.session.view));
  }

  if (object.contains(QStringLiteral("highlight")))
    step.highlight = readHighlight(scheme, step.session.params, view, object.value(QStringLiteral("highlight")),
                                   joinPart(where, QStringLiteral("highlight")));

  if (object.contains(QStringLiteral("comment")) && !object.value(QStringLiteral("comment")).isString())
    failAt(joinPart(where, QStringLiteral("comment")), QStringLiteral("must be a string"));
  return step;
}

// ---- document -----------------------------------------------------------------------------

QJsonObject parseRoot(const QByteArray& bytes) {
  if (bytes.size() > kMaxLessonBytes)
    fail(QStringLiteral("too large for a lesson (%1 bytes; the limit is %2 bytes, 1 MiB)")
             .arg(bytes.size())
             .arg(kMaxLessonBytes));
  QJsonParseError error{};
  const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
  if (error.error != QJsonParseError::NoError)
    fail(QStringLiteral("not a PosEnc lesson: JSON error at offset %1: %2")
             .arg(error.offset)
             .arg(error.errorString()));
  if (!doc.isObject())
    fail(QStringLiteral("not a PosEnc lesson: the document is a JSON array, not an object"));
  return doc.object();
}

void checkFormat(const QJsonObject& root) {
  const QJsonValue format = root.value(QStringLiteral("format"));
  const QString expected = QStringLiteral("(expected \"%1\")").arg(QLatin1String(kLessonFormat));
  if (format.isUndefined()) fail(QStringLiteral("not a PosEnc lesson: no \"format\" field ") + expected);
  if (format.toString() == QLatin1String(kLessonFormat)) return;
  if (format.toString() == QLatin1String("posenc-session") || format.toString() == QLatin1String("posenc-preset"))
    fail(QStringLiteral("not a PosEnc lesson: this is a %1 (open it as a session) ").arg(format.toString()) +
         expected);
  fail(QStringLiteral("not a PosEnc lesson: \"format\" is %1 ").arg(jsonText(format)) + expected);
}

void checkVersion(const QJsonObject& root) {
  const QJsonValue value = root.value(QStringLiteral("version"));
  const auto version = wholeNumber(value);
  if (!version)
    failAt(QStringLiteral("version"),
           (value.isUndefined() ? QStringLiteral("missing") : jsonText(value) + QStringLiteral(" is not a whole number")) +
               QStringLiteral(" (this PosEnc Explorer reads lesson versions 1 to %1)").arg(kLessonVersion));
  if (*version > kLessonVersion)
    fail(QStringLiteral("written by a newer PosEnc Explorer (lesson version %1); this one reads up to %2")
             .arg(*version)
             .arg(kLessonVersion));
  if (*version < 1)
    failAt(QStringLiteral("version"),
           QStringLiteral("%1 is not a lesson version (1 to %2)").arg(*version).arg(kLessonVersion));
}

QString readId(const QJsonObject& root) {
  static const QRegularExpression re(QStringLiteral("^[a-z0-9]+(-[a-z0-9]+)*$"));
  const QJsonValue value = root.value(QStringLiteral("id"));
  if (!value.isString() || value.toString().size() > kMaxIdLength || !re.match(value.toString()).hasMatch())
    failAt(QStringLiteral("id"), QStringLiteral("%1 must be lowercase letters and digits joined by '-', "
                                                "at most %2 characters (e.g. \"rope-basics\")")
                                     .arg(value.isUndefined() ? QStringLiteral("missing") : jsonText(value))
                                     .arg(kMaxIdLength));
  return value.toString();
}

Lesson readDocument(const QByteArray& bytes) {
  const QJsonObject root = parseRoot(bytes);
  checkFormat(root);
  checkVersion(root);
  checkKeys(root,
            {QStringLiteral("format"), QStringLiteral("version"), QStringLiteral("id"), QStringLiteral("title"),
             QStringLiteral("summary"), QStringLiteral("steps"), QStringLiteral("comment")},
            QString());
  Lesson lesson;
  lesson.id = readId(root);
  lesson.title = readText(root, QStringLiteral("title"), QString(), TextKind::Plain, kMaxLessonTitleLength);
  lesson.summary = readText(root, QStringLiteral("summary"), QString(), TextKind::Html, kMaxLessonTextLength);
  const QJsonValue steps = root.value(QStringLiteral("steps"));
  if (!steps.isArray() || steps.toArray().isEmpty())
    failAt(QStringLiteral("steps"), QStringLiteral("must be a non-empty array of steps, not ") +
                                        (steps.isArray() ? QStringLiteral("an empty one") : typeName(steps)));
  const QJsonArray list = steps.toArray();
  if (list.size() > kMaxLessonSteps)
    failAt(QStringLiteral("steps"),
           QStringLiteral("%1 steps; a lesson has at most %2").arg(list.size()).arg(kMaxLessonSteps));
  for (qsizetype k = 0; k < list.size(); ++k) lesson.steps << readStep(list[k], static_cast<int>(k) + 1);
  return lesson;
}

void ensureResources() {
  static std::once_flag once;
  std::call_once(once, [] { initLessonResources(); });
}

}  // namespace

QString lessonText(const LocalizedText& text, const QString& language) {
  QString code = language;
  code.replace(QLatin1Char('-'), QLatin1Char('_'));
  if (const auto it = text.texts.constFind(code); it != text.texts.cend()) return *it;
  const QString bare = code.section(QLatin1Char('_'), 0, 0);
  if (const auto it = text.texts.constFind(bare); it != text.texts.cend()) return *it;
  // Another variant of the same language ("zh_TW" reads "zh_CN") before falling back.
  for (auto it = text.texts.cbegin(); it != text.texts.cend(); ++it)
    if (!bare.isEmpty() && it.key().section(QLatin1Char('_'), 0, 0) == bare) return it.value();
  return text.texts.value(QStringLiteral("en"));
}

LessonReadResult readLesson(const QByteArray& bytes) noexcept {
  LessonReadResult result;
  try {
    try {
      result.lesson = readDocument(bytes);
    } catch (const LessonFailure& e) {
      result.error = oneLine(e.message);
    } catch (const std::bad_alloc&) {
      result.error = QStringLiteral("not enough memory to read this lesson");
    } catch (const std::exception& e) {
      result.error = oneLine(QStringLiteral("cannot read this lesson: ") + QString::fromUtf8(e.what()));
    }
  } catch (...) {
    // Building the message itself failed (out of memory): report without allocating more.
    result.lesson.reset();
  }
  return result;
}

QByteArray writeLesson(const Lesson& lesson) {
  const auto text = [](const LocalizedText& t) {
    QJsonObject o;
    for (auto it = t.texts.cbegin(); it != t.texts.cend(); ++it) o.insert(it.key(), it.value());
    return o;
  };
  QJsonArray steps;
  for (const LessonStep& step : lesson.steps) {
    QJsonObject o;
    o.insert(QStringLiteral("title"), text(step.title));
    o.insert(QStringLiteral("text"), text(step.text));
    o.insert(QStringLiteral("scheme"), step.session.scheme);
    // Values in the session encoding, taken from the session writer itself.
    QJsonObject params;
    try {
      const Scheme& scheme = findScheme(step.session.scheme.toStdString());
      const QJsonObject all = QJsonDocument::fromJson(writeSession(step.session))
                                  .object()
                                  .value(QStringLiteral("params"))
                                  .toObject();
      for (const ParamSpec& spec : scheme.info().params)
        if (step.session.params.has(spec.id) && step.session.params.get(spec.id) != spec.defaultValue)
          params.insert(q(spec.id), all.value(q(spec.id)));
    } catch (const std::exception&) {
      // Not a valid step: written without parameters, so readLesson refuses or defaults it.
    }
    if (!params.isEmpty()) o.insert(QStringLiteral("params"), params);
    o.insert(QStringLiteral("view"), step.session.view);
    if (step.session.layout != QLatin1String("tabs")) {
      o.insert(QStringLiteral("layout"), step.session.layout);
      o.insert(QStringLiteral("views"), QJsonArray::fromStringList(step.session.gridViews));
    }
    if (step.highlight)
      o.insert(QStringLiteral("highlight"),
               QJsonObject{{QStringLiteral("row"), static_cast<qint64>(step.highlight->row)},
                           {QStringLiteral("col"), static_cast<qint64>(step.highlight->col)}});
    steps.append(o);
  }
  QJsonObject root;
  root.insert(QStringLiteral("format"), QLatin1String(kLessonFormat));
  root.insert(QStringLiteral("version"), kLessonVersion);
  root.insert(QStringLiteral("id"), lesson.id);
  root.insert(QStringLiteral("title"), text(lesson.title));
  root.insert(QStringLiteral("summary"), text(lesson.summary));
  root.insert(QStringLiteral("steps"), steps);
  return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

LessonReadResult readLessonFile(const QString& path) {
  const QString shown = QDir::toNativeSeparators(path);
  const auto failure = [&](const QString& reason) {
    LessonReadResult r;
    r.error = shown + QStringLiteral(": ") + reason;
    return r;
  };
  if (QFileInfo(path).isDir()) return failure(QStringLiteral("is a folder, not a lesson file"));
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return failure(QStringLiteral("cannot open: ") + file.errorString());
  // Read at most one byte past the limit: a pipe or special file reports no size.
  const QByteArray bytes = file.read(kMaxLessonBytes + 1);
  if (file.error() != QFileDevice::NoError) return failure(QStringLiteral("cannot read: ") + file.errorString());
  LessonReadResult result = readLesson(bytes);
  if (!result.ok()) {
    if (result.error.isEmpty()) result.error = QStringLiteral("cannot read this lesson");
    result.error = shown + QStringLiteral(": ") + result.error;
  }
  return result;
}

QList<Lesson> builtInLessons() {
  ensureResources();
  static const QRegularExpression name(QStringLiteral("^[0-9]{2}-(.+)\\.json$"));
  QList<Lesson> out;
  const QDir dir(QString::fromLatin1(kLessonDir));
  const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
  for (const QString& file : files) {
    const LessonReadResult r = readLessonFile(dir.filePath(file));
    if (!r.ok()) {
      qWarning("posenc: built-in lesson %s", qPrintable(r.error));
      continue;
    }
    const auto m = name.match(file);
    if (!m.hasMatch() || m.captured(1) != r.lesson->id) {
      qWarning("posenc: built-in lesson %s: the file name must be NN-ID.json with ID its \"id\" (%s)",
               qPrintable(file), qPrintable(r.lesson->id));
      continue;
    }
    out << *r.lesson;
  }
  return out;
}

}  // namespace posenc::ui
