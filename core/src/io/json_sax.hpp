// SPDX-License-Identifier: GPL-3.0-or-later
// A base for the readers that parse JSON as events (nlohmann::json::sax_parse) and build what
// they read directly, instead of holding a document tree (16 to 80 bytes a value, where the
// file spends a few): every event is accepted and ignored, and `depth` counts the open
// objects and arrays. A reader overrides the events it needs and calls the base's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace posenc::detail {

struct JsonSaxBase : nlohmann::json_sax<nlohmann::json> {
  std::size_t depth = 0;     ///< Objects and arrays open.
  bool syntaxError = false;  ///< parse_error was called.
  std::size_t errorAt = 0;   ///< Its byte position.

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override {
    ++depth;
    return true;
  }
  bool key(string_t&) override { return true; }
  bool end_object() override {
    --depth;
    return true;
  }
  bool start_array(std::size_t) override {
    ++depth;
    return true;
  }
  bool end_array() override {
    --depth;
    return true;
  }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception&) override {
    syntaxError = true;
    errorAt = position;
    return false;
  }
};

/// Parses `[first, last)` with `handler`; false when the text is not one JSON value.
template <class Handler>
bool parseJsonEvents(const char* first, const char* last, Handler& handler) {
  return nlohmann::json::sax_parse(first, last, &handler) && !handler.syntaxError;
}

}  // namespace posenc::detail
