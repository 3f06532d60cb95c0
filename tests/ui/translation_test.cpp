// SPDX-License-Identifier: GPL-3.0-or-later
// English and Simplified Chinese: every .ts message translated, every string of the registry
// translated in the embedded .qm, the window switching language at once and back, the
// core's messages said in Chinese, `posenc export --lang` in-process.
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QListWidget>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <set>
#include <sstream>

#include "posenc/base/memory_budget.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc_ui/app/command_runner.h"
#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/io/session_io.h"
#include "posenc_ui/params/parameter_names.h"
#include "posenc_ui/params/parameter_panel.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/window/main_window.h"
#include "support/main_window_fixture.hpp"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

using test::qs;

/// resources/translations of the source tree this test was built from.
QDir translationsDir() {
  return QDir(QFileInfo(QStringLiteral(__FILE__)).absolutePath() +
              QStringLiteral("/../../resources/translations"));
}

/// One <message> of a .ts file.
struct TsMessage {
  QString context, source, comment, translation, type;
  bool numerus = false;
  QStringList forms;  ///< <numerusform> texts.
};

std::vector<TsMessage> readTs(const QString& path) {
  QFile file(path);
  EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
  std::vector<TsMessage> out;
  QXmlStreamReader xml(&file);
  QString context;
  TsMessage m;
  while (!xml.atEnd()) {
    xml.readNext();
    if (!xml.isStartElement()) continue;
    const auto name = xml.name();
    if (name == QLatin1String("name")) {
      context = xml.readElementText();
    } else if (name == QLatin1String("message")) {
      m = TsMessage{};
      m.context = context;
      m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
    } else if (name == QLatin1String("source")) {
      m.source = xml.readElementText();
    } else if (name == QLatin1String("comment")) {
      m.comment = xml.readElementText();
    } else if (name == QLatin1String("translation")) {
      m.type = xml.attributes().value(QLatin1String("type")).toString();
      if (m.numerus) {
        while (xml.readNextStartElement()) m.forms << xml.readElementText();
      } else {
        m.translation = xml.readElementText();
      }
      out.push_back(m);
    }
  }
  EXPECT_FALSE(xml.hasError()) << path.toStdString() << ": " << xml.errorString().toStdString();
  return out;
}

std::set<QString> markers(const QString& text) {
  static const QRegularExpression re(QStringLiteral("%\\d+"));
  std::set<QString> out;
  for (auto it = re.globalMatch(text); it.hasNext();) out.insert(it.next().captured(0));
  return out;
}

TEST(Translations, EveryTsMessageIsTranslated) {
  const QStringList files =
      translationsDir().entryList({QStringLiteral("posenc_*.ts")}, QDir::Files);
  ASSERT_FALSE(files.isEmpty()) << translationsDir().absolutePath().toStdString();
  for (const QString& name : files) {
    const std::vector<TsMessage> messages = readTs(translationsDir().filePath(name));
    EXPECT_GT(messages.size(), 300u) << name.toStdString();
    for (const TsMessage& m : messages) {
      const std::string where =
          name.toStdString() + " [" + m.context.toStdString() + "] " + m.source.toStdString();
      EXPECT_NE(m.type, QLatin1String("unfinished")) << where;
      EXPECT_NE(m.type, QLatin1String("obsolete")) << where;
      EXPECT_NE(m.type, QLatin1String("vanished")) << where;
      const QStringList texts = m.numerus ? m.forms : QStringList{m.translation};
      EXPECT_FALSE(texts.isEmpty()) << where;
      for (const QString& t : texts) {
        EXPECT_FALSE(t.trimmed().isEmpty()) << where;
        // Every placeholder of the translation exists in the source, and none is lost (unless
        // the comment offers alternatives, "%1 = ..., %2 = ...", of which one is used).
        std::set<QString> offered = markers(m.source);
        offered.merge(markers(m.comment));
        for (const QString& k : markers(t))
          EXPECT_TRUE(offered.count(k)) << where << ": " << k.toStdString();
        if (!m.comment.contains(QLatin1Char('='))) {
          EXPECT_EQ(markers(t), markers(m.source)) << where << " -> " << t.toStdString();
        }
      }
    }
  }
}

