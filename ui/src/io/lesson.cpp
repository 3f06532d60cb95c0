// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/io/lesson.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <new>
#include <string>
#include <utility>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QRegularExpression>
#include <QStringList>
#include <QtGlobal>

#include "posenc/base/scheme.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/view_layouts.h"
#include "posenc_ui/io/json_reader.h"

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

/// Refuses any key of `object` not in `known` (a misspelt "parmas" would otherwise be
/// silently ignored and the step would show the defaults).
void checkKeys(const QJsonObject& object, const QStringList& known, const QString& where) {
  for (auto it = object.begin(); it != object.end(); ++it)
    if (!known.contains(it.key()))
      refuse(where.isEmpty() ? jsonText(it.key()) : keyPath(where, it.key()),
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

/// Refuses `html` at `where` unless it is a simple HTML fragment: text, the tags of kTags
/// without attributes (each closed, properly nested; <br> and <br/> stand alone) and
/// entities (&lt; &amp; &#8804; ...).
void checkHtml(const QString& html, const QString& where) {
  static const QStringList kTags = {QStringLiteral("b"),    QStringLiteral("i"),
                                    QStringLiteral("em"),   QStringLiteral("strong"),
                                    QStringLiteral("sub"),  QStringLiteral("sup"),
                                    QStringLiteral("code"), QStringLiteral("p")};
  static const QRegularExpression entity(
      QStringLiteral("^&(#[0-9]{1,7}|#x[0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"));
  QStringList open;
  qsizetype k = 0;
  while (k < html.size()) {
    const QChar c = html[k];
    if (c == QLatin1Char('&')) {
      const auto m = entity.match(html.mid(k, 40));
      if (!m.hasMatch())
        refuse(where,
               QStringLiteral(
                   "a '&' at character %1 does not start an entity (write &amp; for an ampersand)")
                   .arg(k + 1));
      k += m.capturedLength();
      continue;
    }
    if (c != QLatin1Char('<')) {
      ++k;
      continue;
    }
    const qsizetype end = html.indexOf(QLatin1Char('>'), k);
    if (end < 0)
      refuse(where,
             QStringLiteral(
                 "a '<' at character %1 does not start a tag (write &lt; for a less-than sign)")
                 .arg(k + 1));
    QString tag = html.mid(k + 1, end - k - 1);
    const bool closing = tag.startsWith(QLatin1Char('/'));
    if (closing) tag.remove(0, 1);
    const bool selfClosing = !closing && tag.endsWith(QLatin1Char('/'));
    if (selfClosing) tag.chop(1);
    if (selfClosing && tag.endsWith(QLatin1Char(' '))) tag.chop(1);  // <br />
    if (tag == QLatin1String("br")) {
      if (closing) refuse(where, QStringLiteral("</br> is not a tag (write <br>)"));
    } else if (!kTags.contains(tag)) {
      const QString shown = html.mid(k, std::min<qsizetype>(end - k + 1, 40));
      refuse(where,
             QStringLiteral("%1 at character %2 is not allowed (tags: <%3> and <br>, without "
                            "attributes; write &lt; for a less-than sign)")
                 .arg(shown)
                 .arg(k + 1)
                 .arg(kTags.join(QStringLiteral(">, <"))));
    } else if (selfClosing) {
      refuse(where, QStringLiteral("<%1/> is not allowed (write <%1>...</%1>)").arg(tag));
    } else if (closing) {
      if (open.isEmpty())
        refuse(where, QStringLiteral("</%1> at character %2 closes nothing").arg(tag).arg(k + 1));
      if (open.last() != tag)
        refuse(where, QStringLiteral("</%1> at character %2 closes <%3>")
                          .arg(tag)
                          .arg(k + 1)
                          .arg(open.last()));
      open.removeLast();
    } else {
      if (open.size() >= 16) refuse(where, QStringLiteral("tags nested more than 16 deep"));
      open << tag;
    }
    k = end + 1;
  }
  if (!open.isEmpty()) refuse(where, QStringLiteral("<%1> is not closed").arg(open.last()));
}

enum class TextKind { Plain, Html };

/// {"en": "...", "zh_CN": "...", ...}: both languages the app ships present and non-empty.
LocalizedText readText(const QJsonObject& parent, const QString& key, const QString& where,
                       TextKind kind, int maxLength) {
  const QString part = joinPart(where, key);
  const QJsonValue value = parent.value(key);
  const QString shape = QStringLiteral("{\"en\": \"...\", \"zh_CN\": \"...\"}");
  if (value.isUndefined()) refuse(part, QStringLiteral("missing (must be %1)").arg(shape));
  if (!value.isObject())
    refuse(part, QStringLiteral("must be %1, not %2").arg(shape, jsonTypeName(value)));
  const QJsonObject object = value.toObject();
  if (object.size() > kMaxLanguages)
    refuse(part, QStringLiteral("%1 languages; at most %2").arg(object.size()).arg(kMaxLanguages));
  LocalizedText out;
  for (auto it = object.begin(); it != object.end(); ++it) {
    const QString language = it.key();
    const QString at = part + QLatin1Char('.') + language;
    if (!isLanguageCode(language))
      refuse(part, QStringLiteral("%1 is not a language code (e.g. \"en\", \"zh_CN\")")
                       .arg(jsonText(language)));
    if (!it.value().isString())
      refuse(at, QStringLiteral("must be a string, not ") + jsonTypeName(it.value()));
    const QString text = it.value().toString();
    if (text.size() > maxLength)
      refuse(at, QStringLiteral("%1 characters; at most %2").arg(text.size()).arg(maxLength));
    if (kind == TextKind::Plain &&
        (text.contains(QLatin1Char('<')) || text.contains(QLatin1Char('\n'))))
      refuse(at, QStringLiteral("must be plain text on one line (no '<', no line break)"));
    if (kind == TextKind::Html) checkHtml(text, at);
    out.texts.insert(language, text);
  }
  for (const char* required : {"en", "zh_CN"}) {
    const QString language = QLatin1String(required);
    if (!out.texts.contains(language))
      refuse(part + QLatin1Char('.') + language,
             QStringLiteral(
                 "missing (every text needs English \"en\" and Simplified Chinese \"zh_CN\")"));
    if (out.texts.value(language).trimmed().isEmpty())
      refuse(part + QLatin1Char('.') + language, QStringLiteral("empty"));
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
  if (step.contains(QStringLiteral("scheme")))
    preset.insert(QStringLiteral("scheme"), step.value(QStringLiteral("scheme")));
  if (step.contains(QStringLiteral("params")))
    preset.insert(QStringLiteral("params"), step.value(QStringLiteral("params")));
  try {
    return readSession(QJsonDocument(preset).toJson(QJsonDocument::Compact));
  } catch (const ReadError& e) {
    throw e.within(where);
  }
}

const ViewSpec& readView(const Scheme& scheme, const QJsonValue& value, const QString& part) {
  if (value.isUndefined())
    refuse(part, QStringLiteral("missing (a view id of %1)").arg(qs(scheme.info().id)));
  if (!value.isString())
    refuse(part, QStringLiteral("must be a view id, not ") + jsonTypeName(value));
  try {
    return findView(scheme, value.toString().toStdString());
  } catch (const ParamError& e) {
    refuse(part, QStringLiteral("%1 must be %2").arg(jsonText(value), qs(e.allowed())));
  }
}

LessonCell readHighlight(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                         const QJsonValue& value, const QString& part) {
  if (!value.isObject())
    refuse(part, QStringLiteral("must be {\"row\": r, \"col\": c}, not ") + jsonTypeName(value));
  const QJsonObject object = value.toObject();
  checkKeys(object, {QStringLiteral("row"), QStringLiteral("col")}, part);
  if (view.kind != ViewKind::Matrix)
    refuse(part,
           QStringLiteral("points at a heatmap cell, but view %1 is a chart").arg(qs(view.id)));
  MatrixShape shape;
  try {
    shape = scheme.shape(params, view.id);
  } catch (const ParamError& e) {
    refuse(part, QString::fromUtf8(e.what()));
  }
  const auto coordinate = [&](const char* key, Index size) -> Index {
    const QString at = part + QLatin1Char('.') + QLatin1String(key);
    const QJsonValue v = object.value(QLatin1String(key));
    const auto whole = jsonWholeNumber(v);
    if (!whole || *whole < 0 || *whole >= size)
      refuse(at, QStringLiteral("%1 must be a whole number from 0 to %2 (the view has %3 %4)")
                     .arg(v.isUndefined() ? QStringLiteral("missing") : jsonText(v))
                     .arg(size - 1)
                     .arg(size)
                     .arg(QLatin1String(key) == QLatin1String("row") ? QStringLiteral("rows")
                                                                     : QStringLiteral("columns")));
    return static_cast<Index>(*whole);
  };
  LessonCell cell;
  cell.row = coordinate("row", shape.rows);
  cell.col = coordinate("col", shape.cols);
  return cell;
}

LessonStep readStep(const QJsonValue& value, int number) {
  const QString where = QStringLiteral("step %1").arg(number);
  if (!value.isObject())
    refuse(where, QStringLiteral("must be an object, not ") + jsonTypeName(value));
  const QJsonObject object = value.toObject();
  static const QStringList known = {QStringLiteral("title"),  QStringLiteral("text"),
                                    QStringLiteral("scheme"), QStringLiteral("params"),
                                    QStringLiteral("view"),   QStringLiteral("layout"),
                                    QStringLiteral("views"),  QStringLiteral("highlight"),
                                    QStringLiteral("comment")};
  for (auto it = object.begin(); it != object.end(); ++it)
    if (!known.contains(it.key()))
      refuse(joinPart(where, shownKey(it.key())),
             QStringLiteral("unknown field (known: %1)").arg(known.join(QStringLiteral(", "))));

  LessonStep step;
  step.title =
      readText(object, QStringLiteral("title"), where, TextKind::Plain, kMaxLessonTitleLength);
  step.text = readText(object, QStringLiteral("text"), where, TextKind::Html, kMaxLessonTextLength);
  step.session = readSchemeAndParams(object, where);
  const Scheme& scheme = findScheme(step.session.scheme.toStdString());

  const ViewSpec& view = readView(scheme, object.value(QStringLiteral("view")),
                                  joinPart(where, QStringLiteral("view")));
  step.session.view = qs(view.id);

  const QString layoutPart = joinPart(where, QStringLiteral("layout"));
  if (object.contains(QStringLiteral("layout"))) {
    const QJsonValue layout = object.value(QStringLiteral("layout"));
    if (!layout.isString() || !viewLayoutIds().contains(layout.toString()))
      refuse(layoutPart, QStringLiteral("%1 is not a layout (%2)")
                             .arg(jsonText(layout), viewLayoutIds().join(QStringLiteral(", "))));
    step.session.layout = layout.toString();
  }

  const QString viewsPart = joinPart(where, QStringLiteral("views"));
  const bool grid = step.session.layout != QLatin1String("tabs");
  const int cells = viewLayoutCells(step.session.layout);
  if (!grid && object.contains(QStringLiteral("views")))
    refuse(viewsPart,
           QStringLiteral("only a grid layout (grid1, grid2, grid4) shows several views; "
                          "this step's layout is tabs"));
  if (grid) {
    const QJsonValue views = object.value(QStringLiteral("views"));
    if (!views.isArray() || views.toArray().size() != cells)
      refuse(viewsPart,
             QStringLiteral("layout %1 needs %2 view id(s), one per cell, the first "
                            "being the step's view; not %3")
                 .arg(step.session.layout)
                 .arg(cells)
                 .arg(views.isUndefined() ? QStringLiteral("missing") : jsonText(views)));
    const QJsonArray list = views.toArray();
    for (int k = 0; k < cells; ++k)
      step.session.gridViews << qs(
          readView(scheme, list[k], viewsPart + QStringLiteral("[%1]").arg(k)).id);
    if (step.session.gridViews.front() != step.session.view)
      refuse(viewsPart + QStringLiteral("[0]"),
             QStringLiteral(
                 "\"%1\" must be the step's view \"%2\" (cell 1 is the view the text and "
                 "the highlight are about)")
                 .arg(step.session.gridViews.front(), step.session.view));
  }

  if (object.contains(QStringLiteral("highlight")))
    step.highlight =
        readHighlight(scheme, step.session.params, view, object.value(QStringLiteral("highlight")),
                      joinPart(where, QStringLiteral("highlight")));

  if (object.contains(QStringLiteral("comment")) &&
      !object.value(QStringLiteral("comment")).isString())
    refuse(joinPart(where, QStringLiteral("comment")), QStringLiteral("must be a string"));
  return step;
}

// ---- document -----------------------------------------------------------------------------

/// What the one JSON reader checks of a lesson before readDocument sees it.
const JsonFormat& lessonFormat() {
  static const JsonFormat format{
      QStringLiteral("lesson"),
      {QLatin1String(kLessonFormat)},
      kLessonVersion,
      QStringLiteral("lesson version"),
      kMaxLessonBytes,
      {{QStringLiteral("posenc-session"), QStringLiteral("open it as a session")},
       {QStringLiteral("posenc-preset"), QStringLiteral("open it as a session")}}};
  return format;
}

QString readId(const QJsonObject& root) {
  static const QRegularExpression re(QStringLiteral("^[a-z0-9]+(-[a-z0-9]+)*$"));
  const QJsonValue value = root.value(QStringLiteral("id"));
  if (!value.isString() || value.toString().size() > kMaxIdLength ||
      !re.match(value.toString()).hasMatch())
    refuse(QStringLiteral("id"),
           QStringLiteral("%1 must be lowercase letters and digits joined by '-', "
                          "at most %2 characters (e.g. \"rope-basics\")")
               .arg(value.isUndefined() ? QStringLiteral("missing") : jsonText(value))
               .arg(kMaxIdLength));
  return value.toString();
}

Lesson readDocument(const QByteArray& bytes) {
  const QJsonObject root = readJsonDocument(bytes, lessonFormat()).root;
  checkKeys(root,
            {QStringLiteral("format"), QStringLiteral("version"), QStringLiteral("id"),
             QStringLiteral("title"), QStringLiteral("summary"), QStringLiteral("steps"),
             QStringLiteral("comment")},
            QString());
  Lesson lesson;
  lesson.id = readId(root);
  lesson.title =
      readText(root, QStringLiteral("title"), QString(), TextKind::Plain, kMaxLessonTitleLength);
  lesson.summary =
      readText(root, QStringLiteral("summary"), QString(), TextKind::Html, kMaxLessonTextLength);
  const QJsonValue steps = root.value(QStringLiteral("steps"));
  if (!steps.isArray() || steps.toArray().isEmpty())
    refuse(QStringLiteral("steps"),
           QStringLiteral("must be a non-empty array of steps, not ") +
               (steps.isArray() ? QStringLiteral("an empty one") : jsonTypeName(steps)));
  const QJsonArray list = steps.toArray();
  if (list.size() > kMaxLessonSteps)
    refuse(
        QStringLiteral("steps"),
        QStringLiteral("%1 steps; a lesson has at most %2").arg(list.size()).arg(kMaxLessonSteps));
  for (qsizetype k = 0; k < list.size(); ++k)
    lesson.steps << readStep(list[k], static_cast<int>(k) + 1);
  return lesson;
}

void ensureLessonResources() {
  static std::once_flag once;
  std::call_once(once, [] { initLessonResources(); });
}

}  // namespace

namespace {

/// The subscript (`sub`) or superscript form of `c`, or a null QChar when Unicode has none.
QChar scriptForm(QChar c, bool sub) {
  static const QString plainChars = QStringLiteral("0123456789+-\u2212=()");
  static const QString subDigits = QStringLiteral(
      "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089"
      "\u208A\u208B\u208B\u208C\u208D\u208E");
  static const QString supDigits = QStringLiteral(
      "\u2070\u00B9\u00B2\u00B3\u2074\u2075\u2076\u2077\u2078\u2079"
      "\u207A\u207B\u207B\u207C\u207D\u207E");
  static const QString subLetters = QStringLiteral("aehijklmnoprstuvxβγρφχ");
  static const QString subForms = QStringLiteral("ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ");
  static const QString supLetters = QStringLiteral("abcdefghijklmnoprstuvwxyzTθβγδφχ");
  static const QString supForms = QStringLiteral("ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᵀᶿᵝᵞᵟᵠᵡ");
  if (c == QLatin1Char(' ')) return c;
  if (const qsizetype k = plainChars.indexOf(c); k >= 0) return (sub ? subDigits : supDigits)[k];
  const QString& letters = sub ? subLetters : supLetters;
  const QString& forms = sub ? subForms : supForms;
  if (const qsizetype k = letters.indexOf(c); k >= 0) return forms[k];
  return {};
}

}  // namespace

QString nestedScriptsAsCharacters(const QString& html) {
  static const QString tags[] = {QStringLiteral("<sub>"), QStringLiteral("<sup>")};
  QString out;
  out.reserve(html.size());
  int depth = 0;  // scripts open at this point
  qsizetype k = 0;
  while (k < html.size()) {
    if (html[k] != QLatin1Char('<')) {
      out += html[k++];
      continue;
    }
    const bool opensSub = html.mid(k, 5) == tags[0];
    const bool opensSup = html.mid(k, 5) == tags[1];
    if ((opensSub || opensSup) && depth > 0) {
      const QString close = opensSub ? QStringLiteral("</sub>") : QStringLiteral("</sup>");
      const qsizetype end = html.indexOf(close, k + 5);
      const QString inner = end < 0 ? QString() : html.mid(k + 5, end - k - 5);
      QString forms;
      bool whole = end >= 0 && !inner.isEmpty();
      for (const QChar c : inner) {
        const QChar form = scriptForm(c, opensSub);
        if (form.isNull()) {
          whole = false;
          break;
        }
        forms += form;
      }
      if (whole) {
        out += forms;
        k = end + close.size();
        continue;
      }
    }
    if (opensSub || opensSup) ++depth;
    else if (html.mid(k, 6) == QLatin1String("</sub>") || html.mid(k, 6) == QLatin1String("</sup>"))
      depth = std::max(0, depth - 1);
    out += html[k++];
  }
  return out;
}

QString studentText(const QString& text) {
  QString out;
  out.reserve(text.size());
  auto superscript = [](const QString& exponent) {
    QString forms;
    for (const QChar c : exponent) {
      if (c == QLatin1Char('/')) forms += QChar(0x2044);  // fraction slash between the scripts
      else if (c == QLatin1Char('B')) forms += QChar(0x1D2E);
      else if (const QChar form = scriptForm(c, false); !form.isNull()) forms += form;
      else forms += c;
    }
    return forms;
  };
  for (qsizetype k = 0; k < text.size(); ++k) {
    const QChar c = text[k];
    if (c == QLatin1Char('`')) {
      const qsizetype end = text.indexOf(QLatin1Char('`'), k + 1);
      out += QChar(0x201C) + text.mid(k + 1, end < 0 ? -1 : end - k - 1) + QChar(0x201D);
      if (end < 0) break;
      k = end;
      continue;
    }
    if (c != QLatin1Char('^') || k + 1 >= text.size()) {
      out += c;
      continue;
    }
    const QChar open = text[k + 1];
    if (open == QLatin1Char('(') || open == QLatin1Char('{')) {
      const QChar close = open == QLatin1Char('(') ? QLatin1Char(')') : QLatin1Char('}');
      int depth = 0;
      qsizetype end = k + 1;
      for (; end < text.size(); ++end) {
        if (text[end] == open) ++depth;
        else if (text[end] == close && --depth == 0) break;
      }
      out += superscript(text.mid(k + 2, end - k - 2));
      k = end;
      continue;
    }
    qsizetype end = k + 1;  // a run of letters and digits: "std^2", "|i - j|^p"
    while (end < text.size() && (text[end].isLetterOrNumber() || text[end] == QLatin1Char('-')) &&
           !(text[end] == QLatin1Char('-') && end > k + 1))
      ++end;
    out += superscript(text.mid(k + 1, end - k - 1));
    k = end - 1;
  }
  return out;
}

namespace {

QString textIn(const LocalizedText& text, const QString& language) {
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

}  // namespace

QString lessonText(const LocalizedText& text, const QString& language) {
  // Qt's rich text draws one level of scripts: θ<sub>k</sub> inside an exponent is written θₖ.
  return nestedScriptsAsCharacters(textIn(text, language));
}

Lesson readLesson(const QByteArray& bytes) {
  try {
    return readDocument(bytes);
  } catch (const ReadError&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw ReadError(QString(), QString(), QStringLiteral("not enough memory to read this lesson"));
  } catch (const std::exception& e) {
    throw ReadError(QString(), QString(),
                    QStringLiteral("cannot read this lesson: ") + QString::fromUtf8(e.what()));
  }
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
        if (step.session.params.has(spec.id) &&
            step.session.params.get(spec.id) != spec.defaultValue)
          params.insert(qs(spec.id), all.value(qs(spec.id)));
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

Lesson readLessonFile(const QString& path) {
  const QByteArray bytes = readJsonFileBytes(path, lessonFormat());
  try {
    return readLesson(bytes);
  } catch (const ReadError& e) {
    throw e.inFile(shownPath(path));
  }
}

QList<Lesson> builtInLessons() {
  ensureLessonResources();
  static const QRegularExpression name(QStringLiteral("^[0-9]{2}-(.+)\\.json$"));
  QList<Lesson> out;
  const QDir dir(QString::fromLatin1(kLessonDir));
  const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
  for (const QString& file : files) {
    Lesson lesson;
    try {
      lesson = readLessonFile(dir.filePath(file));
    } catch (const ReadError& e) {
      qWarning("posenc: built-in lesson %s", e.what());
      continue;
    }
    const auto m = name.match(file);
    if (!m.hasMatch() || m.captured(1) != lesson.id) {
      qWarning(
          "posenc: built-in lesson %s: the file name must be NN-ID.json with ID its \"id\" (%s)",
          qPrintable(file), qPrintable(lesson.id));
      continue;
    }
    out << lesson;
  }
  return out;
}

}  // namespace posenc::ui
