// SPDX-License-Identifier: GPL-3.0-or-later
// Lessons: every built-in lesson loads and every step of it can be drawn; the reader refuses
// broken files with a reason naming the step and field; the panel steps through a lesson.
#include "posenc_ui/io/lesson.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QUrl>
#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "posenc_ui/panels/lesson_panel.h"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

std::string s(const QString& text) { return text.toStdString(); }

/// What reading gave, as the tests check it: the lesson, or the ReadError's message. Any other
/// exception escapes and fails the test (the reader throws ReadError and nothing else).
struct Read {
  std::optional<Lesson> lesson;
  QString error;
  [[nodiscard]] bool ok() const { return lesson.has_value(); }
};

template <typename Reader>
Read attempt(Reader reader) {
  try {
    return {reader(), QString()};
  } catch (const ReadError& e) {
    return {std::nullopt, QString::fromUtf8(e.what())};
  }
}

Read readBytes(const QByteArray& bytes) {
  return attempt([&] { return readLesson(bytes); });
}
Read readFile(const QString& path) {
  return attempt([&] { return readLessonFile(path); });
}

bool hasChinese(const QString& text) {
  return std::any_of(text.begin(), text.end(),
                     [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}

/// The raw JSON of every built-in lesson file, by file name.
QMap<QString, QJsonObject> builtInFiles() {
  (void)builtInLessons();  // registers the resources
  QMap<QString, QJsonObject> out;
  const QDir dir(QStringLiteral(":/lessons"));
  for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
    QFile file(dir.filePath(name));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << s(name);
    out.insert(name, QJsonDocument::fromJson(file.readAll()).object());
  }
  return out;
}

const Lesson* lessonById(const QList<Lesson>& lessons, const QString& id) {
  for (const Lesson& l : lessons)
    if (l.id == id) return &l;
  return nullptr;
}

/// Draws view `viewId` of a step the way the window would: the whole matrix sampled to a
/// small grid plus an exact corner (or the whole series). Fails the test on any error, or when
/// nothing finite comes out.
void expectDrawable(const Scheme& scheme, const ParamSet& params, const std::string& viewId) {
  SCOPED_TRACE("view " + viewId);
  const ViewSpec& view = findView(scheme, viewId);
  try {
    if (view.kind == ViewKind::Matrix) {
      const MatrixResult sampled =
          computeMatrix(scheme, params, viewId, Region{.maxRows = 24, .maxCols = 24});
      const MatrixResult corner = computeMatrix(scheme, params, viewId, Region{.r1 = 6, .c1 = 6});
      for (const MatrixResult* r : {&sampled, &corner}) {
        ASSERT_GT(r->values.size(), 0);
        const double* v = r->values.data();
        const bool anyFinite =
            std::any_of(v, v + r->values.size(), [](double x) { return std::isfinite(x); });
        const bool noInf =
            std::none_of(v, v + r->values.size(), [](double x) { return std::isinf(x); });
        EXPECT_TRUE(anyFinite);
        EXPECT_TRUE(noInf);
      }
    } else {
      const SeriesResult series = scheme.series(params, viewId);
      ASSERT_FALSE(series.x.empty());
      ASSERT_FALSE(series.curves.empty());
      bool anyFinite = false;
      for (const Curve& c : series.curves) {
        EXPECT_EQ(c.y.size(), series.x.size()) << c.name;
        anyFinite = anyFinite ||
                    std::any_of(c.y.begin(), c.y.end(), [](double y) { return std::isfinite(y); });
      }
      EXPECT_TRUE(anyFinite);
    }
  } catch (const std::exception& e) {
    ADD_FAILURE() << "cannot draw: " << e.what();
  }
}

// ---- built-in lessons ---------------------------------------------------------------------

TEST(Lesson, EveryBuiltInFileLoads) {
  const QMap<QString, QJsonObject> files = builtInFiles();
  ASSERT_GE(files.size(), 9);
  for (auto it = files.begin(); it != files.end(); ++it) {
    QFile file(QStringLiteral(":/lessons/") + it.key());
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const Read r = readBytes(file.readAll());
    EXPECT_TRUE(r.ok()) << s(it.key()) << ": " << s(r.error);
  }
  // None left out (a file whose id does not match its name would be).
  EXPECT_EQ(builtInLessons().size(), files.size());
}

TEST(Lesson, TheNineRequiredTopicsArePresentInOrder) {
  const QList<Lesson> lessons = builtInLessons();
  const QStringList required = {"why-position", "sinusoidal",     "learned",
                                "t5-buckets",   "transformer-xl", "rope",
                                "alibi",        "tupe",           "long-context"};
  QStringList ids;
  for (const Lesson& l : lessons) ids << l.id;
  for (const QString& id : required) EXPECT_TRUE(ids.contains(id)) << s(id);
  EXPECT_EQ(ids.mid(0, required.size()), required) << s(ids.join(", "));
}

TEST(Lesson, TheReadmeCountsTheBuiltInLessons) {
  // Issue 26 item 19: the README said nine lessons are built in where there are eleven.
  const QStringList words = {"No",     "One",      "Two",      "Three",   "Four",   "Five",
                             "Six",    "Seven",    "Eight",    "Nine",    "Ten",    "Eleven",
                             "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen"};
  const auto count = builtInLessons().size();
  ASSERT_LT(count, words.size());
  for (const char* file : {"/README.md", "/resources/guide/guide_en.md"}) {
    QFile readme(QStringLiteral(POSENC_SOURCE_DIR) + QLatin1String(file));
    ASSERT_TRUE(readme.open(QIODevice::ReadOnly)) << file;
    const QString text = QString::fromUtf8(readme.readAll());
    const QRegularExpression said(QStringLiteral("(\\w+) lessons are built in"));
    const QRegularExpressionMatch m = said.match(text);
    ASSERT_TRUE(m.hasMatch()) << file;
    EXPECT_EQ(m.captured(1), words[count]) << file << ": " << count << " lessons in resources";
  }
  const QStringList chinese = {"零", "一", "二",   "三",   "四",   "五",   "六",   "七",  "八",
                               "九", "十", "十一", "十二", "十三", "十四", "十五", "十六"};
  QFile guide(QStringLiteral(POSENC_SOURCE_DIR "/resources/guide/guide_zh_CN.md"));
  ASSERT_TRUE(guide.open(QIODevice::ReadOnly));
  const QRegularExpression said(QStringLiteral("内置(\\S+?)节课程"));
  const QRegularExpressionMatch m = said.match(QString::fromUtf8(guide.readAll()));
  ASSERT_TRUE(m.hasMatch());
  EXPECT_EQ(m.captured(1), chinese[count]);
}

TEST(Lesson, EveryBuiltInLessonHasFourToEightStepsInBothLanguages) {
  for (const Lesson& lesson : builtInLessons()) {
    SCOPED_TRACE(s(lesson.id));
    EXPECT_GE(lesson.steps.size(), 4);
    EXPECT_LE(lesson.steps.size(), 8);
    const auto check = [](const LocalizedText& t, const char* what) {
      const QString en = t.texts.value("en"), zh = t.texts.value("zh_CN");
      EXPECT_FALSE(en.trimmed().isEmpty()) << what;
      EXPECT_FALSE(zh.trimmed().isEmpty()) << what;
      EXPECT_TRUE(hasChinese(zh)) << what << ": the zh_CN text is not Chinese: " << s(zh);
      EXPECT_NE(en, zh) << what;
    };
    check(lesson.title, "title");
    check(lesson.summary, "summary");
    for (int k = 0; k < lesson.steps.size(); ++k) {
      SCOPED_TRACE("step " + std::to_string(k + 1));
      check(lesson.steps[k].title, "step title");
      check(lesson.steps[k].text, "step text");
    }
  }
}

TEST(Lesson, EveryStepOfEveryBuiltInLessonApplies) {
  int steps = 0;
  for (const Lesson& lesson : builtInLessons()) {
    for (int k = 0; k < lesson.steps.size(); ++k) {
      const LessonStep& step = lesson.steps[k];
      SCOPED_TRACE(s(lesson.id) + " step " + std::to_string(k + 1));
      const Scheme& scheme = findScheme(s(step.session.scheme));
      // The parameter set is complete and valid, and rebuilding it from its text form (as the
      // command line would) gives the same values.
      ASSERT_NO_THROW(validateParams(scheme, step.session.params));
      std::vector<std::pair<std::string, std::string>> sets;
      for (const auto& [key, value] : step.session.params.items())
        sets.emplace_back(key, formatValue(value));
      EXPECT_EQ(makeParams(scheme, sets), step.session.params);

      QStringList views =
          step.session.layout == "tabs" ? QStringList{step.session.view} : step.session.gridViews;
      for (const QString& v : views) expectDrawable(scheme, step.session.params, s(v));

      if (step.highlight) {
        const Index r = step.highlight->row, c = step.highlight->col;
        const MatrixResult cell = computeMatrix(scheme, step.session.params, s(step.session.view),
                                                Region{.r0 = r, .r1 = r + 1, .c0 = c, .c1 = c + 1});
        EXPECT_TRUE(std::isfinite(cell.values(0, 0))) << "the highlight points at a masked cell";
      }
      // The window can save what a step shows.
      EXPECT_NO_THROW((void)readSession(writeSession(step.session)));
      ++steps;
    }
  }
  EXPECT_GE(steps, 9 * 4);
}

TEST(Lesson, BuiltInStepsWriteOnlyParametersThatDifferFromTheDefaults) {
  const QMap<QString, QJsonObject> files = builtInFiles();
  for (auto it = files.begin(); it != files.end(); ++it) {
    const QJsonArray steps = it.value()["steps"].toArray();
    for (qsizetype k = 0; k < steps.size(); ++k) {
      const QJsonObject step = steps[k].toObject();
      const Scheme& scheme = findScheme(s(step["scheme"].toString()));
      const QJsonObject params = step["params"].toObject();
      for (auto p = params.begin(); p != params.end(); ++p) {
        const ParamSpec& spec = findParam(scheme, s(p.key()));
        const Value def = spec.defaultValue;
        const QJsonValue v = p.value();
        const bool same =
            (spec.type == ParamType::Int && v.toInteger() == std::get<std::int64_t>(def)) ||
            (spec.type == ParamType::Real && v.toDouble() == std::get<double>(def)) ||
            (spec.type == ParamType::Bool && v.toBool() == std::get<bool>(def)) ||
            (spec.type == ParamType::Choice && s(v.toString()) == std::get<std::string>(def));
        EXPECT_FALSE(same) << s(it.key()) << " step " << k + 1 << ": " << s(p.key())
                           << " is the default";
      }
    }
  }
}

/// True when some step of `lesson` shows `view` of `scheme` (as its view or a grid cell) and
/// its parameters satisfy `pred`.
template <typename Pred>
bool shows(const Lesson& lesson, const char* scheme, const char* view, Pred pred) {
  return std::any_of(lesson.steps.begin(), lesson.steps.end(), [&](const LessonStep& st) {
    return st.session.scheme == scheme &&
           (st.session.view == view || st.session.gridViews.contains(view)) &&
           pred(st.session.params);
  });
}
bool shows(const Lesson& lesson, const char* scheme, const char* view) {
  return shows(lesson, scheme, view, [](const ParamSet&) { return true; });
}

// The brief of each topic, as pictures the lesson must contain.
TEST(Lesson, EachTopicShowsThePicturesItIsAbout) {
  const QList<Lesson> all = builtInLessons();
  const auto get = [&](const char* id) -> const Lesson& {
    const Lesson* l = lessonById(all, id);
    if (!l) throw std::runtime_error(std::string("missing lesson ") + id);
    return *l;
  };
  const Lesson& why = get("why-position");
  EXPECT_TRUE(shows(why, "tupe", "cc"));  // content-only scores
  EXPECT_TRUE(shows(why, "sinusoidal", "similarity"));

  const Lesson& sin = get("sinusoidal");
  for (const char* v : {"encoding", "wavelengths", "bands", "similarity", "shift"})
    EXPECT_TRUE(shows(sin, "sinusoidal", v)) << v;

  const Lesson& learned = get("learned");
  for (const char* rule : {"error", "clamp", "repeat"})
    EXPECT_TRUE(shows(learned, "learned", "similarity", [&](const ParamSet& p) {
      return p.getChoice("overflow") == rule &&
             (std::string(rule) == "error" || p.getInt("length") > p.getInt("max_len"));
    })) << rule;

  const Lesson& t5 = get("t5-buckets");
  for (const char* v : {"bucket_map", "buckets", "bias"}) EXPECT_TRUE(shows(t5, "t5", v)) << v;
  EXPECT_TRUE(
      shows(t5, "t5", "buckets", [](const ParamSet& p) { return !p.getBool("bidirectional"); }));

  const Lesson& xl = get("transformer-xl");
  for (const char* v : {"a", "b", "c", "d", "scores", "memory"})
    EXPECT_TRUE(shows(xl, "xl", v)) << v;
  EXPECT_TRUE(shows(xl, "xl", "mask", [](const ParamSet& p) { return p.getInt("mlen") > 0; }));

  const Lesson& rope = get("rope");
  for (const char* v : {"rotation", "angles", "scores", "invariance", "decay"})
    EXPECT_TRUE(shows(rope, "rope", v)) << v;

  const Lesson& alibi = get("alibi");
  EXPECT_TRUE(shows(alibi, "alibi", "slopes"));
  EXPECT_TRUE(
      shows(alibi, "alibi", "bias", [](const ParamSet& p) { return p.getInt("length") >= 4096; }));

  const Lesson& tupe = get("tupe");
  EXPECT_TRUE(shows(tupe, "tupe", "cp",
                    [](const ParamSet& p) { return p.getChoice("variant") == "tied"; }));
  EXPECT_TRUE(shows(tupe, "tupe", "cp",
                    [](const ParamSet& p) { return p.getChoice("variant") == "tupe-a"; }));
  EXPECT_TRUE(shows(tupe, "tupe", "pp", [](const ParamSet& p) { return p.getBool("untie_cls"); }));

  const Lesson& longer = get("long-context");
  for (const char* scaling : {"none", "linear", "ntk", "dynamic"})
    EXPECT_TRUE(shows(longer, "rope", "frequencies", [&](const ParamSet& p) {
      return p.getChoice("scaling") == scaling && p.getInt("length") > p.getInt("train_length");
    })) << scaling;
  EXPECT_TRUE(
      shows(longer, "alibi", "bias", [](const ParamSet& p) { return p.getInt("length") >= 8192; }));
  EXPECT_TRUE(shows(longer, "t5", "bucket_map", [](const ParamSet& p) {
    return p.getInt("length") > 4 * p.getInt("max_distance");
  }));
  EXPECT_TRUE(shows(longer, "learned", "similarity", [](const ParamSet& p) {
    return p.getChoice("overflow") == "repeat" && p.getInt("length") > p.getInt("max_len");
  }));
}

// ---- reader ---------------------------------------------------------------------------------

/// A small valid lesson to break in the tests below.
QJsonObject validLesson() {
  const auto text = [](const char* en, const char* zh) {
    return QJsonObject{{"en", en}, {"zh_CN", QString::fromUtf8(zh)}};
  };
  QJsonObject step1{{"title", text("Scores", "分数")},
                    {"text", text("The score depends on <i>m</i> − n.", "分数只取决于 m − n。")},
                    {"scheme", "rope"},
                    {"params", QJsonObject{{"length", 32}, {"layout", "interleaved"}}},
                    {"view", "scores"},
                    {"highlight", QJsonObject{{"row", 3}, {"col", 31}}}};
  QJsonObject step2{{"title", text("Bias", "偏置")},
                    {"text", text("Slopes and bias.", "斜率与偏置。")},
                    {"scheme", "alibi"},
                    {"params", QJsonObject{{"heads", 12}, {"head", 11}, {"causal", false}}},
                    {"view", "bias"},
                    {"layout", "grid2"},
                    {"views", QJsonArray{"bias", "slopes"}}};
  return {{"format", "posenc-lesson"},
          {"version", 1},
          {"id", "test-lesson"},
          {"title", text("Test", "测试")},
          {"summary", text("A test.", "一个测试。")},
          {"steps", QJsonArray{step1, step2}}};
}

QByteArray bytesOf(const QJsonObject& o) { return QJsonDocument(o).toJson(QJsonDocument::Compact); }

/// `lesson` with steps[k][key] = value (QJsonValue::Undefined: the key removed).
QJsonObject withStepField(QJsonObject lesson, int k, const QString& key, const QJsonValue& value) {
  QJsonArray steps = lesson["steps"].toArray();
  QJsonObject step = steps[k].toObject();
  if (value.isUndefined()) step.remove(key);
  else step[key] = value;
  steps[k] = step;
  lesson["steps"] = steps;
  return lesson;
}

std::string refusal(const QByteArray& bytes) {
  const Read r = readBytes(bytes);
  return r.ok() ? "(accepted)" : s(r.error);
}

TEST(LessonReader, ReadsAValidLessonIntoSessions) {
  const Read r = readBytes(bytesOf(validLesson()));
  ASSERT_TRUE(r.ok()) << s(r.error);
  const Lesson& l = *r.lesson;
  EXPECT_EQ(l.id, "test-lesson");
  EXPECT_EQ(lessonText(l.title, "zh_CN"), QString::fromUtf8("测试"));
  ASSERT_EQ(l.steps.size(), 2);

  const LessonStep& a = l.steps[0];
  EXPECT_EQ(a.session.scheme, "rope");
  EXPECT_EQ(a.session.view, "scores");
  EXPECT_EQ(a.session.layout, "tabs");
  EXPECT_TRUE(a.session.gridViews.isEmpty());
  EXPECT_EQ(a.session.params,
            makeParams(findScheme("rope"), {{"length", "32"}, {"layout", "interleaved"}}));
  ASSERT_TRUE(a.highlight.has_value());
  EXPECT_EQ(*a.highlight, (LessonCell{3, 31}));
  EXPECT_TRUE(a.session.colormap.isEmpty());
  EXPECT_FALSE(a.session.zoom.has_value());

  const LessonStep& b = l.steps[1];
  EXPECT_EQ(b.session.scheme, "alibi");
  EXPECT_EQ(b.session.layout, "grid2");
  EXPECT_EQ(b.session.gridViews, (QStringList{"bias", "slopes"}));
  EXPECT_EQ(b.session.params.getInt("heads"), 12);
  EXPECT_EQ(b.session.params.getInt("head"), 11);
  EXPECT_FALSE(b.session.params.getBool("causal"));
  EXPECT_EQ(b.session.params.getInt("length"), 128);  // default
  EXPECT_FALSE(b.highlight.has_value());
  EXPECT_EQ(lessonText(b.text, "en"), "Slopes and bias.");
}

TEST(LessonReader, RefusesWithAReasonNamingTheStepAndField) {
  const QJsonObject good = validLesson();
  QJsonObject future = good;
  future["version"] = 2;
  QJsonObject noZh = good;
  noZh["title"] = QJsonObject{{"en", "Only English"}};
  QJsonObject sessionFile{{"format", "posenc-session"}, {"version", 1}, {"scheme", "rope"}};
  QJsonObject typo = good;
  typo["stpes"] = QJsonArray{};

  struct Case {
    QByteArray bytes;
    std::string reason;
  };
  const std::vector<Case> cases = {
      {"", "not a PosEnc lesson: JSON error at offset 0"},
      {"{\"format\": \"posenc-lesson\", ", "not a PosEnc lesson: JSON error at offset"},
      {"[1, 2]", "not a PosEnc lesson: the document is a JSON array"},
      {"{\"version\": 1}", "not a PosEnc lesson: no \"format\" field (expected \"posenc-lesson\")"},
      {"{\"format\": \"posenc-lessons\", \"version\": 1}",
       "not a PosEnc lesson: \"format\" is \"posenc-lessons\""},
      {bytesOf(sessionFile), "this is a posenc-session (open it as a session)"},
      {bytesOf(future),
       "written by a newer PosEnc Explorer (lesson version 2); this one reads up to 1"},
      {"{\"format\": \"posenc-lesson\", \"version\": 1.5}", "version: 1.5 is not a whole number"},
      {"{\"format\": \"posenc-lesson\", \"version\": 0}", "version: 0 is not a lesson version"},
      {bytesOf(typo), "\"stpes\": unknown field"},
      {bytesOf(noZh),
       "title.zh_CN: missing (every text needs English \"en\" and Simplified Chinese \"zh_CN\")"},
      {bytesOf(withStepField(good, 1, "text", QJsonObject{{"en", "x"}, {"zh_CN", "  "}})),
       "step 2: text.zh_CN: empty"},
      {bytesOf(withStepField(good, 0, "title",
                             QJsonObject{{"en", "a <b>bold</b> title"}, {"zh_CN", "x"}})),
       "step 1: title.en: must be plain text"},
      {bytesOf(withStepField(good, 0, "text", QJsonObject{{"en", "j < i"}, {"zh_CN", "x"}})),
       "step 1: text.en: a '<' at character 3 does not start a tag (write &lt; for a less-than "
       "sign)"},
      {bytesOf(withStepField(good, 0, "text", QJsonObject{{"en", "<img src=x>"}, {"zh_CN", "x"}})),
       "step 1: text.en: <img src=x> at character 1 is not allowed"},
      {bytesOf(withStepField(good, 0, "text", QJsonObject{{"en", "<b>open"}, {"zh_CN", "x"}})),
       "step 1: text.en: <b> is not closed"},
      {bytesOf(withStepField(good, 0, "text", QJsonObject{{"en", "<b>x</i>"}, {"zh_CN", "x"}})),
       "step 1: text.en: </i> at character 5 closes <b>"},
      {bytesOf(withStepField(good, 0, "text", QJsonObject{{"en", "< b>x</b>"}, {"zh_CN", "x"}})),
       "step 1: text.en: < b> at character 1 is not allowed"},
      {bytesOf(withStepField(good, 0, "text", QJsonObject{{"en", "<b/>"}, {"zh_CN", "x"}})),
       "step 1: text.en: <b/> is not allowed (write <b>...</b>)"},
      {bytesOf(withStepField(good, 0, "text", QJsonObject{{"en", "a & b"}, {"zh_CN", "x"}})),
       "step 1: text.en: a '&' at character 3 does not start an entity"},
      {bytesOf(withStepField(good, 0, "text",
                             QJsonObject{{"en", "x"}, {"zh_CN", "x"}, {"Chinese", "x"}})),
       "step 1: text: \"Chinese\" is not a language code"},
      {bytesOf(withStepField(good, 1, "scheme", "rotary")),
       "step 2: scheme: unknown scheme \"rotary\" (known: "},
      {bytesOf(withStepField(good, 1, "scheme", QJsonValue(QJsonValue::Undefined))),
       "step 2: scheme: missing"},
      {bytesOf(withStepField(good, 0, "view", "heatmap")),
       "step 1: view: \"heatmap\" must be a view of rope: "},
      {bytesOf(withStepField(good, 0, "view", QJsonValue(QJsonValue::Undefined))),
       "step 1: view: missing"},
      {bytesOf(withStepField(good, 0, "params", QJsonObject{{"dim", 33}})),
       "step 1: params.dim: parameter 'dim' = '33': must be an even integer from 2 to 4096"},
      {bytesOf(withStepField(good, 0, "params", QJsonObject{{"length", "64"}})),
       "step 1: params.length: parameter 'length' = '64': must be an integer from 1 to "
       "1048576, not a string"},
      {bytesOf(withStepField(good, 0, "params", QJsonObject{{"rotation", 3}})),
       "step 1: params.rotation: parameter 'rotation'"},
      {bytesOf(withStepField(good, 1, "params", QJsonObject{{"heads", 4}, {"head", 4}})),
       "step 2: params.head: parameter 'head' = '4': must be less than heads (4)"},
      {bytesOf(withStepField(good, 1, "params", QJsonObject{{"length", 0}})),
       "step 2: params.length: parameter 'length' = '0': must be an integer from 1 to 1048576"},
      {bytesOf(withStepField(good, 0, "parmas", QJsonObject{})),
       "step 1: parmas: unknown field (known: title, text, scheme"},
      {bytesOf(withStepField(good, 0, "layout", "grid3")),
       "step 1: layout: \"grid3\" is not a layout"},
      // A key with a line break is shown escaped: every reason is one line.
      {bytesOf(withStepField(good, 0, "a\nb", 1)), "step 1: \"a\\nb\": unknown field"},
      {bytesOf(withStepField(good, 0, "params", QJsonObject{{"x\ny", 1}})),
       "step 1: params.x?y: parameter 'x?y'"},
      {bytesOf(withStepField(good, 0, "views", QJsonArray{"scores"})),
       "step 1: views: only a grid layout"},
      {bytesOf(withStepField(good, 1, "views", QJsonArray{"bias"})),
       "step 2: views: layout grid2 needs 2 view id(s)"},
      {bytesOf(withStepField(good, 1, "views", QJsonArray{"slopes", "bias"})),
       "step 2: views[0]: \"slopes\" must be the step's view \"bias\""},
      {bytesOf(withStepField(good, 1, "views", QJsonArray{"bias", "angles"})),
       "step 2: views[1]: \"angles\" must be a view of alibi"},
      {bytesOf(withStepField(good, 0, "highlight", QJsonObject{{"row", 32}, {"col", 0}})),
       "step 1: highlight.row: 32 must be a whole number from 0 to 31 (the view has 32 rows)"},
      {bytesOf(withStepField(good, 0, "highlight", QJsonObject{{"row", 0}, {"col", -1}})),
       "step 1: highlight.col: -1 must be a whole number from 0 to 31"},
      {bytesOf(withStepField(good, 0, "highlight", QJsonObject{{"row", 0}})),
       "step 1: highlight.col: missing must be"},
      {bytesOf(withStepField(withStepField(good, 0, "view", "decay"), 0, "highlight",
                             QJsonObject{{"row", 0}, {"col", 0}})),
       "step 1: highlight: points at a heatmap cell, but view decay is a chart"},
      {bytesOf(withStepField(good, 1, "title", QJsonValue(QJsonValue::Undefined))),
       "step 2: title: missing"},
      {bytesOf([&] {
         QJsonObject o = good;
         o["steps"] = QJsonArray{};
         return o;
       }()),
       "steps: must be a non-empty array of steps, not an empty one"},
      {bytesOf([&] {
         QJsonObject o = good;
         o["steps"] = QJsonArray{1};
         return o;
       }()),
       "step 1: must be an object, not a number"},
      {bytesOf([&] {
         QJsonObject o = good;
         o["id"] = "Rope Basics";
         return o;
       }()),
       "id: \"Rope Basics\" must be lowercase letters and digits joined by '-'"},
  };
  for (const Case& c : cases) {
    const std::string got = refusal(c.bytes);
    EXPECT_EQ(got.find('\n'), std::string::npos) << got;
    EXPECT_NE(got.find(c.reason), std::string::npos)
        << "input: " << c.bytes.left(300).constData() << "\nreason: " << got
        << "\nexpected to contain: " << c.reason;
  }
}

TEST(LessonReader, RefusesMoreThanTheStepCapAndOversizeDocuments) {
  QJsonObject lesson = validLesson();
  const QJsonValue step = lesson["steps"].toArray()[0];
  QJsonArray steps;
  for (int k = 0; k < kMaxLessonSteps; ++k) steps << step;
  lesson["steps"] = steps;
  EXPECT_TRUE(readBytes(bytesOf(lesson)).ok());  // exactly at the cap
  steps << step;
  lesson["steps"] = steps;
  EXPECT_EQ(refusal(bytesOf(lesson)), "steps: 201 steps; a lesson has at most 200");

  QByteArray big = bytesOf(validLesson());
  big.append(QByteArray(kMaxLessonBytes - big.size(), ' '));
  EXPECT_TRUE(readBytes(big).ok()) << "exactly 1 MiB (trailing spaces) is still a lesson";
  big.append(' ');
  EXPECT_EQ(refusal(big),
            "too large for a lesson (1048577 bytes; the limit is 1048576 bytes, 1 MiB)");

  QJsonObject longText =
      withStepField(validLesson(), 0, "text",
                    QJsonObject{{"en", QString(kMaxLessonTextLength + 1, 'x')}, {"zh_CN", "x"}});
  EXPECT_EQ(refusal(bytesOf(longText)), "step 1: text.en: 4001 characters; at most 4000");
}

TEST(LessonReader, AcceptsOtherLanguagesAndTheAllowedMarkup) {
  QJsonObject lesson = withStepField(
      validLesson(), 0, "text",
      QJsonObject{{"en",
                   "<p>a<sub>i</sub> &lt; b<sup>2</sup>, <b>bold <i>both</i></b><br>x<br/>y<br "
                   "/>&#8804; &#x2264; &amp; <code>c</code></p>"},
                  {"zh_CN", QString::fromUtf8("中文")},
                  {"de", "Deutsch"},
                  {"pt_BR", "Português"},
                  {"sr_Latn", "srpski"}});
  lesson["comment"] = "authors' note";
  lesson = withStepField(lesson, 1, "comment", "why this step");
  const Read r = readBytes(bytesOf(lesson));
  ASSERT_TRUE(r.ok()) << s(r.error);
  EXPECT_EQ(lessonText(r.lesson->steps[0].text, "de"), "Deutsch");
}

TEST(LessonReader, WrittenLessonsReadBackEqual) {
  QList<Lesson> lessons = builtInLessons();
  lessons << readLesson(bytesOf(validLesson()));
  for (const Lesson& lesson : lessons) {
    SCOPED_TRACE(s(lesson.id));
    const QByteArray written = writeLesson(lesson);
    const Read back = readBytes(written);
    ASSERT_TRUE(back.ok()) << s(back.error);
    EXPECT_EQ(*back.lesson, lesson);
    EXPECT_EQ(writeLesson(*back.lesson), written);
  }
  // Defaults are left out, grids keep their cells.
  const QJsonObject o =
      QJsonDocument::fromJson(writeLesson(readLesson(bytesOf(validLesson())))).object();
  const QJsonArray steps = o["steps"].toArray();
  EXPECT_EQ(steps[0].toObject()["params"].toObject(),
            (QJsonObject{{"length", 32}, {"layout", "interleaved"}}));
  EXPECT_FALSE(steps[0].toObject().contains("layout"));
  EXPECT_EQ(steps[1].toObject()["views"].toArray(), (QJsonArray{"bias", "slopes"}));
}

TEST(LessonReader, TextFallsBackToTheLanguageThenEnglish) {
  LocalizedText t;
  t.texts = {{"en", "English"}, {"zh_CN", QString::fromUtf8("简体")}, {"pt", "Portugues"}};
  EXPECT_EQ(lessonText(t, "en"), "English");
  EXPECT_EQ(lessonText(t, "zh_CN"), QString::fromUtf8("简体"));
  EXPECT_EQ(lessonText(t, "zh-CN"), QString::fromUtf8("简体"));
  EXPECT_EQ(lessonText(t, "zh_TW"), QString::fromUtf8("简体"));  // another variant of Chinese
  EXPECT_EQ(lessonText(t, "zh"), QString::fromUtf8("简体"));
  EXPECT_EQ(lessonText(t, "pt_BR"), "Portugues");
  EXPECT_EQ(lessonText(t, "en_GB"), "English");
  EXPECT_EQ(lessonText(t, "fr"), "English");
  EXPECT_EQ(lessonText(t, ""), "English");
}

TEST(LessonReader, ReadsFilesAndNamesThePathInErrors) {
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString good = dir.filePath("good.json"), bad = dir.filePath("bad.json");
  {
    QFile f(good);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytesOf(validLesson()));
  }
  {
    QFile f(bad);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytesOf(withStepField(validLesson(), 1, "params", QJsonObject{{"heads", 0}})));
  }
  const Read ok = readFile(good);
  ASSERT_TRUE(ok.ok()) << s(ok.error);
  EXPECT_EQ(*ok.lesson, readLesson(bytesOf(validLesson())));

  const std::string shownBad = s(QDir::toNativeSeparators(bad));
  EXPECT_EQ(
      s(readFile(bad).error).rfind(shownBad + ": step 2: params.heads: parameter 'heads' = '0'", 0),
      0u)
      << s(readFile(bad).error);
  EXPECT_NE(s(readFile(dir.filePath("missing.json")).error).find("missing.json: cannot open"),
            std::string::npos);
  EXPECT_NE(s(readFile(dir.path()).error).find("is a folder, not a lesson file"),
            std::string::npos);
}