/// The Chinese catalogue as the application embeds it.
class Catalogue : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(m_zh.load(QStringLiteral(":/i18n/posenc_zh_CN.qm"))); }

  /// Non-empty translation of `text` in `context`, exactly or as its number pattern.
  [[nodiscard]] bool translated(const char* context, const std::string& text) const {
    const QString q = qs(text);
    if (!m_zh.translate(context, text.c_str()).isEmpty()) return true;
    const QString pattern = numberPattern(q);
    return pattern != q && !m_zh.translate(context, pattern.toUtf8().constData()).isEmpty();
  }

  QTranslator m_zh;
};

TEST_F(Catalogue, EveryRegistryStringHasAChineseTranslation) {
  int checked = 0;
  auto expect = [&](const char* context, const std::string& text, const std::string& what) {
    if (text.empty()) return;
    ++checked;
    EXPECT_TRUE(translated(context, text)) << what << ": \"" << text << "\"";
  };
  for (const auto& s : allSchemes()) {
    const SchemeInfo& info = s->info();
    expect(kCoreContext, info.name, info.id + " name");
    expect(kCoreContext, info.description, info.id + " description");
    for (const ParamSpec& p : info.params)
      expect(kCoreContext, p.description, info.id + "." + p.id);
    for (const ViewSpec& v : info.views) {
      const std::string where = info.id + "/" + v.id;
      expect(kViewTabContext, v.id, where + " tab");
      expect(kCoreContext, v.title, where + " title");
      expect(kCoreContext, v.xLabel, where + " x label");
      expect(kCoreContext, v.yLabel, where + " y label");
      expect(kCoreContext, v.valueLabel, where + " value label");
      expect(kCoreContext, v.description, where + " description");
    }
  }
  EXPECT_GT(checked, 200);
}

// Errors as data: every sentence of the core (and of the ui's own errors) is a MessageTemplate,
// and each has a Chinese translation whose holes are the template's.
TEST_F(Catalogue, EveryMessageTemplateHasAChineseTranslation) {
  const std::vector<const MessageTemplate*> all = allMessageTemplates();
  EXPECT_GT(all.size(), 60U);
  for (const MessageTemplate* t : all) {
    const QString zh = m_zh.translate(kMessageContext, t->english());
    EXPECT_FALSE(zh.isEmpty()) << "no Chinese for \"" << t->english() << "\"";
    for (int k = 1; k <= 9; ++k) {
      const QString hole = QStringLiteral("%") + QString::number(k);
      if (!zh.isEmpty()) {
        EXPECT_EQ(zh.contains(hole), QString::fromUtf8(t->english()).contains(hole))
            << t->english() << " -> " << zh.toStdString();
      }
    }
  }
}

// The ui reads no English of the core back: the translation source holds no regular
// expression (errors arrive as data, translation.h messageText).
TEST(TranslationSource, HoldsNoRegularExpression) {
  const QString root = QStringLiteral(POSENC_SOURCE_DIR "/ui/src");
  QStringList found;
  for (const QString& folder : QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
    QFile file(root + QLatin1Char('/') + folder + QStringLiteral("/translation.cpp"));
    if (!file.open(QIODevice::ReadOnly)) continue;
    found << file.fileName();
    const QString text = QString::fromUtf8(file.readAll());
    EXPECT_FALSE(text.contains(QStringLiteral("QRegularExpression")))
        << file.fileName().toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("std::regex"))) << file.fileName().toStdString();
  }
  EXPECT_EQ(found.size(), 1) << found.join(QStringLiteral(", ")).toStdString();
}

