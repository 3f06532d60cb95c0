// SPDX-License-Identifier: GPL-3.0-or-later
// Attention windows (attention_window.hpp), following huggingface/transformers
// src/transformers/masking_utils.py: causal_mask_function, sliding_window_overlay,
// chunked_overlay (with left_padding 0: one unpadded sequence), and_masks.
#include "posenc/maths/attention_window.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace posenc {

WindowBlock windowBlock(const AttentionWindow& w, Index i, Index j) {
  if (w.size <= 0) return WindowBlock::None;
  // causal_mask_function: kv_idx <= q_idx.
  if (j > i) return WindowBlock::KeyAfterQuery;
  if (w.kind == WindowKind::Sliding) {
    // sliding_window_overlay: kv_idx > q_idx - sliding_window.
    return j > i - w.size ? WindowBlock::None : WindowBlock::OutsideWindow;
  }
  // chunked_overlay: kv_idx // chunk_size == q_idx // chunk_size (both >= 0: floor division).
  return j / w.size == i / w.size ? WindowBlock::None : WindowBlock::OtherChunk;
}

Index windowFirstKey(const AttentionWindow& w, Index i) {
  if (w.size <= 0) return 0;
  if (w.kind == WindowKind::Sliding) return std::max<Index>(0, i - w.size + 1);
  return (i / w.size) * w.size;
}

std::vector<Term> windowTerms(const AttentionWindow& w, Index i, Index j) {
  if (w.size <= 0) return {};
  const auto size = static_cast<double>(w.size);
  std::vector<Term> out;
  if (w.kind == WindowKind::Sliding)
    out.push_back({"sliding window: keys i − window < j ≤ i", size});
  else
    out.push_back(
        {"chunked window: keys j ≤ i of the query's chunk, ⌊j/window⌋ = ⌊i/window⌋", size});
  switch (windowBlock(w, i, j)) {
    case WindowBlock::None:
      out.push_back({"attended: the key is in the window", 1.0});
      break;
    case WindowBlock::KeyAfterQuery:
      out.push_back({"masked: key after the query (j > i)", 1.0});
      break;
    case WindowBlock::OutsideWindow:
      out.push_back({"masked: key outside the sliding window (i − j ≥ window)", 1.0});
      break;
    case WindowBlock::OtherChunk:
      out.push_back({"masked: key in an earlier chunk (⌊j/window⌋ < ⌊i/window⌋)", 1.0});
      break;
  }
  return out;
}

const char* windowKindId(WindowKind kind) {
  return kind == WindowKind::Chunked ? "chunked" : "sliding";
}

ParamSpec windowParam(std::string description) {
  ParamSpec s = intParam("window", 0, 0, kMaxLength, std::move(description));
  s.quietAtDefault = true;
  return s;
}

ParamSpec windowKindParam() {
  ParamSpec s = choiceParam(
      "window_kind", "sliding", {"sliding", "chunked"},
      "How window limits the keys, as transformers' masking_utils.py: sliding = the last "
      "window keys up to the query, i - j < window (Mistral, Gemma, gpt-oss); chunked = the "
      "keys of the query's own chunk, floor(j / window) = floor(i / window) (Llama 4)");
  s.quietAtDefault = true;
  return s;
}

AttentionWindow attentionWindowFrom(const ParamSet& params) {
  AttentionWindow w;
  w.size = params.getInt("window");
  const std::string& kind = params.getChoice("window_kind");
  if (kind == "sliding") {
    w.kind = WindowKind::Sliding;
  } else if (kind == "chunked") {
    w.kind = WindowKind::Chunked;
  } else {
    throw ParamError("window_kind", kind,
                     Message(allowed::kOneOf, {MessageArg::list({"sliding", "chunked"})}));
  }
  return w;
}

}  // namespace posenc