// The reader is fuzzed with libFuzzer (tests/fuzz); this runs a small deterministic share of
// that work on every test run: truncations and byte changes of real lessons must be refused
// or accepted, never crash or throw anything but ReadError.
TEST(LessonReader, SurvivesTruncatedAndMutatedLessons) {
  std::mt19937 rng(12345);
  int accepted = 0, refused = 0;
  const QMap<QString, QJsonObject> files = builtInFiles();
  for (const QJsonObject& lesson : files) {
    const QByteArray bytes = QJsonDocument(lesson).toJson(QJsonDocument::Indented);
    for (int cut = 0; cut < bytes.size(); cut += std::max<qsizetype>(1, bytes.size() / 60)) {
      const Read r = readBytes(bytes.left(cut));
      (r.ok() ? accepted : refused) += 1;
      EXPECT_TRUE(r.ok() || !r.error.isEmpty());
    }
    for (int trial = 0; trial < 150; ++trial) {
      QByteArray m = bytes;
      const int edits = 1 + static_cast<int>(rng() % 4);
      for (int e = 0; e < edits; ++e) {
        const auto at = static_cast<qsizetype>(rng() % static_cast<std::uint32_t>(m.size()));
        static const char pool[] = "0123456789-+.eE\"{}[],: \\xnulltrue<>&/";
        m[at] = pool[rng() % (sizeof pool - 1)];
      }
      const Read r = readBytes(m);
      (r.ok() ? accepted : refused) += 1;
      EXPECT_TRUE(r.ok() || !r.error.isEmpty());
    }
  }
  EXPECT_GT(refused, 0);
  EXPECT_GT(accepted, 0);
}