TEST_F(Catalogue, EveryTermAndCurveNameHasAChineseTranslation) {
  // Defaults, every other choice of each choice parameter, each bool flipped.
  for (const auto& s : allSchemes()) {
    const SchemeInfo& info = s->info();
    std::vector<std::vector<std::pair<std::string, std::string>>> settings = {{}};
    for (const ParamSpec& p : info.params) {
      if (p.type == ParamType::Choice)
        for (const std::string& c : p.choices) settings.push_back({{p.id, c}});
      if (p.type == ParamType::Bool)
        settings.push_back({{p.id, std::get<bool>(p.defaultValue) ? "false" : "true"}});
    }
    if (info.id == "rope") {  // longrope needs its lists; partial rotary adds a readout term
      const std::string list = "1,1.5,2,3";
      settings.push_back({{"scaling", "longrope"},
                          {"dim", "8"},
                          {"short_factor", list},
                          {"long_factor", list},
                          {"factor", "4"}});
      settings.push_back({{"scaling", "yarn"}, {"factor", "4"}, {"partial_rotary_factor", "0.5"}});
    }
    for (const auto& sets : settings) {
      ParamSet params;
      try {
        params = makeParams(*s, sets);
      } catch (const ParamError& e) {
        // A choice that needs more parameters (longrope: its lists) is refused naming them
        // and covered by a setting of its own above.
        EXPECT_NE(e.param(), sets.front().first) << e.what();
        continue;
      }
      for (const ViewSpec& v : info.views) {
        SCOPED_TRACE(info.id + "/" + v.id +
                     (sets.empty() ? "" : " " + sets[0].first + "=" + sets[0].second));
        try {
          if (v.kind == ViewKind::Series) {
            for (const Curve& c : s->series(params, v.id).curves)
              EXPECT_TRUE(translated(kCoreContext, c.name)) << "curve \"" << c.name << "\"";
            continue;
          }
          const MatrixShape shape = s->shape(params, v.id);
          for (const auto& [r, c] : {std::pair<Index, Index>{0, 0},
                                     {shape.rows - 1, shape.cols - 1},
                                     {shape.rows / 2, shape.cols / 2},
                                     {shape.rows - 1, 0}})
            for (const Term& t : s->explainCell(params, v.id, r, c))
              EXPECT_TRUE(translated(kCoreContext, t.name)) << "term \"" << t.name << "\"";
        } catch (const ParamError&) {
          // the view refuses these parameters: nothing is shown
        }
      }
    }
  }
}

TEST_F(Catalogue, EveryPresetNameAndDescriptionHasAChineseTranslation) {
  const QList<PresetInfo> list = presets();
  ASSERT_FALSE(list.isEmpty());
  for (const PresetInfo& p : list) {
    EXPECT_TRUE(translated(kPresetContext, p.name.toStdString())) << p.name.toStdString();
    EXPECT_TRUE(translated(kPresetContext, p.description.toStdString()))
        << p.description.toStdString();
  }
}

/// Runs a test body in Chinese and puts English back afterwards.
class InChinese : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(setLanguage(QStringLiteral("zh_CN"))); }
  void TearDown() override { setLanguage(QStringLiteral("en")); }
};

TEST_F(InChinese, MessagesAreSaidInChineseWithTheirValuesAndLists) {
  static const MessageTemplate kTest{"an integer from %1 to %2"};  // the same English as the core's
  EXPECT_EQ(messageText(Message(kTest, {"1", "8"})),
            QCoreApplication::translate(kMessageContext, "an integer from %1 to %2")
                .replace(QStringLiteral("%1"), QStringLiteral("1"))
                .replace(QStringLiteral("%2"), QStringLiteral("8")));
  const Message oneOf(allowed::kOneOf, {MessageArg::list({"half", "interleaved", "none"})});
  const QString shown = messageText(oneOf);
  EXPECT_TRUE(shown.contains(QStringLiteral("half"))) << shown.toStdString();
  EXPECT_FALSE(shown.contains(QStringLiteral(" or "))) << shown.toStdString();
  EXPECT_FALSE(shown.contains(QStringLiteral("one of"))) << shown.toStdString();
  setLanguage(QStringLiteral("en"));
  EXPECT_EQ(messageText(oneOf), QStringLiteral("one of half, interleaved or none"));
}

