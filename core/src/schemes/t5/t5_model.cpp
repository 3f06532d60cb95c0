// SPDX-License-Identifier: GPL-3.0-or-later
// How a model's config maps to `t5` (its SchemeModel hook, base/scheme_hooks.hpp): T5, mT5 and
// UMT5's relative attention bias of the first layer of each stack, and the shape T5Attention
// gives it, `nn.Embedding(num_buckets, n_heads)` (huggingface/transformers
// models/t5/modeling_t5.py).
#include <cstdint>
#include <string>
#include <vector>

#include "models/config_reader.hpp"
#include "schemes/t5/t5_hooks.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kUmt5Note{
    "UMT5 learns a bias table in every layer; the first layer's is drawn"};

void mapT5(const ConfigReader& c, const std::string& /*type*/, const std::string& file,
           ModelMapping& m) {
  set(m.params, "buckets", wholeText(c.whole("relative_attention_num_buckets").value_or(32)));
  set(m.params, "max_distance",
      wholeText(c.whole("relative_attention_max_distance").value_or(128)));
  set(m.params, "heads", wholeText(required(c, {"num_heads"}, file)));
  for (const char* stack : {"encoder", "decoder"}) {
    const std::string name =
        std::string(stack) + ".block.0.layer.0.SelfAttention.relative_attention_bias.weight";
    // Both stacks feed `table` with the file only: the scheme's `stack` picks the tensor.
    m.tensors.push_back(
        {std::string("relative bias (") + stack + ")", {name}, "table", /*fileOnly=*/true});
  }
  if (m.modelType == "umt5") m.notes.emplace_back(kUmt5Note);
}

std::vector<std::int64_t> t5Shape(const ModelMapping& m) {
  return {mappedWhole(m, "buckets"), mappedWhole(m, "heads")};
}

}  // namespace

SchemeModel t5Model() { return {.map = mapT5, .expectedShape = t5Shape}; }

}  // namespace posenc::detail
