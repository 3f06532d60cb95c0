// SPDX-License-Identifier: GPL-3.0-or-later
// How a model's config maps to `alibi` (its SchemeModel hook, base/scheme_hooks.hpp): BLOOM,
// Falcon with alibi: true, and MPT with attn_config.alibi; only the head count is read (the
// slopes follow from it), nothing is learned.
#include <cstdint>
#include <string>

#include "models/config_reader.hpp"
#include "schemes/alibi/alibi_hooks.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kMptLearned{
    "this MPT model uses a learned position table (attn_config.alibi is not true), which is "
    "not mapped yet"};

/// The head count, under the key each family's configuration class names it.
std::int64_t alibiHeads(const ConfigReader& c, const std::string& type, const std::string& file) {
  if (type == "falcon") return required(c, {"num_attention_heads", "n_head"}, file);
  if (type == "mpt") {
    const auto attn = c.object("attn_config");
    if (!attn || !attn->flag("alibi").value_or(false)) throw ModelError(file, Message(kMptLearned));
    return required(c, {"n_heads"}, file);
  }
  return required(c, {"n_head", "num_attention_heads"}, file);  // BLOOM
}

void mapAlibi(const ConfigReader& c, const std::string& type, const std::string& file,
              ModelMapping& m) {
  set(m.params, "heads", wholeText(alibiHeads(c, type, file)));
}

}  // namespace

SchemeModel alibiModel() { return {.map = mapAlibi}; }

}  // namespace posenc::detail
