// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/base/memory_budget.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <string>

#include "base/text_util.hpp"
#include "posenc/base/scheme.hpp"

namespace posenc {

namespace {

const MessageTemplate kASize{
    "a size such as 512M, 2G or 1048576: a number of bytes with an optional unit K, M, G or T "
    "(powers of 1024), at least 1 byte"};

constexpr double kTwoTo63 = 9223372036854775808.0;

std::mutex& overrideMutex() {
  static std::mutex m;
  return m;
}

std::optional<MemoryBudget>& overrideBudget() {
  static std::optional<MemoryBudget> budget;
  return budget;
}

/// A cgroup limit in bytes from one of its files ("max" or a number), or 0 when none.
std::uint64_t cgroupLimit(const std::string& file) {
  std::ifstream in(file);
  std::string text;
  if (!(in >> text) || text == "max") return 0;
  std::uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size()) return 0;
  // cgroup v1 reports "no limit" as a huge page-rounded number near 2^63.
  return static_cast<double>(v) >= kTwoTo63 / 2 ? 0 : v;
}

/// The memory limit of this process's cgroup (v2, then v1), or 0 when there is none.
std::uint64_t cgroupMemoryLimit() {
  std::uint64_t limit = 0;
  const auto take = [&](std::uint64_t v) {
    if (v > 0 && (limit == 0 || v < limit)) limit = v;
  };
  std::ifstream self("/proc/self/cgroup");
  std::string line;
  while (std::getline(self, line)) {
    if (line.rfind("0::", 0) == 0)
      take(cgroupLimit("/sys/fs/cgroup" + line.substr(3) + "/memory.max"));
  }
  take(cgroupLimit("/sys/fs/cgroup/memory.max"));
  take(cgroupLimit("/sys/fs/cgroup/memory/memory.limit_in_bytes"));
  return limit;
}

using detail::lower;
constexpr auto shown = detail::printable;

}  // namespace

std::uint64_t physicalMemoryBytes() {
  static const std::uint64_t bytes = [] {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long pageSize = ::sysconf(_SC_PAGESIZE);
    std::uint64_t physical = pages > 0 && pageSize > 0 ? static_cast<std::uint64_t>(pages) *
                                                             static_cast<std::uint64_t>(pageSize)
                                                       : 0;
    const std::uint64_t limit = cgroupMemoryLimit();
    if (limit > 0 && (physical == 0 || limit < physical)) physical = limit;
    return physical;
  }();
  return bytes;
}

std::uint64_t parseByteSize(std::string_view text, const std::string& what) {
  const auto fail = [&]() -> std::uint64_t {
    throw ParamError(what, shown(text), Message(kASize));
  };
  std::size_t n = 0;
  bool dot = false, digit = false;
  for (; n < text.size(); ++n) {
    const char c = text[n];
    if (c >= '0' && c <= '9') digit = true;
    else if (c == '.' && !dot) dot = true;
    else break;
  }
  if (!digit) return fail();
  const std::string unit = lower(text.substr(n));
  double scale = 0;
  if (unit.empty() || unit == "b") scale = 1;
  else if (unit == "k" || unit == "kb" || unit == "kib") scale = 1024.0;
  else if (unit == "m" || unit == "mb" || unit == "mib") scale = 1024.0 * 1024.0;
  else if (unit == "g" || unit == "gb" || unit == "gib") scale = 1024.0 * 1024.0 * 1024.0;
  else if (unit == "t" || unit == "tb" || unit == "tib") scale = 1024.0 * 1024.0 * 1024.0 * 1024.0;
  else return fail();
  const std::string number(text.substr(0, n));
  if (!dot) {
    // Whole numbers exactly, so a byte count near 2^63 is not rounded.
    std::uint64_t v = 0;
    const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), v);
    if (ec != std::errc() || ptr != number.data() + number.size()) return fail();
    const auto factor = static_cast<std::uint64_t>(scale);
    if (v == 0 || static_cast<double>(v) * scale >= kTwoTo63) return fail();
    return v * factor;
  }
  const double v = std::strtod(number.c_str(), nullptr) * scale;
  if (!std::isfinite(v) || v < 1 || v >= kTwoTo63) return fail();
  return static_cast<std::uint64_t>(v);
}

MemoryBudget memoryBudget() {
  {
    const std::lock_guard<std::mutex> lock(overrideMutex());
    if (overrideBudget()) return *overrideBudget();
  }
  if (const char* env = std::getenv(kMemoryBudgetEnv); env && *env)
    return {parseByteSize(env, kMemoryBudgetEnv), kMemoryBudgetEnv};
  const std::uint64_t physical = physicalMemoryBytes();
  if (physical == 0) return {std::uint64_t{1} << 30, "default: 1 GiB (physical memory unknown)"};
  return {physical / 4,
          "default: a quarter of the " + humanBytes(static_cast<double>(physical)) + " of memory"};
}

void setMemoryBudget(std::optional<MemoryBudget> budget) {
  const std::lock_guard<std::mutex> lock(overrideMutex());
  overrideBudget() = std::move(budget);
}

namespace {
const MessageTemplate kAtMostTheBudget{"at most the memory budget of %1", "%1: a size"};
const MessageTemplate kOverTheBudget{
    "%1 needs %2, more than the memory budget of %3 (%4); ask for less (a smaller length, "
    "region or picture) or raise the budget with --memory-budget SIZE or %5",
    "%1: what was asked; %2, %3: sizes such as 1.5 GiB; %4: where the budget came from; %5: "
    "the environment variable"};
}  // namespace

MemoryBudgetError::MemoryBudgetError(std::string param, Message request, double needed,
                                     MemoryBudget budget)
    : ParamError(std::move(param), humanBytes(needed),
                 Message(kAtMostTheBudget, {humanBytes(static_cast<double>(budget.bytes))})),
      m_request(std::move(request)),
      m_sentence(kOverTheBudget,
                 {m_request, humanBytes(needed), humanBytes(static_cast<double>(budget.bytes)),
                  budget.source, kMemoryBudgetEnv}),
      m_text(m_sentence.english()),
      m_needed(needed),
      m_budget(std::move(budget)) {}

void checkMemory(double bytes, const Message& request, const std::string& param) {
  MemoryBudget budget = memoryBudget();
  if (!(bytes <= static_cast<double>(budget.bytes)))
    throw MemoryBudgetError(param, request, bytes, std::move(budget));
}

double matrixRequestBytes(double rows, double cols, double width, double vectors, double span) {
  return 2.0 * rows * cols * 8.0 + vectors * (rows + cols) * width * 8.0 + 24.0 * span;
}

double vectorsPerPosition(std::string_view scheme, std::string_view view) {
  for (const auto& s : allSchemes()) {
    if (s->info().id != scheme) continue;
    for (const ViewSpec& v : s->info().views)
      if (v.id == view) return v.vectorsPerPosition;
  }
  return 0.0;
}

double modelWidth(const ParamSet& params) {
  double width = 0;
  for (const char* id : {"dim", "d_model"}) {
    if (!params.has(id)) continue;
    if (const auto* v = std::get_if<std::int64_t>(&params.get(id)))
      width = std::max(width, static_cast<double>(*v));
  }
  return width;
}

}  // namespace posenc
