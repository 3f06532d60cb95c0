// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/common/translation.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFont>
#include <QLibraryInfo>
#include <QPointer>
#include <QRegularExpression>
#include <QTranslator>
#include <atomic>
#include <memory>

#include "posenc/base/memory_budget.hpp"
#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc_ui/common/qt_string.h"

namespace posenc::ui {

namespace {

/// The translators installed by setLanguage, owned by the application (so they go with it).
/// Changed on the GUI thread only.
struct Installed {
  QPointer<QTranslator> own;  ///< PosEnc's messages.
  QPointer<QTranslator> qt;   ///< Qt's own (qtbase): standard dialogs and buttons.
};

Installed& installed() {
  static Installed state;
  return state;
}

/// Index in languageIds() of the language installed: read from any thread (the readout
/// translates on a worker), set by setLanguage and back to 0 (English) when the application,
/// and with it the translator, goes away.
std::atomic<int> g_language{0};

/// The font with the Simplified Chinese shapes of Han characters (Debian's fonts-noto-cjk).
/// Fontconfig falls back to the Japanese variant of Noto CJK unless the system locale is
/// Chinese, so in Chinese the application font names it after its own families.
const char* const kChineseFamily = "Noto Sans CJK SC";

void preferFontFor(const QString& id) {
  if (!qobject_cast<QApplication*>(QCoreApplication::instance())) return;
  QFont font = QApplication::font();
  QStringList families = font.families();
  if (families.isEmpty()) families << font.family();
  const QString chinese = QString::fromLatin1(kChineseFamily);
  if (families.contains(chinese) == (id == QLatin1String("zh_CN"))) return;
  families.removeAll(chinese);
  if (id == QLatin1String("zh_CN")) families << chinese;
  font.setFamilies(families);
  QApplication::setFont(font);
}

const QRegularExpression& numberExpression() {
  static const QRegularExpression re(QStringLiteral(R"(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)"));
  return re;
}

/// `pattern` with %1, %2, ... replaced by `values` in one pass (a value is never re-read).
QString fill(const QString& pattern, const QStringList& values) {
  static const QRegularExpression marker(QStringLiteral(R"(%(\d+))"));
  QString out;
  qsizetype at = 0;
  auto it = marker.globalMatch(pattern);
  while (it.hasNext()) {
    const QRegularExpressionMatch m = it.next();
    out += pattern.mid(at, m.capturedStart() - at);
    const int k = m.captured(1).toInt();
    out += (k >= 1 && k <= values.size()) ? values[k - 1] : m.captured(0);
    at = m.capturedEnd();
  }
  return out + pattern.mid(at);
}

/// "a, b or c" -> the list in the current language ("a、b 或 c"); the items are ids.
QString localList(const QString& list) {
  static const QRegularExpression separator(QStringLiteral(R"(, | or )"));
  const QStringList items = list.split(separator, Qt::SkipEmptyParts);
  if (items.size() < 2) return list;
  const QString comma = QCoreApplication::translate("posenc::ui::Allowed", ", ", "list separator");
  const QString last =
      QCoreApplication::translate("posenc::ui::Allowed", "%1 or %2", "last two items of a list");
  return fill(last, {items.mid(0, items.size() - 1).join(comma), items.back()});
}

/// One phrasing of what a parameter allows: an English regular expression over the whole
/// text and its translatable template, whose %1, %2, ... are the captures in order.
struct Phrase {
  const char* pattern = nullptr;
  const char* text = nullptr;
  int listCapture = 0;  ///< 1-based capture holding a list of ids (0: none).
};

// The phrasings of core/src/base/params.cpp (allowedText, checkHeadIndex, checkHeadsDivide) and of
// the schemes' cross-checks. Anything else goes through coreText (exact, then by number pattern).
const Phrase kPhrases[] = {
    {R"(an integer from (\S+) to (\S+))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "an integer from %1 to %2")},
    {R"(an even integer from (\S+) to (\S+))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "an even integer from %1 to %2")},
    {R"(a finite number from (\S+) to (\S+))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "a finite number from %1 to %2")},
    {R"(a finite number above (\S+) and at most (\S+))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "a finite number above %1 and at most %2")},
    {R"(a comma-separated list of at most (\d+) numbers, each above (\S+) and at most (\S+) \(empty: not given\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "a comma-separated list of at most %1 numbers, each above %2 and at most "
                       "%3 (empty: not given)")},
    {R"(a comma-separated list of at most (\d+) numbers, each from (\S+) to (\S+) \(empty: not given\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "a comma-separated list of at most %1 numbers, each from %2 to %3 (empty: "
                       "not given)")},
    {R"(true or false)", QT_TRANSLATE_NOOP("posenc::ui::Allowed", "true or false")},
    {R"(a line of text of at most (\d+) bytes without control characters \(empty: not given\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "a line of text of at most %1 bytes without control characters (empty: "
                       "not given)")},
    {R"(one of (.+))", QT_TRANSLATE_NOOP("posenc::ui::Allowed", "one of %1"), 1},
    {R"(at most max_len - offset \((\d+)\) when overflow = error; choose overflow = clamp or repeat to look past the table)",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "at most max_len - offset (%1) when overflow = error; choose overflow = "
                       "clamp or repeat to look past the table")},
    {R"(less than max_len \((\d+)\), the table's rows)",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "less than max_len (%1), the table's rows")},
    {R"(a side whose grid\^2 patches and \[CLS\] fit in max_len \((\d+)\) rows)",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "a side whose grid^2 patches and [CLS] fit in max_len (%1) rows")},
    {R"(a table with at least one row and one column)",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "a table with at least one row and one column")},
    {R"(less than heads \((\d+)\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "less than heads (%1)")},
    {R"(a multiple of heads \((\d+)\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "a multiple of heads (%1)")},
    {R"(less than dim/2 \((\d+)\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "less than dim/2 (%1)")},
    {R"(at most max_len \((\d+)\) when overflow = error; choose overflow = clamp or repeat to look past the table)",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "at most max_len (%1) when overflow = error; choose overflow = clamp or "
                       "repeat to look past the table")},
    {R"(less than d_rot/2 \((\d+)\), d_rot = int\(dim \* partial_rotary_factor\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "less than d_rot/2 (%1), d_rot = int(dim * partial_rotary_factor)")},
    {R"(greater than beta_slow \((\S+)\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "greater than beta_slow (%1)")},
    {R"(less than high_freq_factor \((\S+)\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "less than high_freq_factor (%1)")},
    {R"((\d+) positive numbers \(one per rotated pair, d_rot/2\), not (\d+) numbers)",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "%1 positive numbers (one per rotated pair, d_rot/2), not %2 numbers")},
    {R"((\d+) positive numbers \(one per rotated pair, d_rot/2\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "%1 positive numbers (one per rotated pair, d_rot/2)")},
    {R"((\d+) positive numbers with scaling longrope \(both lists are needed\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "%1 positive numbers with scaling longrope (both lists are needed)")},
    {R"(a share of dim \((\d+)\) whose int\(dim \* f\) is even and at least 2 \(here (\d+)\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "a share of dim (%1) whose int(dim * f) is even and at least 2 (here %2)")},
    {R"(a share of dim giving d_rot at least 4 with scaling (\S+) \(its exponent d/\(d-2\) is undefined for d = 2\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "a share of dim giving d_rot at least 4 with scaling %1 (its exponent "
                       "d/(d-2) is undefined for d = 2)")},
    {R"(a number above (\S+) and at most (\S+))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "a number above %1 and at most %2")},
    {R"(a number from 0 \(the scaling's own rule\) to (\S+))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "a number from 0 (the scaling's own rule) to %1")},
    {R"(a number from 0 \(not given\) to (\S+))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "a number from 0 (not given) to %1")},
    {R"(at least 4 with scaling (\S+) \(its exponent d/\(d-2\) is undefined for d = 2\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "at least 4 with scaling %1 (its exponent d/(d-2) is undefined for d = 2)")},
    {R"(greater than max_exact = (\d+) \(buckets/4 when bidirectional\): .*)",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "greater than max_exact = %1 (buckets/4 when bidirectional): the "
                       "log-spaced buckets divide by ln(max_distance / max_exact), which is zero "
                       "or negative otherwise")},
    {R"(greater than max_exact = (\d+) \(buckets/2 when unidirectional\): .*)",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "greater than max_exact = %1 (buckets/2 when unidirectional): the "
                       "log-spaced buckets divide by ln(max_distance / max_exact), which is zero "
                       "or negative otherwise")},
    {R"(greater than buckets/4 = (\d+) \(T5 bidirectional max_exact\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "greater than buckets/4 = %1 (T5 bidirectional max_exact)")},
    {R"(even when relative = sinusoidal \(R_delta holds d_model/2 sines and d_model/2 cosines\))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "even when relative = sinusoidal (R_delta holds d_model/2 sines and "
                       "d_model/2 cosines)")},
    {R"(a length the (\S+) view can draw: it needs every key of a row before any weight is known \(softmax\), so rows are capped at (\d+) keys and (.+) = (\d+) is longer; the other views go to (\d+) positions)",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed",
                       "a length the %1 view can draw: it needs every key of a row before any "
                       "weight is known (softmax), so rows are capped at %2 keys and %3 = %4 is "
                       "longer; the other views go to %5 positions")},
    {R"(at most the memory budget of (.+))",
     QT_TRANSLATE_NOOP("posenc::ui::Allowed", "at most the memory budget of %1")},
};

QString translatePhrase(const QString& allowed, bool* matched) {
  *matched = false;
  for (const Phrase& p : kPhrases) {
    const QRegularExpression re(QStringLiteral("^") + QLatin1String(p.pattern) +
                                QStringLiteral("$"));
    const QRegularExpressionMatch m = re.match(allowed);
    if (!m.hasMatch()) continue;
    QStringList values;
    for (int k = 1; k <= m.lastCapturedIndex(); ++k)
      values << (k == p.listCapture ? localList(m.captured(k)) : m.captured(k));
    *matched = true;
    return fill(QCoreApplication::translate("posenc::ui::Allowed", p.text), values);
  }
  return allowed;
}

/// "sinusoidal view 'similarity' at 4096 x 4096 cells" (what checkMemory is told a request is).
QString requestText(const QString& request) {
  static const QRegularExpression re(
      QStringLiteral(R"(^(\S+) view '([^']+)' at (\d+) x (\d+) cells$)"));
  const QRegularExpressionMatch m = re.match(request);
  if (!m.hasMatch()) return request;
  return QCoreApplication::translate("posenc::ui::Allowed", "%1 view '%2' at %3 x %4 cells")
      .arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4));
}

QString memoryMessage(const MemoryBudgetError& e) {
  const QString what = QString::fromUtf8(e.what());
  const qsizetype needs = what.indexOf(QLatin1String(" needs "));
  const QString request = needs > 0 ? requestText(what.left(needs)) : QString();
  const QString needed = qs(humanBytes(e.needed()));
  const QString budget = qs(humanBytes(static_cast<double>(e.budget().bytes)));
  return QCoreApplication::translate(
             "posenc::ui::Allowed",
             "%1 needs %2, more than the memory budget of %3 (%4); ask for less (a smaller "
             "length, region or picture) or raise the budget with --memory-budget SIZE or %5")
      .arg(request, needed, budget, qs(e.budget().source), QString::fromLatin1(kMemoryBudgetEnv));
}

}  // namespace

QStringList languageIds() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }

bool isLanguage(const QString& id) { return languageIds().contains(id); }

QString languageName(const QString& id) {
  if (id == QLatin1String("zh_CN")) return QStringLiteral("简体中文");
  if (id == QLatin1String("en")) return QStringLiteral("English");
  return id;
}

QString systemLanguage(const QLocale& locale) {
  if (locale.language() != QLocale::Chinese) return QStringLiteral("en");
  if (locale.script() == QLocale::SimplifiedChineseScript) return QStringLiteral("zh_CN");
  if (locale.script() == QLocale::TraditionalChineseScript) return QStringLiteral("en");
  // No script given: mainland China and Singapore write simplified characters.
  const QLocale::Territory t = locale.territory();
  return t == QLocale::Taiwan || t == QLocale::HongKong || t == QLocale::Macao
             ? QStringLiteral("en")
             : QStringLiteral("zh_CN");
}

QString currentLanguage() {
  const QStringList ids = languageIds();
  const int index = g_language.load();
  return index > 0 && index < ids.size() ? ids[index] : ids.front();
}

bool setLanguage(const QString& id) {
  QCoreApplication* app = QCoreApplication::instance();
  if (!app || !isLanguage(id)) return false;
  if (id == currentLanguage()) return true;
  std::unique_ptr<QTranslator> own;
  std::unique_ptr<QTranslator> qt;
  if (id != QLatin1String("en")) {
    own = std::make_unique<QTranslator>();
    if (!own->load(QStringLiteral(":/i18n/posenc_%1.qm").arg(id))) return false;
    qt = std::make_unique<QTranslator>();
    if (!qt->load(QStringLiteral("qtbase_%1").arg(id),
                  QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
      qt.reset();
  }
  Installed& st = installed();
  for (QPointer<QTranslator>* old : {&st.own, &st.qt}) {
    if (!*old) continue;
    QCoreApplication::removeTranslator(*old);
    delete old->data();
  }
  // The translator installed last is asked first: PosEnc's own wins over Qt's.
  if (qt) {
    qt->setParent(app);
    QCoreApplication::installTranslator(qt.get());
    st.qt = qt.release();
  }
  if (own) {
    own->setParent(app);
    QObject::connect(own.get(), &QObject::destroyed, [] { g_language.store(0); });
    QCoreApplication::installTranslator(own.get());
    st.own = own.release();
  }
  g_language.store(static_cast<int>(languageIds().indexOf(id)));
  preferFontFor(id);
  return true;
}

QString substitute(const QString& pattern, const QStringList& values) {
  return fill(pattern, values);
}

QString numberPattern(const QString& text, QStringList* numbers) {
  QString out;
  qsizetype at = 0;
  int k = 0;
  auto it = numberExpression().globalMatch(text);
  while (it.hasNext()) {
    const QRegularExpressionMatch m = it.next();
    out += text.mid(at, m.capturedStart() - at);
    out += QLatin1Char('%') + QString::number(++k);
    if (numbers) numbers->append(m.captured(0));
    at = m.capturedEnd();
  }
  return out + text.mid(at);
}

QString coreText(const QString& text) {
  if (text.isEmpty()) return text;
  const QByteArray utf8 = text.toUtf8();
  QString exact = QCoreApplication::translate(kCoreContext, utf8.constData());
  if (exact != text) return exact;
  QStringList numbers;
  const QString pattern = numberPattern(text, &numbers);
  if (numbers.isEmpty()) return text;
  const QByteArray key = pattern.toUtf8();
  const QString translated = QCoreApplication::translate(kCoreContext, key.constData());
  return translated == pattern ? text : fill(translated, numbers);
}

QString coreText(std::string_view text) {
  return coreText(QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())));
}

QString viewTabText(std::string_view viewId) {
  const std::string id(viewId);
  return QCoreApplication::translate(kViewTabContext, id.c_str());
}

QString presetText(const QString& text) {
  if (text.isEmpty()) return text;
  const QByteArray utf8 = text.toUtf8();
  return QCoreApplication::translate(kPresetContext, utf8.constData());
}

QString allowedPhrase(const std::string& allowed) {
  const QString text = qs(allowed);
  bool matched = false;
  const QString phrase = translatePhrase(text, &matched);
  return matched ? phrase : coreText(text);
}

QString errorMessage(const std::exception& e) {
  if (currentLanguage() == QLatin1String("en")) return QString::fromUtf8(e.what());
  if (const auto* memory = dynamic_cast<const MemoryBudgetError*>(&e))
    return memoryMessage(*memory);
  if (const auto* p = dynamic_cast<const ParamError*>(&e)) {
    return QCoreApplication::translate("posenc::ui::Allowed", "parameter '%1' = '%2': must be %3")
        .arg(qs(p->param()), qs(p->value()), allowedPhrase(p->allowed()));
  }
  return coreText(QString::fromUtf8(e.what()));
}

QString errorMessage(const std::exception_ptr& e) {
  if (!e) return {};
  try {
    std::rethrow_exception(e);
  } catch (const std::bad_alloc&) {
    return QCoreApplication::translate("posenc::ui::Allowed",
                                       "out of memory: ask for a smaller region or fewer samples");
  } catch (const std::exception& ex) {
    return errorMessage(ex);
  } catch (...) {
    return QCoreApplication::translate("posenc::ui::Allowed", "unknown error");
  }
}

}  // namespace posenc::ui
