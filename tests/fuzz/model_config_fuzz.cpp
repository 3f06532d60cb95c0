// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes mapConfig (model_config.hpp), the reader of a model's config.json. Beyond "no crash":
//   - every refusal is a ModelError whose message starts with the file name;
//   - an accepted config maps to a scheme with parameter assignments whose keys are non-empty,
//     and every tensor it asks for has at least one candidate name;
//   - no message, not-understood line or note holds a control character (issue 27 item 7: the
//     file's text reaches the terminal through the one printable filter only).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "posenc/models/model_config.hpp"

namespace {

[[noreturn]] void violated(const char* what, const std::string& detail) {
  std::fprintf(stderr, "model_config_fuzz: invariant violated: %s\n  %s\n", what, detail.c_str());
  std::abort();
}

/// Whether `s` holds a C0 control, DEL or a C1 control written as UTF-8.
bool hasControl(std::string_view s) {
  for (std::size_t k = 0; k < s.size(); ++k) {
    const auto u = static_cast<unsigned char>(s[k]);
    if (u < 0x20 || u == 0x7f) return true;
    if (u == 0xC2 && k + 1 < s.size() && static_cast<unsigned char>(s[k + 1]) < 0xA0) return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const posenc::ModelMapping m = posenc::mapConfig(text, "config.json");
    if (m.scheme.empty()) violated("accepted without a scheme", std::string(text.substr(0, 200)));
    for (const auto& [key, value] : m.params)
      if (key.empty()) violated("an assignment without a key", value);
    for (const posenc::TensorUse& t : m.tensors)
      if (t.names.empty()) violated("a tensor without a name", t.role);
    for (const auto* lines : {&m.notUnderstood, &m.notes})
      for (const posenc::Message& line : *lines)
        if (hasControl(line.english())) violated("a control character in a note", line.english());
  } catch (const posenc::ModelError& e) {
    if (std::string_view(e.what()).substr(0, 13) != "config.json: ")
      violated("ModelError does not start with the file", e.what());
    if (hasControl(e.what())) violated("a control character in a ModelError", e.what());
  }
  return 0;
}
