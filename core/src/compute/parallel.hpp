// SPDX-License-Identifier: GPL-3.0-or-later
// Independent blocks of a computation spread over the processor's cores. Used where one
// picture needs far more arithmetic than a frame allows on one core (the softmax attention
// views: every score of a row before any of its weights).
#pragma once

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "posenc/base/types.hpp"

namespace posenc::detail {

/// Threads parallelBlocks uses at most: $POSENC_THREADS when it is a whole number 1 .. 64,
/// else the processor's hardware threads (at most 16; 1 when unknown). Read once.
[[nodiscard]] unsigned workerThreads();

/// Overrides workerThreads() (0 = back to the default). For tests and benchmarks that compare
/// one thread with several.
void setWorkerThreads(unsigned threads);

/// Calls f(begin, end) for the blocks [b * grain, min(n, (b + 1) * grain)) of 0 .. n, on up to
/// workerThreads() threads (the calling one included), taking blocks in order from a shared
/// counter; returns when every block is done and rethrows the first exception any block threw
/// (the blocks not yet started are skipped). f must write only what its block owns, and a
/// block's result must not depend on the thread that computes it: then the result is the
/// same, bit for bit, with any number of threads.
template <typename F>
void parallelBlocks(Index n, Index grain, F&& f) {
  if (n <= 0) return;
  grain = std::max<Index>(1, grain);
  const Index blocks = (n + grain - 1) / grain;
  const auto threads = static_cast<Index>(std::min<Index>(workerThreads(), blocks));
  if (threads <= 1) {
    for (Index b = 0; b < blocks; ++b) f(b * grain, std::min(n, (b + 1) * grain));
    return;
  }
  std::atomic<Index> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex errorMutex;
  auto work = [&] {
    for (Index b = next++; b < blocks && !failed.load(); b = next++) {
      try {
        f(b * grain, std::min(n, (b + 1) * grain));
      } catch (...) {
        const std::lock_guard<std::mutex> lock(errorMutex);
        if (!error) error = std::current_exception();
        failed = true;
      }
    }
  };
  std::vector<std::thread> helpers;
  helpers.reserve(static_cast<std::size_t>(threads - 1));
  try {
    for (Index t = 1; t < threads; ++t) helpers.emplace_back(work);
  } catch (...) {
    // No thread to be had (a resource limit): the ones that started and this one finish it.
  }
  work();
  for (std::thread& h : helpers) h.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace posenc::detail