TEST_F(InChinese, CoreTextTranslatesExactlyAndByNumberPattern) {
  EXPECT_EQ(currentLanguage(), QStringLiteral("zh_CN"));
  const SchemeInfo& rope = findScheme("rope").info();
  EXPECT_NE(coreText(rope.name), qs(rope.name));
  // Terms with numbers of any parameters: the numbers survive, the words are translated.
  const Scheme& scheme = findScheme("rope");
  const ParamSet params = makeParams(scheme, {{"dim", "256"}, {"length", "300"}});
  const std::vector<Term> terms = scheme.explainCell(params, "scores", 290, 17);
  ASSERT_FALSE(terms.empty());
  for (const Term& t : terms) {
    const QString shown = coreText(t.name);
    EXPECT_NE(shown, qs(t.name)) << t.name;
    QStringList numbers;
    (void)numberPattern(qs(t.name), &numbers);
    for (const QString& n : numbers)
      EXPECT_TRUE(shown.contains(n)) << t.name << " -> " << shown.toStdString();
  }
  EXPECT_EQ(numberPattern(QStringLiteral("pair 3 (theta_k = 0.25, 1e-06)")),
            QStringLiteral("pair %1 (theta_k = %2, %3)"));
}

// Every parameter of every scheme has a Chinese short name shown after its id; in English the
// label is the id alone. (A parameter whose id the string extractor did not list, or left
// untranslated, fails here.)
TEST_F(InChinese, EveryParameterHasAChineseNameAfterItsId) {
  for (const auto& scheme : allSchemes()) {
    for (const ParamSpec& p : scheme->info().params) {
      const QString id = qs(p.id);
      const QString name = parameterName(id);
      EXPECT_FALSE(name.isEmpty()) << scheme->info().id << "." << p.id;
      EXPECT_EQ(parameterLabel(id), id + QStringLiteral("  ") + name);
    }
  }
  setLanguage(QStringLiteral("en"));
  EXPECT_EQ(parameterName(QStringLiteral("length")), QString());
  EXPECT_EQ(parameterLabel(QStringLiteral("length")), QStringLiteral("length"));
}

TEST_F(InChinese, ParamErrorsAreSaidInChinese) {
  for (const auto& s : allSchemes()) {
    for (const ParamSpec& p : s->info().params) {
      const QString english = qs(allowedText(p));
      EXPECT_NE(messageText(allowedMessage(p)), english) << s->info().id << "." << p.id;
    }
  }
  try {
    (void)makeParams(findScheme("alibi"), {{"heads", "4"}, {"head", "7"}});
    FAIL() << "head 7 of 4 accepted";
  } catch (const ParamError& e) {
    const QString message = errorMessage(e);
    EXPECT_TRUE(message.contains(QStringLiteral("参数"))) << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("'head' = '7'"))) << message.toStdString();
    EXPECT_FALSE(message.contains(QStringLiteral("less than"))) << message.toStdString();
  }
  // A request over the memory budget: the whole sentence, its request named by pattern.
  setMemoryBudget(MemoryBudget{1024, "--memory-budget"});
  try {
    const Scheme& sinusoidal = findScheme("sinusoidal");
    (void)computeMatrix(sinusoidal, makeParams(sinusoidal, {{"length", "2000"}}), "similarity");
    ADD_FAILURE() << "2000 x 2000 cells fitted in 1 KiB";
  } catch (const ParamError& e) {
    const QString message = errorMessage(e);
    EXPECT_TRUE(message.contains(QStringLiteral("内存预算"))) << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("'similarity'"))) << message.toStdString();
    EXPECT_FALSE(message.contains(QStringLiteral("needs"))) << message.toStdString();
  }
  setMemoryBudget(std::nullopt);
  setLanguage(QStringLiteral("en"));
  try {
    (void)makeParams(findScheme("rope"), {{"dim", "7"}});
    FAIL() << "odd dim accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(errorMessage(e), QString::fromUtf8(e.what()));  // English: the core's own words
  }
}

