// SPDX-License-Identifier: GPL-3.0-or-later
// How a model's config maps to `learned` (its SchemeModel hook, base/scheme_hooks.hpp): the
// position table of GPT-2, BERT, RoBERTa, OPT, GPTBigCode and ViT, its rows and offsets as each
// model's modeling_*.py builds it (huggingface/transformers), and the shape the table must
// have: GPT-2's `nn.Embedding(n_positions, n_embd)` (OPT's +2 and ViT's grid + [CLS] are in
// max_len already).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "models/config_reader.hpp"
#include "schemes/learned/learned_hooks.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kOptRowsAtMost{
    "at most %1 (OPT's table has max_position_embeddings + 2 rows; max_len is at most %2)",
    "what a config value must be; %1: the most rows; %2: the longest max_len"};
const MessageTemplate kWholeNumberAboveZero{"a whole number > 0", "what a config value must be"};
const MessageTemplate kAtLeastPatchSize{"at least patch_size = %1",
                                        "what a config value must be; %1: the patch size"};
const MessageTemplate kAtMostGrid{
    "at most a %1 x %1 grid of patch_size = %2 patches (image_size / patch_size <= %1: max_len = "
    "grid^2 + 1 is at most %3 rows)",
    "what a config value must be; %1: the longest side of the grid; %2: the patch size; %3: "
    "the longest max_len"};
const MessageTemplate kNarrowTableNote{
    "the position table is embedding_size = %1 wide (projected to hidden_size after the "
    "embeddings are summed)",
    "%1: a number"};
const MessageTemplate kOffsetNote{
    "position p of the text uses row p + %1 (padding_idx + 1): rows 0 .. %2 are never used",
    "%1, %2: numbers"};
const MessageTemplate kOptNote{
    "OPT's table has max_position_embeddings + 2 rows: position p uses row p + 2, rows 0 and 1 "
    "are never used"};
const MessageTemplate kVitNote{"ViT: row 0 is the [CLS] token, rows 1.. a %1 x %1 grid of patches",
                               "%1: patches per side"};
const MessageTemplate kRowsAtMost{"at most %1 (max_len, the rows of the table)",
                                  "what a config value must be; %1: the longest max_len"};

/// The BERT-like encoders: their checkpoint's prefix and whether positions start after the
/// padding index (RoBERTa's create_position_ids_from_input_ids).
struct BertLike {
  const char* modelType;
  const char* prefix;
  bool padOffset;
};

const BertLike kBertLike[] = {
    {"bert", "bert.", false},
    {"megatron-bert", "bert.", false},
    {"ernie", "ernie.", false},
    {"albert", "albert.", false},
    {"electra", "electra.", false},
    {"distilbert", "distilbert.", false},
    {"roberta", "roberta.", true},
    {"xlm-roberta", "roberta.", true},
    {"xlm-roberta-xl", "roberta.", true},
    {"roberta-prelayernorm", "roberta_prelayernorm.", true},
    {"camembert", "roberta.", true},
    {"data2vec-text", "data2vec_text.", true},
};

const BertLike* bertLike(const std::string& type) {
  for (const BertLike& b : kBertLike)
    if (type == b.modelType) return &b;
  return nullptr;
}

