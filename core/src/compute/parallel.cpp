// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/parallel.hpp"

#include <charconv>
#include <cstdlib>
#include <cstring>

namespace posenc::detail {

namespace {

constexpr unsigned kMaxDefaultThreads = 16;
constexpr unsigned kMaxThreads = 64;

std::atomic<unsigned>& overrideThreads() {
  static std::atomic<unsigned> threads{0};
  return threads;
}

unsigned defaultThreads() {
  if (const char* env = std::getenv("POSENC_THREADS"); env && *env) {
    unsigned v = 0;
    const char* end = env + std::strlen(env);
    const auto [ptr, ec] = std::from_chars(env, end, v);
    if (ec == std::errc() && ptr == end && v >= 1 && v <= kMaxThreads) return v;
  }
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1U : std::min(hw, kMaxDefaultThreads);
}

}  // namespace

unsigned workerThreads() {
  if (const unsigned t = overrideThreads().load(); t != 0) return t;
  static const unsigned threads = defaultThreads();
  return threads;
}

void setWorkerThreads(unsigned threads) { overrideThreads() = std::min(threads, kMaxThreads); }

}  // namespace posenc::detail
