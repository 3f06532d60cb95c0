// SPDX-License-Identifier: GPL-3.0-or-later
// Attention windows of decoder layers as masks, exactly as Hugging Face transformers builds
// them in src/transformers/masking_utils.py (commit 00c4411c): `causal_mask_function`
// (kv_idx <= q_idx), `sliding_window_overlay` (kv_idx > q_idx - sliding_window) and
// `chunked_overlay` (kv_idx // chunk_size == q_idx // chunk_size, no left padding), each overlay
// AND-ed with the causal mask (`sliding_window_causal_mask_function`,
// `chunked_causal_mask_function`). Shared by the schemes whose views show which key a query
// attends (rope's scores, nope's mask, attention and entropy).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "posenc/base/params.hpp"
#include "posenc/base/types.hpp"
#include "posenc/base/view.hpp"

namespace posenc {

/// How a layer's window limits the keys (parameter `window_kind`).
enum class WindowKind {
  Sliding,  ///< "sliding": the last `window` keys up to the query (Mistral, Gemma 2/3, gpt-oss).
  Chunked,  ///< "chunked": the keys of the query's own chunk of `window` tokens (Llama 4).
};

/// A layer's attention window (parameters `window`, `window_kind`).
struct AttentionWindow {
  std::int64_t size = 0;  ///< Tokens; 0 = full attention (no window, no mask of its own).
  WindowKind kind = WindowKind::Sliding;
  friend bool operator==(const AttentionWindow&, const AttentionWindow&) = default;
};

/// Whether query i may attend key j, and if not, why.
enum class WindowBlock {
  None,           ///< Attended.
  KeyAfterQuery,  ///< j > i (causal_mask_function is false).
  OutsideWindow,  ///< Sliding: i - j >= window (sliding_window_overlay is false).
  OtherChunk,     ///< Chunked: floor(j / window) != floor(i / window) (chunked_overlay is false).
};

/// Why key j is hidden from query i under window w. With w.size > 0 the window's mask is
/// causal (HF AND-s each overlay with causal_mask_function): KeyAfterQuery for j > i, then
/// OutsideWindow for i - j >= size (sliding) or OtherChunk for j // size != i // size
/// (chunked), else None. With w.size == 0 (no window): None for every (i, j), the caller's own
/// mask (if any) applies. Positions i, j >= 0.
[[nodiscard]] WindowBlock windowBlock(const AttentionWindow& w, Index i, Index j);

/// The first key query i attends under w (a window's keys are first .. i, contiguous):
/// sliding max(0, i - size + 1), chunked size * floor(i / size), 0 without a window.
/// Per row, the number of keys is min(i + 1, size) for sliding, i mod size + 1 for chunked.
[[nodiscard]] Index windowFirstKey(const AttentionWindow& w, Index i);

/// The hover readout's lines for cell (i, j) under w: the window (value: its size) and
/// whether the key is attended or why it is masked (value 1); none without a window.
[[nodiscard]] std::vector<Term> windowTerms(const AttentionWindow& w, Index i, Index j);

/// The stable id of a kind: "sliding" or "chunked".
[[nodiscard]] const char* windowKindId(WindowKind kind);

/// The parameter `window` (Int 0 .. 2^20 tokens, default 0 = full attention) and
/// `window_kind` (Choice sliding | chunked, default sliding), both quiet at their defaults.
/// `description` names what the window masks in the scheme's views.
[[nodiscard]] ParamSpec windowParam(std::string description);
[[nodiscard]] ParamSpec windowKindParam();

/// Reads `window` and `window_kind`. @throws ParamError("window_kind") for an unknown kind.
[[nodiscard]] AttentionWindow attentionWindowFrom(const ParamSet& params);

}  // namespace posenc
