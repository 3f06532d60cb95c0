// SPDX-License-Identifier: GPL-3.0-or-later
// Sentences of the core as data: a template with numbered holes (%1, %2, ...) and the values
// that fill them. The core renders the English (the what() of its errors, the command line);
// the window renders the same message in the user's language from the template's translation
// and the same values (posenc_ui/common/translation.h, messageText), so it never reads the
// core's English back.
//
//   static const MessageTemplate kLessThanHeads{"less than heads (%1)"};
//   throw ParamError("head", text(head), Message(kLessThanHeads, {text(heads)}));
//
// Every template registers itself in the catalogue when it is constructed (allMessageTemplates):
// posenc_extract_strings lists the catalogue for the translators, and a test requires a Chinese
// translation of each.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace posenc {

/// One sentence with holes %1 .. %9, in English. A template has static storage duration (a
/// namespace-scope or function-local static): the catalogue and every Message point at it.
class MessageTemplate {
 public:
  /// `english`: the sentence, its holes written %1, %2, ...; `comment`: a note for the
  /// translator (what the holes hold), or "".
  explicit MessageTemplate(const char* english, const char* comment = "");
  MessageTemplate(const MessageTemplate&) = delete;
  MessageTemplate& operator=(const MessageTemplate&) = delete;
  MessageTemplate(MessageTemplate&&) = delete;
  MessageTemplate& operator=(MessageTemplate&&) = delete;
  ~MessageTemplate() = default;

  [[nodiscard]] const char* english() const { return m_english; }
  [[nodiscard]] const char* comment() const { return m_comment; }

 private:
  const char* m_english;
  const char* m_comment;
};

/// Every template constructed so far, in the order they registered: those of every object file
/// linked into the program (a static library's unused object files are not).
[[nodiscard]] std::vector<const MessageTemplate*> allMessageTemplates();

class Message;

/// What fills a hole: text shown as is (a number, an id, a name; whoever builds it passes text
/// from a file through the printable filter first), a list of ids (English "a, b or c"), or
/// another message (translated in its turn).
class MessageArg {
 public:
  enum class Kind { Text, List, Nested };
  // cppcheck-suppress noExplicitConstructor ; a hole reads text, a number or a message as is
  MessageArg(std::string text);  // NOLINT(google-explicit-constructor): holes read as text
  // cppcheck-suppress noExplicitConstructor ; a hole reads text, a number or a message as is
  MessageArg(const char* text);  // NOLINT(google-explicit-constructor)
  // cppcheck-suppress noExplicitConstructor ; a hole reads text, a number or a message as is
  MessageArg(std::string_view text);  // NOLINT(google-explicit-constructor)
  // cppcheck-suppress noExplicitConstructor ; a hole reads text, a number or a message as is
  MessageArg(const Message& nested);  // NOLINT(google-explicit-constructor)
  /// A list of ids, "a, b or c" in English.
  [[nodiscard]] static MessageArg list(std::vector<std::string> items);

  [[nodiscard]] Kind kind() const { return m_kind; }
  [[nodiscard]] const std::string& text() const { return m_text; }
  [[nodiscard]] const std::vector<std::string>& items() const { return m_items; }
  /// The nested message (Kind::Nested only).
  [[nodiscard]] const Message& nested() const { return *m_nested; }
  /// The English text of this argument.
  [[nodiscard]] std::string english() const;

 private:
  MessageArg() = default;
  Kind m_kind = Kind::Text;
  std::string m_text{};
  std::vector<std::string> m_items{};
  std::shared_ptr<const Message> m_nested{};
};

/// A template and the values of its holes.
class Message {
 public:
  /// The empty message: no template, English "".
  Message() = default;
  explicit Message(const MessageTemplate& sentence, std::vector<MessageArg> args = {});

  [[nodiscard]] bool empty() const { return m_template == nullptr; }
  /// The template (nullptr for the empty message).
  [[nodiscard]] const MessageTemplate* sentence() const { return m_template; }
  [[nodiscard]] const std::vector<MessageArg>& args() const { return m_args; }
  /// The English sentence, holes filled.
  [[nodiscard]] std::string english() const;
  /// The same template with the same English: the same sentence in every language.
  friend bool operator==(const Message& a, const Message& b) {
    return a.m_template == b.m_template && a.english() == b.english();
  }

 private:
  const MessageTemplate* m_template = nullptr;
  std::vector<MessageArg> m_args{};
};

/// An error whose sentence is data (ParamError, MemoryBudgetError, ...): what() is
/// message().english(), and the window shows messageText(message()) in its own language.
class MessageError {
 public:
  MessageError() = default;
  MessageError(const MessageError&) = default;
  MessageError& operator=(const MessageError&) = default;
  MessageError(MessageError&&) = default;
  MessageError& operator=(MessageError&&) = default;
  virtual ~MessageError() = default;
  [[nodiscard]] virtual const Message& message() const = 0;
};

/// `pattern` with %1 .. %9 replaced by values[k - 1] in one pass (a value is never re-read; a
/// hole without a value stays as written; "%%" is not special).
[[nodiscard]] std::string fillHoles(std::string_view pattern,
                                    const std::vector<std::string>& values);

/// "a", "a or b", "a, b or c".
[[nodiscard]] std::string englishList(const std::vector<std::string>& items);

}  // namespace posenc
