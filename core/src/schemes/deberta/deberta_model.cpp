// SPDX-License-Identifier: GPL-3.0-or-later
// How a model's config maps to `deberta` (its SchemeModel hook, base/scheme_hooks.hpp):
// DeBERTa-v2/v3's relative embeddings, their LayerNorm, and the shape DebertaV2 gives them,
// `nn.Embedding(pos_ebd_size, hidden_size)` with pos_ebd_size = 2 * position_buckets, else
// 2 * max_relative_positions (huggingface/transformers models/deberta_v2/modeling_deberta_v2.py).
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

#include "models/config_reader.hpp"
#include "schemes/deberta/deberta_hooks.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kEpsNotDrawn{
    "layer_norm_eps = %1: the LayerNorm on rel_embeddings is drawn with eps = 1e-7",
    "%1: a number"};
const MessageTemplate kNoBucketsNote{
    "no position_buckets: the model uses plain relative positions, which are not drawn (the "
    "scheme draws log buckets); its table of 2 max_relative_positions rows is refused unless "
    "buckets matches"};
const MessageTemplate kStandInsNote{
    "the relative embeddings are the checkpoint's; the content and W_q, W_k are random "
    "stand-ins"};

void mapDeberta(const ConfigReader& c, const std::string& /*type*/, const std::string& file,
                ModelMapping& m) {
  set(m.params, "d_model", wholeText(required(c, {"hidden_size"}, file)));
  set(m.params, "heads", wholeText(required(c, {"num_attention_heads"}, file)));
  const std::int64_t maxPos = c.whole("max_position_embeddings").value_or(512);
  std::int64_t maxRel = c.whole("max_relative_positions").value_or(-1);
  if (maxRel < 1) maxRel = maxPos;  // DebertaV2: -1 means max_position_embeddings
  set(m.params, "max_relative_positions", wholeText(maxRel));
  if (const auto b = c.whole("position_buckets"); b && *b > 0)
    set(m.params, "buckets", wholeText(*b));
  m.tensors.push_back({"relative embeddings",
                       prefixed("encoder.rel_embeddings.weight", {"deberta."}), "rel_table"});
  // HF DebertaV2Encoder: norm_rel_ebd = "layer_norm" (DeBERTa-v3) applies encoder.LayerNorm to
  // the table before the attention uses it.
  std::string norm = c.text("norm_rel_ebd").value_or("none");
  std::transform(norm.begin(), norm.end(), norm.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  set(m.params, "rel_norm", norm.find("layer_norm") != std::string::npos ? "layer_norm" : "none");
  if (const auto eps = c.num("layer_norm_eps"); eps && *eps != 1e-7)
    m.notUnderstood.emplace_back(kEpsNotDrawn, std::vector<MessageArg>{configNumber(*eps)});
  if (const auto b = c.whole("position_buckets"); !b || *b <= 0)
    m.notes.emplace_back(kNoBucketsNote);
  m.notes.emplace_back(kStandInsNote);
}

std::vector<std::int64_t> debertaShape(const ModelMapping& m) {
  const std::int64_t buckets = mappedWhole(m, "buckets");
  std::int64_t rows = 0;  // checked: the numbers are the config's
  if (__builtin_mul_overflow(buckets > 0 ? buckets : mappedWhole(m, "max_relative_positions"), 2,
                             &rows))
    return {};
  return {rows, mappedWhole(m, "d_model")};
}

}  // namespace

SchemeModel debertaModel() { return {.map = mapDeberta, .expectedShape = debertaShape}; }

}  // namespace posenc::detail