TEST(Languages, SystemLocaleChoosesSimplifiedChineseOrEnglish) {
  EXPECT_EQ(systemLanguage(QLocale(QStringLiteral("zh_CN"))), QStringLiteral("zh_CN"));
  EXPECT_EQ(systemLanguage(QLocale(QStringLiteral("zh_SG"))), QStringLiteral("zh_CN"));
  EXPECT_EQ(systemLanguage(
                QLocale(QLocale::Chinese, QLocale::SimplifiedChineseScript, QLocale::HongKong)),
            QStringLiteral("zh_CN"));
  EXPECT_EQ(systemLanguage(QLocale(QStringLiteral("zh_TW"))), QStringLiteral("en"));
  EXPECT_EQ(systemLanguage(QLocale(QStringLiteral("en_US"))), QStringLiteral("en"));
  EXPECT_EQ(systemLanguage(QLocale(QStringLiteral("de_DE"))), QStringLiteral("en"));
  EXPECT_FALSE(setLanguage(QStringLiteral("xx")));
  EXPECT_EQ(currentLanguage(), QStringLiteral("en"));
}

/// Texts of every text element of a plot (title, subtitle, notes), axis labels included.
QStringList plotTexts(QCustomPlot& plot) {
  QStringList out;
  for (QCPLayoutElement* e : plot.plotLayout()->elements(true))
    if (auto* t = qobject_cast<QCPTextElement*>(e)) out << t->text();
  for (QCPAxis* a : plot.axisRect() ? plot.axisRect()->axes() : QList<QCPAxis*>())
    out << a->label();
  return out;
}

QStringList menuTitles(QMainWindow& w) {
  QStringList out;
  for (QAction* a : w.menuBar()->actions()) out << a->text();
  return out;
}

using WindowLanguage = test::MainWindowTest;

TEST_F(WindowLanguage, SwitchingLanguageRetranslatesAtOnceAndBack) {
  Session s;
  s.scheme = QStringLiteral("sinusoidal");
  s.params = makeParams(findScheme("sinusoidal"), {});
  s.view = QStringLiteral("similarity");
  m_window->applySession(s);
  waitUntilShown(QStringLiteral("similarity"));
  const ViewSpec& view = findView(findScheme("sinusoidal"), "similarity");
  const QString english = qs(view.title);
  QCoreApplication::processEvents();
  ASSERT_TRUE(plotTexts(m_window->plotView(0).plot()).contains(english));
  ASSERT_TRUE(menuTitles(*m_window).contains(QStringLiteral("&File")));

  m_window->setLanguage(QStringLiteral("zh_CN"));
  QCoreApplication::processEvents();  // the LanguageChange event Qt posts to the window
  EXPECT_EQ(currentLanguage(), QStringLiteral("zh_CN"));
  EXPECT_EQ(QSettings().value(settings::kLanguage).toString(), QStringLiteral("zh_CN"));
  const QStringList zhMenus = menuTitles(*m_window);
  EXPECT_FALSE(zhMenus.contains(QStringLiteral("&File")))
      << zhMenus.join(QLatin1Char('|')).toStdString();
  EXPECT_TRUE(zhMenus.join(QString()).contains(QStringLiteral("文件")))
      << zhMenus.join(QLatin1Char('|')).toStdString();
  const QString chinese = coreText(view.title);
  EXPECT_NE(chinese, english);
  const QStringList zhTexts = plotTexts(m_window->plotView(0).plot());
  EXPECT_TRUE(zhTexts.contains(chinese)) << zhTexts.join(QLatin1Char('|')).toStdString();
  EXPECT_FALSE(zhTexts.contains(english));
  EXPECT_TRUE(zhTexts.contains(coreText(view.xLabel)));
  EXPECT_NE(m_window->windowTitle().indexOf(coreText(findScheme("sinusoidal").info().name)), -1);
  auto* title = m_window->parameterPanel().findChild<QLabel*>(QStringLiteral("schemeTitle"));
  ASSERT_TRUE(title);
  EXPECT_EQ(title->text(), coreText(findScheme("sinusoidal").info().name));
  // The undo history says its steps in the new language too.
  EXPECT_NE(m_window->undoStack().undoText(), QStringLiteral("Open session"));
  EXPECT_FALSE(m_window->undoStack().undoText().isEmpty());

  m_window->setLanguage(QStringLiteral("en"));
  QCoreApplication::processEvents();
  EXPECT_EQ(currentLanguage(), QStringLiteral("en"));
  EXPECT_TRUE(menuTitles(*m_window).contains(QStringLiteral("&File")));
  EXPECT_TRUE(plotTexts(m_window->plotView(0).plot()).contains(english));
  EXPECT_EQ(title->text(), qs(findScheme("sinusoidal").info().name));
  EXPECT_EQ(m_window->undoStack().undoText(), QStringLiteral("Open session"));
}