TEST(LessonReader, FuzzCorpusFilesSayWhatTheyAre) {
  // tests/fuzz/corpus/lesson: "valid-*" files must load, "bad-*" files must be refused.
  const QDir corpus(QFileInfo(QStringLiteral(__FILE__))
                        .absoluteDir()
                        .filePath(QStringLiteral("../fuzz/corpus/lesson")));
  ASSERT_TRUE(corpus.exists()) << s(corpus.path());
  int valid = 0, bad = 0;
  for (const QFileInfo& f : corpus.entryInfoList(QDir::Files)) {
    const Read r = readFile(f.filePath());
    if (f.fileName().startsWith("valid-")) {
      EXPECT_TRUE(r.ok()) << s(r.error);
      ++valid;
    } else if (f.fileName().startsWith("bad-")) {
      EXPECT_FALSE(r.ok()) << s(f.fileName()) << " was accepted";
      ++bad;
    }
  }
  EXPECT_GE(valid, 3);
  EXPECT_GE(bad, 5);
}

// ---- panel ----------------------------------------------------------------------------------

struct PanelFixture {
  LessonPanel panel;
  std::vector<LessonStep> shown;
  PanelFixture() {
    QObject::connect(&panel, &LessonPanel::stepActivated, &panel,
                     [this](const LessonStep& step) { shown.push_back(step); });
  }
};

