// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/common/translation.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFont>
#include <QLibraryInfo>
#include <QPointer>
#include <QTranslator>
#include <atomic>
#include <memory>

#include "posenc/base/message.hpp"
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

/// The length of the number at the start of `text` (digits, optionally ".digits", optionally
/// an exponent "e+12"), 0 when it starts with none.
qsizetype numberLength(QStringView text) {
  const auto digits = [&](qsizetype at) {
    qsizetype k = at;
    while (k < text.size() && text[k].isDigit() && text[k].unicode() < 0x80) ++k;
    return k - at;
  };
  qsizetype n = digits(0);
  if (n == 0) return 0;
  if (n + 1 < text.size() && text[n] == QLatin1Char('.')) {
    const qsizetype fraction = digits(n + 1);
    if (fraction > 0) n += 1 + fraction;
  }
  if (n < text.size() && (text[n] == QLatin1Char('e') || text[n] == QLatin1Char('E'))) {
    qsizetype at = n + 1;
    if (at < text.size() && (text[at] == QLatin1Char('+') || text[at] == QLatin1Char('-'))) ++at;
    const qsizetype exponent = digits(at);
    if (exponent > 0) n = at + exponent;
  }
  return n;
}

/// `pattern` with %1, %2, ... replaced by `values` in one pass (a value is never re-read).
QString fill(const QString& pattern, const QStringList& values) {
  QString out;
  out.reserve(pattern.size());
  for (qsizetype i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == QLatin1Char('%') && i + 1 < pattern.size() && pattern[i + 1].isDigit()) {
      qsizetype end = i + 1;
      while (end < pattern.size() && pattern[end].isDigit() && pattern[end].unicode() < 0x80) ++end;
      bool ok = false;
      const int k = pattern.mid(i + 1, end - i - 1).toInt(&ok);
      if (ok && k >= 1 && k <= values.size()) {
        out += values[k - 1];
        i = end - 1;
        continue;
      }
    }
    out += pattern[i];
  }
  return out;
}

/// Ids as a list in the current language: "a, b or c", "a、b 或 c".
QString localList(const std::vector<std::string>& ids) {
  QStringList items;
  for (const std::string& id : ids) items << qs(id);
  if (items.size() < 2) return items.join(QString());
  const QString comma = QCoreApplication::translate("posenc::ui::Allowed", ", ", "list separator");
  const QString last =
      QCoreApplication::translate("posenc::ui::Allowed", "%1 or %2", "last two items of a list");
  return fill(last, {items.mid(0, items.size() - 1).join(comma), items.back()});
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
  int k = 0;
  for (qsizetype i = 0; i < text.size();) {
    // A number starts at any ASCII digit, as the numbers of core_strings.cpp were cut.
    const qsizetype n =
        text[i].unicode() < 0x80 && text[i].isDigit() ? numberLength(QStringView(text).mid(i)) : 0;
    if (n == 0) {
      out += text[i++];
      continue;
    }
    out += QLatin1Char('%') + QString::number(++k);
    if (numbers) numbers->append(text.mid(i, n));
    i += n;
  }
  return out;
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

QString messageText(const Message& message) {
  if (message.empty()) return {};
  if (currentLanguage() == QLatin1String("en")) return qs(message.english());
  QStringList values;
  for (const MessageArg& a : message.args()) {
    switch (a.kind()) {
      case MessageArg::Kind::Text:
        values << qs(a.text());
        break;
      case MessageArg::Kind::List:
        values << localList(a.items());
        break;
      case MessageArg::Kind::Nested:
        values << messageText(a.nested());
        break;
    }
  }
  return fill(QCoreApplication::translate(kMessageContext, message.sentence()->english()), values);
}

QString errorMessage(const std::exception& e) {
  if (currentLanguage() == QLatin1String("en")) return QString::fromUtf8(e.what());
  if (const auto* m = dynamic_cast<const MessageError*>(&e)) return messageText(m->message());
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