TEST_F(WindowLanguage, InvalidParameterMessageFollowsTheLanguage) {
  m_window->setLanguage(QStringLiteral("zh_CN"));
  QCoreApplication::processEvents();
  Session s;
  s.scheme = QStringLiteral("alibi");
  s.params = makeParams(findScheme("alibi"), {{"heads", "4"}, {"head", "3"}});
  m_window->applySession(s);
  auto* heads = m_window->parameterPanel().findChild<QSpinBox*>(QStringLiteral("param_heads"));
  ASSERT_TRUE(heads);
  heads->setValue(2);  // head 3 of 2: refused, said under the editor
  auto* error = m_window->parameterPanel().findChild<QLabel*>(QStringLiteral("error_head"));
  ASSERT_TRUE(error);
  EXPECT_TRUE(error->text().contains(QStringLiteral("参数"))) << error->text().toStdString();
  m_window->setLanguage(QStringLiteral("en"));
  QCoreApplication::processEvents();
  EXPECT_TRUE(error->text().contains(QStringLiteral("less than heads")))
      << error->text().toStdString();
}

TEST(CommandLanguage, ExportWithLangDrawsInChineseAndRestoresTheLanguage) {
  QTemporaryDir dir;
  const std::string svg = dir.filePath(QStringLiteral("sim.svg")).toStdString();
  std::ostringstream out, err;
  EXPECT_EQ(runCommand({"export", "--scheme", "sinusoidal", "--view", "similarity", "--lang",
                        "zh_CN", "--out", svg},
                       out, err),
            0)
      << err.str();
  EXPECT_EQ(currentLanguage(), QStringLiteral("en"));  // the caller's language is back
  QFile file(QString::fromStdString(svg));
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  const QString text = QString::fromUtf8(file.readAll());
  setLanguage(QStringLiteral("zh_CN"));
  const QString title = coreText(findView(findScheme("sinusoidal"), "similarity").title);
  setLanguage(QStringLiteral("en"));
  EXPECT_TRUE(text.contains(title.toHtmlEscaped()) || text.contains(title)) << title.toStdString();

  std::ostringstream out2, err2;
  EXPECT_EQ(runCommand({"export", "--scheme", "sinusoidal", "--view", "similarity", "--lang", "fr",
                        "--out", svg},
                       out2, err2),
            2);
  EXPECT_NE(err2.str().find("--lang"), std::string::npos) << err2.str();
}

}  // namespace
}  // namespace posenc::ui