Lesson twoLanguageLesson(const QString& id, int steps) {
  Lesson l;
  l.id = id;
  l.title.texts = {{"en", "Lesson " + id}, {"zh_CN", QString::fromUtf8("课程 ") + id}};
  l.summary.texts = {{"en", "Summary"}, {"zh_CN", QString::fromUtf8("摘要")}};
  for (int k = 0; k < steps; ++k) {
    LessonStep st;
    st.title.texts = {{"en", QString("Step title %1").arg(k + 1)},
                      {"zh_CN", QString::fromUtf8("第 %1 步").arg(k + 1)}};
    st.text.texts = {{"en", QString("Text <b>%1</b>").arg(k + 1)},
                     {"zh_CN", QString::fromUtf8("正文 <b>%1</b>").arg(k + 1)}};
    st.session.scheme = "rope";
    st.session.params = makeParams(findScheme("rope"), {{"length", std::to_string(16 + k)}});
    st.session.view = "scores";
    l.steps << st;
  }
  return l;
}

TEST(LessonPanel, StartsWithTheBuiltInLessonsWithoutEmitting) {
  PanelFixture f;
  EXPECT_EQ(f.panel.lessons().size(), builtInLessons().size());
  EXPECT_EQ(f.panel.currentLessonIndex(), 0);
  EXPECT_EQ(f.panel.currentStepIndex(), 0);
  EXPECT_EQ(f.panel.lessonTitleText(), lessonText(builtInLessons().front().title, "en"));
  EXPECT_TRUE(f.shown.empty());
  const auto* chooser = f.panel.findChild<QComboBox*>();
  ASSERT_NE(chooser, nullptr);
  EXPECT_EQ(chooser->count(), builtInLessons().size());
}

