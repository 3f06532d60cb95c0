// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes mapConfig (model_config.hpp), the reader of a model's config.json. Beyond "no crash":
//   - every refusal is a ModelError whose message starts with the file name;
//   - an accepted config maps to a scheme with parameter assignments whose keys are non-empty,
//     and every tensor it asks for has at least one candidate name.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "posenc/model_config.hpp"

namespace {

[[noreturn]] void violated(const char* what, const std::string& detail) {
  std::fprintf(stderr, "model_config_fuzz: invariant violated: %s\n  %s\n", what, detail.c_str());
  std::abort();
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
  } catch (const posenc::ModelError& e) {
    if (std::string_view(e.what()).substr(0, 13) != "config.json: ")
      violated("ModelError does not start with the file", e.what());
  }
  return 0;
}