void mapLearned(const ConfigReader& c, const std::string& type, const std::string& file,
                ModelMapping& m) {
  // ViT's configs have no max_position_embeddings: its rows come from the patch grid below.
  std::int64_t rows =
      type == "vit" ? 0 : required(c, {"max_position_embeddings", "n_positions", "n_ctx"}, file);
  const char* rowsKey = "max_position_embeddings";
  for (const char* k : {"n_ctx", "n_positions", "max_position_embeddings"})
    if (c.has(k)) rowsKey = k;  // the one `required` read
  // ALBERT and ELECTRA factorise the embedding: the table is embedding_size wide
  // (modeling_albert.py / modeling_electra.py: nn.Embedding(max_position_embeddings,
  // embedding_size)), projected to hidden_size after. DistilBERT calls its width `dim`.
  const std::optional<std::int64_t> narrow = c.whole("embedding_size");
  const std::int64_t dim =
      narrow ? *narrow : required(c, {"hidden_size", "n_embd", "d_model", "dim"}, file);
  if (narrow) m.notes.emplace_back(kNarrowTableNote, std::vector<MessageArg>{wholeText(*narrow)});
  std::int64_t offset = 0;  // position p uses row p + offset
  const BertLike* bert = bertLike(type);
  if (type == "gpt2" || type == "gpt_bigcode") {
    m.tensors.push_back({"position table", prefixed("wpe.weight", {"transformer."}), "table"});
  } else if (bert && !bert->padOffset) {
    m.tensors.push_back({"position table",
                         prefixed("embeddings.position_embeddings.weight", {bert->prefix}),
                         "table"});
  } else if (bert) {
    // HF modeling_roberta.py create_position_ids_from_input_ids: padding_idx + 1 + p, with
    // padding_idx = pad_token_id = 1; max_position_embeddings (514) already counts the 2 rows.
    offset = std::max<std::int64_t>(0, c.whole("pad_token_id").value_or(1) + 1);
    m.tensors.push_back({"position table",
                         prefixed("embeddings.position_embeddings.weight", {bert->prefix}),
                         "table"});
    m.notes.emplace_back(kOffsetNote,
                         std::vector<MessageArg>{wholeText(offset), wholeText(offset - 1)});
  } else if (type == "opt") {
    // HF modeling_opt.py OPTLearnedPositionalEmbedding: offset 2, num_embeddings + 2 rows.
    offset = 2;
    if (rows > kMaxModelLength - offset)  // checked before adding: the value is the file's
      c.fail(rowsKey, Message(kOptRowsAtMost,
                              {wholeText(kMaxModelLength - offset), wholeText(kMaxModelLength)}));
    rows += offset;
    m.tensors.push_back(
        {"position table", prefixed("decoder.embed_positions.weight", {"model."}), "table"});
    m.notes.emplace_back(kOptNote);
  } else if (type == "vit") {
    const std::int64_t image = required(c, {"image_size"}, file);
    const std::int64_t patch = required(c, {"patch_size"}, file);
    if (patch <= 0) c.fail("patch_size", Message(kWholeNumberAboveZero));
    if (image < patch) c.fail("image_size", Message(kAtLeastPatchSize, {wholeText(patch)}));
    const std::int64_t side = image / patch;
    // side * side + 1 rows, checked: image_size is the file's (9e15 overflowed int64).
    constexpr std::int64_t kMaxSide = 1023;  // 1023^2 + 1 <= max_len's 1048576 < 1024^2 + 1
    static_assert(kMaxSide * kMaxSide + 1 <= kMaxModelLength &&
                  (kMaxSide + 1) * (kMaxSide + 1) + 1 > kMaxModelLength);
    std::int64_t cells = 0;
    if (__builtin_mul_overflow(side, side, &cells) || cells > kMaxModelLength - 1)
      c.fail("image_size", Message(kAtMostGrid, {wholeText(kMaxSide), wholeText(patch),
                                                 wholeText(kMaxModelLength)}));
    rows = cells + 1;
    m.tensors.push_back(
        {"position table", prefixed("embeddings.position_embeddings", {"vit."}), "table"});
    m.notes.emplace_back(kVitNote, std::vector<MessageArg>{wholeText(side)});
    set(m.params, "grid", wholeText(side));
  }
  if (rows > kMaxModelLength) c.fail(rowsKey, Message(kRowsAtMost, {wholeText(kMaxModelLength)}));
  set(m.params, "max_len", wholeText(rows));
  set(m.params, "dim", wholeText(dim));
  set(m.params, "length", wholeText(std::clamp<std::int64_t>(rows - offset, 1, 1024)));
  if (offset > 0) set(m.params, "offset", wholeText(offset));
}

std::vector<std::int64_t> learnedShape(const ModelMapping& m) {
  return {mappedWhole(m, "max_len"), mappedWhole(m, "dim")};
}

}  // namespace

SchemeModel learnedModel() { return {.map = mapLearned, .expectedShape = learnedShape}; }

}  // namespace posenc::detail