TEST(LessonPanel, NextAndPreviousEmitTheRightStepsAndStopAtTheEnds) {
  PanelFixture f;
  f.panel.setLessons({twoLanguageLesson("a", 3), twoLanguageLesson("b", 2)});
  EXPECT_EQ(f.panel.progressText(), "Step 1 of 3");
  EXPECT_EQ(f.panel.stepTitleText(), "Step title 1");
  EXPECT_EQ(f.panel.stepBodyText(), "Text 1");

  f.panel.nextStep();
  f.panel.nextStep();
  f.panel.nextStep();  // already at the last step: nothing
  ASSERT_EQ(f.shown.size(), 2u);
  EXPECT_EQ(f.shown[0].session.params.getInt("length"), 17);
  EXPECT_EQ(f.shown[1].session.params.getInt("length"), 18);
  EXPECT_EQ(f.panel.progressText(), "Step 3 of 3");

  auto buttons = f.panel.findChildren<QPushButton*>();
  const auto button = [&](const QString& text) -> QPushButton* {
    for (QPushButton* b : buttons)
      if (b->text() == text) return b;
    return nullptr;
  };
  QPushButton* next = button("Next >");
  QPushButton* previous = button("< Previous");
  ASSERT_TRUE(next && previous);
  EXPECT_FALSE(next->isEnabled());
  EXPECT_TRUE(previous->isEnabled());
  QTest::mouseClick(previous, Qt::LeftButton);
  ASSERT_EQ(f.shown.size(), 3u);
  EXPECT_EQ(f.shown.back().session.params.getInt("length"), 17);
  EXPECT_EQ(f.panel.currentStepIndex(), 1);
  f.panel.previousStep();
  f.panel.previousStep();  // at the first step: nothing
  EXPECT_EQ(f.shown.size(), 4u);
  EXPECT_FALSE(previous->isEnabled());

  f.panel.selectLesson(1);
  ASSERT_EQ(f.shown.size(), 5u);
  EXPECT_EQ(f.panel.progressText(), "Step 1 of 2");
  EXPECT_EQ(f.panel.lessonTitleText(), "Lesson b");
  f.panel.showStep(99);  // clamped to the last step
  EXPECT_EQ(f.panel.currentStepIndex(), 1);
  EXPECT_EQ(f.shown.back().session.params.getInt("length"), 17);
}

