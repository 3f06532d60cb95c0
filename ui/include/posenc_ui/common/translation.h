// SPDX-License-Identifier: GPL-3.0-or-later
// English and Simplified Chinese: installing the Qt Linguist translators, and showing the core's
// strings (scheme names, parameter descriptions, view titles and labels, term and curve names,
// error messages) in the current language. The core stays Qt-free: its English strings are the
// message sources, translated here at display time in the context "posenc::core".
#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>
#include <exception>
#include <string>
#include <string_view>

#include "posenc/base/message.hpp"

namespace posenc::ui {

/// Translation contexts of the strings that do not come from a tr() call in ui/ (they are
/// listed for lupdate in resources/translations/core_strings.cpp, made by
/// scripts/update_translations.sh).
inline constexpr const char* kCoreContext = "posenc::core";         ///< registry, terms, curves
inline constexpr const char* kViewTabContext = "posenc::view-tab";  ///< short tab label per view id
inline constexpr const char* kPresetContext = "posenc::presets";    ///< preset names, descriptions
inline constexpr const char* kMessageContext = "posenc::Message";   ///< posenc::MessageTemplate

/// Language ids, in menu order: "en" (English, the source language of every string) and
/// "zh_CN" (Simplified Chinese).
[[nodiscard]] QStringList languageIds();
/// True for an id of languageIds().
[[nodiscard]] bool isLanguage(const QString& id);
/// A language's own name ("English", "简体中文"), never translated, for the Language menu.
[[nodiscard]] QString languageName(const QString& id);
/// The language `locale` asks for: "zh_CN" for Chinese in the simplified script (zh_CN,
/// zh_SG, zh_Hans_*), "en" for everything else (including traditional Chinese, which has
/// no translation yet).
[[nodiscard]] QString systemLanguage(const QLocale& locale = QLocale::system());
/// The language whose translators are installed now ("en" when none are).
[[nodiscard]] QString currentLanguage();
/// Installs the translators of `id` on the application, replacing those of the previous
/// language: PosEnc's own (":/i18n/posenc_<id>.qm", embedded) and Qt's (qtbase_<id>.qm from
/// the Qt translations folder, for standard dialogs and buttons; skipped if not installed).
/// Qt then sends QEvent::LanguageChange to every widget, which retranslate at once.
/// Needs a QCoreApplication. Returns false, changing nothing, for an id not in languageIds()
/// or when PosEnc's translation cannot be loaded.
bool setLanguage(const QString& id);

/// `pattern` with each %1, %2, ... replaced by values[0], values[1], ... in one pass. Unlike
/// QString::arg, markers keep their numbers when a translation leaves one out (a template may
/// offer "%1 = 512th" and "%2 = 512" and a language use only the one it needs).
[[nodiscard]] QString substitute(const QString& pattern, const QStringList& values);

/// `text` with every number (digits, optionally ".digits" and an exponent) replaced by %1,
/// %2, ... in order of appearance; the numbers go to `numbers`. "pair 3 (theta_k = 0.25)"
/// -> "pair %1 (theta_k = %2)". The form in which names that carry parameter-dependent
/// numbers are translated.
[[nodiscard]] QString numberPattern(const QString& text, QStringList* numbers = nullptr);

/// A string of the core in the current language: its exact translation in kCoreContext if
/// there is one, else the translation of its numberPattern with the numbers put back, else
/// `text` itself (English).
[[nodiscard]] QString coreText(std::string_view text);
[[nodiscard]] QString coreText(const QString& text);
/// The tab label of a view: its short translated name in kViewTabContext, or its id.
[[nodiscard]] QString viewTabText(std::string_view viewId);
/// A preset's name or description in the current language (kPresetContext), or `text`.
[[nodiscard]] QString presetText(const QString& text);

/// A message of the core (posenc::Message: a template and the values of its holes) in the
/// current language: the template's translation in kMessageContext with the values put in its
/// holes, a list of ids joined the language's way ("a、b 或 c"), a nested message in its turn.
/// In English, or for a template without a translation, message.english(). The ui never
/// reads the core's English back: what a parameter allows, a refused value and a request over
/// the memory budget all arrive as data.
[[nodiscard]] QString messageText(const posenc::Message& message);
/// The message of an exception in the current language: messageText of a posenc::MessageError
/// (ParamError, MemoryBudgetError, ...: "参数 'dim' = '7'：应为 2 到 8192 之间的偶数"); any
/// other exception's what() through coreText (in English, `e.what()` exactly).
[[nodiscard]] QString errorMessage(const std::exception& e);
/// Same for a stored exception (e.g. a failed computation's); empty for a null pointer.
[[nodiscard]] QString errorMessage(const std::exception_ptr& e);

}  // namespace posenc::ui
