// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/base/message.hpp"

#include <cstddef>
#include <mutex>
#include <utility>

namespace posenc {

namespace {

/// The catalogue: templates register from static initialisers and, for function-local
/// statics, from whichever thread reaches them first.
struct Catalogue {
  std::mutex mutex;
  std::vector<const MessageTemplate*> templates;
};

Catalogue& catalogue() {
  static Catalogue c;
  return c;
}

}  // namespace

MessageTemplate::MessageTemplate(const char* english, const char* comment)
    : m_english(english), m_comment(comment) {
  Catalogue& c = catalogue();
  const std::lock_guard<std::mutex> lock(c.mutex);
  c.templates.push_back(this);
}

std::vector<const MessageTemplate*> allMessageTemplates() {
  Catalogue& c = catalogue();
  const std::lock_guard<std::mutex> lock(c.mutex);
  return c.templates;
}

MessageArg::MessageArg(std::string text) : m_text(std::move(text)) {}
MessageArg::MessageArg(const char* text) : m_text(text) {}
MessageArg::MessageArg(std::string_view text) : m_text(text) {}
MessageArg::MessageArg(const Message& nested)
    : m_kind(Kind::Nested), m_nested(std::make_shared<const Message>(nested)) {}

MessageArg MessageArg::list(std::vector<std::string> items) {
  MessageArg a;
  a.m_kind = Kind::List;
  a.m_items = std::move(items);
  return a;
}

std::string MessageArg::english() const {
  switch (m_kind) {
    case Kind::List:
      return englishList(m_items);
    case Kind::Nested:
      return m_nested->english();
    case Kind::Text:
      break;
  }
  return m_text;
}

Message::Message(const MessageTemplate& sentence, std::vector<MessageArg> args)
    : m_template(&sentence), m_args(std::move(args)) {}

std::string Message::english() const {
  if (!m_template) return {};
  std::vector<std::string> values;
  values.reserve(m_args.size());
  for (const MessageArg& a : m_args) values.push_back(a.english());
  return fillHoles(m_template->english(), values);
}

std::string fillHoles(std::string_view pattern, const std::vector<std::string>& values) {
  std::string out;
  out.reserve(pattern.size());
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '%' && i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9') {
      const auto k = static_cast<std::size_t>(pattern[i + 1] - '1');
      if (k < values.size()) {
        out += values[k];
        ++i;
        continue;
      }
    }
    out += c;
  }
  return out;
}

std::string englishList(const std::vector<std::string>& items) {
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i != 0) s += i + 1 == items.size() ? " or " : ", ";
    s += items[i];
  }
  return s;
}

}  // namespace posenc