TEST(LessonPanel, PageDownAndPageUpStepWhileTheTextHasFocus) {
  PanelFixture f;
  f.panel.setLessons({twoLanguageLesson("a", 3)});
  f.panel.show();
  f.panel.activateWindow();
  ASSERT_TRUE(QTest::qWaitForWindowActive(&f.panel));
  auto* body = f.panel.findChild<QTextBrowser*>();
  ASSERT_NE(body, nullptr);
  body->setFocus();
  QTest::keyClick(body, Qt::Key_PageDown);
  QTest::keyClick(body, Qt::Key_PageDown);
  EXPECT_EQ(f.panel.currentStepIndex(), 2);
  QTest::keyClick(body, Qt::Key_PageUp);
  EXPECT_EQ(f.panel.currentStepIndex(), 1);
  ASSERT_EQ(f.shown.size(), 3u);
  EXPECT_EQ(f.shown.back().session.params.getInt("length"), 17);
}

TEST(LessonPanel, SetLanguageReRendersEveryText) {
  PanelFixture f;
  f.panel.setLessons({twoLanguageLesson("a", 2)});
  f.panel.nextStep();
  f.panel.setLanguage("zh_CN");
  EXPECT_EQ(f.panel.language(), "zh_CN");
  EXPECT_EQ(f.panel.lessonTitleText(), QString::fromUtf8("课程 a"));
  EXPECT_EQ(f.panel.stepTitleText(), QString::fromUtf8("第 2 步"));
  EXPECT_EQ(f.panel.stepBodyText(), QString::fromUtf8("正文 2"));
  EXPECT_EQ(f.panel.currentStepIndex(), 1);  // the step stays
  EXPECT_EQ(f.panel.findChild<QComboBox*>()->itemText(0), QString::fromUtf8("课程 a"));
  f.panel.setLanguage("en");
  EXPECT_EQ(f.panel.stepTitleText(), "Step title 2");
  f.panel.setLanguage("fr");  // no French text: English
  EXPECT_EQ(f.panel.stepBodyText(), "Text 2");
  EXPECT_EQ(f.shown.size(), 1u) << "changing the language applies nothing";
}

