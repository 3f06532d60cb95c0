// SPDX-License-Identifier: GPL-3.0-or-later
// Attention windows as transformers builds their masks: huggingface/transformers
// src/transformers/masking_utils.py (commit 00c4411c), causal_mask_function,
// sliding_window_overlay, chunked_overlay (left_padding 0) and and_masks. The golden masks were
// printed by a plain-Python transcription of those four functions (kv_idx <= q_idx;
// kv_idx > q_idx - sliding_window; kv_idx // chunk_size == q_idx // chunk_size; the AND),
// never by this code; then the properties the issue names.
#include "posenc/maths/attention_window.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "support/refused.hpp"

namespace posenc {
namespace {

/// The window's mask over n x n as rows of '1' (attended) and '0'.
std::vector<std::string> maskRows(const AttentionWindow& w, Index n) {
  std::vector<std::string> out;
  for (Index i = 0; i < n; ++i) {
    std::string row;
    for (Index j = 0; j < n; ++j) row += windowBlock(w, i, j) == WindowBlock::None ? '1' : '0';
    out.push_back(row);
  }
  return out;
}

TEST(AttentionWindow, SlidingMatchesSlidingWindowCausalMaskFunction) {
  // and_masks(sliding_window_overlay(3), causal_mask_function) over 10 x 10.
  const std::vector<std::string> want{"1000000000", "1100000000", "1110000000", "0111000000",
                                      "0011100000", "0001110000", "0000111000", "0000011100",
                                      "0000001110", "0000000111"};
  EXPECT_EQ(maskRows({3, WindowKind::Sliding}, 10), want);
}

TEST(AttentionWindow, ChunkedMatchesChunkedCausalMaskFunction) {
  // and_masks(chunked_overlay(4, left_padding = 0), causal_mask_function) over 10 x 10.
  const std::vector<std::string> want{"1000000000", "1100000000", "1110000000", "1111000000",
                                      "0000100000", "0000110000", "0000111000", "0000111100",
                                      "0000000010", "0000000011"};
  EXPECT_EQ(maskRows({4, WindowKind::Chunked}, 10), want);
}

TEST(AttentionWindow, NoWindowMasksNothing) {
  // window 0: no mask of its own (the scheme's causal mask, if any, is its own business).
  for (Index i = 0; i < 20; ++i)
    for (Index j = 0; j < 20; ++j) EXPECT_EQ(windowBlock({}, i, j), WindowBlock::None);
  EXPECT_EQ(windowFirstKey({}, 17), 0);
  EXPECT_TRUE(windowTerms({}, 3, 9).empty());
}

TEST(AttentionWindow, RowsHoldMinOfIPlusOneAndTheWindowAndChunksStartOnTheirBoundary) {
  for (const std::int64_t size : {1, 2, 5, 64}) {
    const AttentionWindow sliding{size, WindowKind::Sliding};
    const AttentionWindow chunked{size, WindowKind::Chunked};
    for (Index i = 0; i < 300; ++i) {
      Index nSliding = 0, nChunked = 0;
      for (Index j = 0; j < 300; ++j) {
        const bool s = windowBlock(sliding, i, j) == WindowBlock::None;
        const bool c = windowBlock(chunked, i, j) == WindowBlock::None;
        nSliding += s ? 1 : 0;
        nChunked += c ? 1 : 0;
        // The attended keys are first .. i, contiguous.
        EXPECT_EQ(s, j >= windowFirstKey(sliding, i) && j <= i) << size << ": " << i << ", " << j;
        EXPECT_EQ(c, j >= windowFirstKey(chunked, i) && j <= i) << size << ": " << i << ", " << j;
        if (j > i) {
          EXPECT_EQ(windowBlock(sliding, i, j), WindowBlock::KeyAfterQuery);
          EXPECT_EQ(windowBlock(chunked, i, j), WindowBlock::KeyAfterQuery);
        }
      }
      EXPECT_EQ(nSliding, std::min<Index>(i + 1, size)) << size << ": " << i;
      EXPECT_EQ(nChunked, i % size + 1) << size << ": " << i;
      EXPECT_EQ(windowFirstKey(chunked, i) % size, 0);
    }
  }
  // The edges: i - j = window - 1 is attended, i - j = window is not; a chunk's first query
  // sees only itself, its last query the whole chunk.
  EXPECT_EQ(windowBlock({128, WindowKind::Sliding}, 500, 373), WindowBlock::None);
  EXPECT_EQ(windowBlock({128, WindowKind::Sliding}, 500, 372), WindowBlock::OutsideWindow);
  EXPECT_EQ(windowBlock({8192, WindowKind::Chunked}, 8192, 8191), WindowBlock::OtherChunk);
  EXPECT_EQ(windowBlock({8192, WindowKind::Chunked}, 8191, 0), WindowBlock::None);
  EXPECT_EQ(windowBlock({8192, WindowKind::Chunked}, 16383, 8192), WindowBlock::None);
  EXPECT_EQ(windowFirstKey({8192, WindowKind::Chunked}, 8192), 8192);
}

TEST(AttentionWindow, TheReadoutSaysWhyACellIsMasked) {
  const AttentionWindow sliding{4, WindowKind::Sliding};
  const AttentionWindow chunked{4, WindowKind::Chunked};
  const auto reason = [](const std::vector<Term>& t) {
    return t.size() == 2 ? t[1].name : std::string("(none)");
  };
  EXPECT_EQ(windowTerms(sliding, 9, 2)[0].value, 4.0);
  EXPECT_NE(reason(windowTerms(sliding, 9, 2)).find("outside the sliding window"),
            std::string::npos);
  EXPECT_NE(reason(windowTerms(sliding, 2, 9)).find("after the query"), std::string::npos);
  EXPECT_NE(reason(windowTerms(sliding, 9, 6)).find("attended"), std::string::npos);
  EXPECT_NE(reason(windowTerms(chunked, 9, 7)).find("earlier chunk"), std::string::npos);
  EXPECT_NE(reason(windowTerms(chunked, 9, 8)).find("attended"), std::string::npos);
}

TEST(AttentionWindow, ParametersReadAndRefuseByName) {
  const Scheme& rope = findScheme("rope");
  EXPECT_EQ(attentionWindowFrom(makeParams(rope, {})), AttentionWindow{});
  const AttentionWindow w =
      attentionWindowFrom(makeParams(rope, {{"window", "8192"}, {"window_kind", "chunked"}}));
  EXPECT_EQ(w.size, 8192);
  EXPECT_EQ(w.kind, WindowKind::Chunked);
  EXPECT_STREQ(windowKindId(w.kind), "chunked");
  EXPECT_EQ(test::refusedParam(rope, {{"window", "-1"}}), "window");
  EXPECT_EQ(test::refusedParam(rope, {{"window_kind", "local"}}), "window_kind");
  EXPECT_EQ(test::refusedParam(findScheme("nope"), {{"window", "-3"}}), "window");
}

}  // namespace
}  // namespace posenc