TEST(LessonPanel, BuiltInLessonsShowInChinese) {
  PanelFixture f;
  f.panel.setLanguage("zh_CN");
  EXPECT_TRUE(hasChinese(f.panel.lessonTitleText())) << s(f.panel.lessonTitleText());
  EXPECT_TRUE(hasChinese(f.panel.stepBodyText()));
}

TEST(LessonPanel, AddedLessonIsSelectedAndReplacesOneWithTheSameId) {
  PanelFixture f;
  f.panel.setLessons({twoLanguageLesson("a", 2), twoLanguageLesson("b", 2)});
  f.panel.addLesson(twoLanguageLesson("c", 4));
  EXPECT_EQ(f.panel.lessons().size(), 3);
  EXPECT_EQ(f.panel.currentLessonIndex(), 2);
  EXPECT_EQ(f.panel.progressText(), "Step 1 of 4");
  ASSERT_EQ(f.shown.size(), 1u);

  f.panel.addLesson(twoLanguageLesson("a", 5));
  EXPECT_EQ(f.panel.lessons().size(), 3);
  EXPECT_EQ(f.panel.currentLessonIndex(), 0);
  EXPECT_EQ(f.panel.progressText(), "Step 1 of 5");
  EXPECT_EQ(f.shown.size(), 2u);
}

TEST(LessonPanel, ChoosingALessonInTheComboShowsItsOverview) {
  // Issue 26 item 17: picking a lesson applied its step 1 at once; docs/classroom.md says the panel
  // opens on the lesson's overview and nothing changes until a step is picked.
  PanelFixture f;
  f.panel.setLessons({twoLanguageLesson("a", 2), twoLanguageLesson("b", 3)});
  auto* chooser = f.panel.findChild<QComboBox*>();
  ASSERT_NE(chooser, nullptr);
  emit chooser->activated(1);
  EXPECT_EQ(f.panel.currentLessonIndex(), 1);
  EXPECT_EQ(f.panel.currentStepIndex(), -1);
  EXPECT_TRUE(f.shown.empty());
  EXPECT_EQ(f.panel.progressText(), "3 steps: pick one to begin");
  f.panel.nextStep();  // Start
  ASSERT_EQ(f.shown.size(), 1u);
  EXPECT_EQ(f.shown[0].session.params.getInt("length"), 16);
  EXPECT_EQ(f.panel.progressText(), "Step 1 of 3");
}

TEST(LessonPanel, OpenButtonAsksTheWindow) {
  PanelFixture f;
  int asked = 0;
  QObject::connect(&f.panel, &LessonPanel::openLessonFileRequested, [&] { ++asked; });
  for (QPushButton* b : f.panel.findChildren<QPushButton*>())
    if (b->text() == "Open lesson file...") QTest::mouseClick(b, Qt::LeftButton);
  EXPECT_EQ(asked, 1);
}

TEST(LessonPanel, OverviewShowsNoStepUntilOneIsPickedAndOffersToContinue) {
  // Issue 14: the window opens the panel on an overview, so no step text describes a picture
  // the window does not draw; the step last used is offered again.
  PanelFixture f;
  f.panel.setLessons({twoLanguageLesson("a", 2), twoLanguageLesson("b", 4)});
  f.panel.showOverview(1, 2);
  EXPECT_EQ(f.panel.currentLessonIndex(), 1);
  EXPECT_EQ(f.panel.currentStepIndex(), -1);
  EXPECT_EQ(f.panel.currentStep(), nullptr);
  EXPECT_TRUE(f.shown.empty());
  EXPECT_EQ(f.panel.lessonTitleText(), "Lesson b");
  EXPECT_TRUE(f.panel.stepTitleText().isEmpty());
  for (int k = 1; k <= 4; ++k)
    EXPECT_TRUE(f.panel.stepBodyText().contains(QString("Step title %1").arg(k)));
  auto* resume = f.panel.findChild<QPushButton*>(QStringLiteral("ResumeLesson"));
  ASSERT_NE(resume, nullptr);
  EXPECT_TRUE(resume->isVisibleTo(&f.panel));
  EXPECT_EQ(resume->text(), "Continue at step 3 of 4");
  f.panel.setLanguage("zh_CN");  // still the overview, in Chinese
  EXPECT_EQ(f.panel.currentStep(), nullptr);
  EXPECT_TRUE(f.panel.stepBodyText().contains(QString::fromUtf8("第 4 步")));
  f.panel.setLanguage("en");
  QTest::mouseClick(resume, Qt::LeftButton);
  ASSERT_EQ(f.shown.size(), 1u);
  EXPECT_EQ(f.panel.currentStepIndex(), 2);
  EXPECT_EQ(f.shown.back().session.params.getInt("length"), 18);
  EXPECT_FALSE(resume->isVisibleTo(&f.panel));

  // Next (or Page Down) on an overview starts at step 1; a link in the list picks its step.
  f.panel.showOverview(0);
  EXPECT_FALSE(resume->isVisibleTo(&f.panel));
  f.panel.previousStep();  // nothing before the first step
  EXPECT_EQ(f.shown.size(), 1u);
  f.panel.nextStep();
  EXPECT_EQ(f.panel.currentStepIndex(), 0);
  EXPECT_EQ(f.shown.back().session.params.getInt("length"), 16);
  f.panel.showOverview(1);
  emit f.panel.findChild<QTextBrowser*>()->anchorClicked(QUrl(QStringLiteral("step:1")));
  EXPECT_EQ(f.panel.currentStepIndex(), 1);
  EXPECT_EQ(f.shown.size(), 3u);
  f.panel.showOverview(7);  // out of range: nothing
  EXPECT_EQ(f.panel.currentStepIndex(), 1);
}

TEST(LessonPanel, EmptyListShowsNoLessonAndIgnoresNavigation) {
  PanelFixture f;
  f.panel.setLessons({});
  EXPECT_EQ(f.panel.currentStep(), nullptr);
  EXPECT_EQ(f.panel.lessonTitleText(), "No lesson");
  f.panel.nextStep();
  f.panel.previousStep();
  f.panel.showStep(0);
  f.panel.selectLesson(0);
  EXPECT_TRUE(f.shown.empty());
}

TEST(LessonText, ScriptsInsideScriptsBecomeScriptCharacters) {
  // Issue 26 item 9: Qt's rich text has one script level, so θ<sub>k</sub> inside an exponent
  // was drawn below the whole exponent.
  EXPECT_EQ(nestedScriptsAsCharacters(QStringLiteral("e<sup>i r θ<sub>k</sub></sup>")),
            QStringLiteral("e<sup>i r θₖ</sup>"));
  EXPECT_EQ(nestedScriptsAsCharacters(QStringLiteral("x<sub>i<sup>2</sup></sub> + y")),
            QStringLiteral("x<sub>i²</sub> + y"));
  for (const char* same : {"θ<sub>k</sub> = 10000<sup>−2k/d</sup>", "a<sup>b<sub>q</sub></sup>",
                           "k &lt; j", "<b>bold</b> <sub>s</sub>"})
    EXPECT_EQ(s(nestedScriptsAsCharacters(QString::fromUtf8(same))), same);
}

TEST(LessonText, NoStepTextDrawsAScriptInsideAScript) {
  int texts = 0;
  for (const Lesson& lesson : builtInLessons())
    for (const LessonStep& step : lesson.steps)
      for (const char* language : {"en", "zh_CN"}) {
        const QString text = lessonText(step.text, QString::fromLatin1(language));
        EXPECT_FALSE(test::nestsScripts(text))
            << lesson.id.toStdString() << " (" << language << "): " << s(text);
        ++texts;
      }
  EXPECT_GT(texts, 100);
  // The RoPE lesson's decay step, e^(i r θ_k): the k is θ's.
  EXPECT_TRUE(test::nestsScripts(QStringLiteral("e<sup>i r θ<sub>k</sub></sup>")));
}

}  // namespace
}  // namespace posenc::ui
