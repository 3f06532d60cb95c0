// SPDX-License-Identifier: GPL-3.0-or-later
// A memory budget: a request whose memory would pass it is refused before anything is
// allocated, with the size it would need, so nothing is ever killed by the system for memory.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "posenc/base/params.hpp"

namespace posenc {

/// Environment variable holding a budget (a size as parseByteSize reads it).
inline constexpr const char* kMemoryBudgetEnv = "POSENC_MEMORY_BUDGET";

/// Physical memory in bytes (sysconf), lowered to the cgroup memory limit when one is set
/// (a container's limit is what the kernel enforces). 0 when unknown.
[[nodiscard]] std::uint64_t physicalMemoryBytes();

/// Parses a size: a number (decimals allowed) with an optional unit B, K, M, G or T, in powers
/// of 1024 (KB, KiB, MB, MiB, ... mean the same; any case), e.g. "512M", "2G", "1.5g",
/// "1048576". No blanks. At least 1 byte and below 2^63 bytes; fractions of a byte round down.
/// @throws ParamError(what, text, what is allowed).
[[nodiscard]] std::uint64_t parseByteSize(std::string_view text,
                                          const std::string& what = "memory budget");

/// A budget and where it comes from, for messages.
struct MemoryBudget {
  std::uint64_t bytes = 0;
  std::string source{};  ///< e.g. "--memory-budget", "POSENC_MEMORY_BUDGET", "default: ..."
  friend bool operator==(const MemoryBudget&, const MemoryBudget&) = default;
};

/// The budget in force: the override (setMemoryBudget) if any, else POSENC_MEMORY_BUDGET if
/// set and not empty, else a quarter of physicalMemoryBytes() (1 GiB when that is unknown).
/// @throws ParamError naming POSENC_MEMORY_BUDGET when it is set to something not a size.
[[nodiscard]] MemoryBudget memoryBudget();

/// Sets the process-wide override (e.g. from --memory-budget), or clears it with nullopt.
/// Thread-safe; computations already past their check are not affected.
void setMemoryBudget(std::optional<MemoryBudget> budget);

/// Refusal of a request over the budget. A ParamError, so every caller that reports bad
/// input reports it the same way (exit status 2, the window's message in place of a view);
/// what() is the whole sentence: what was asked, the size it needs, the budget and its source.
class MemoryBudgetError : public ParamError {
 public:
  /// @param param what param() names: the part of the request to make smaller ("region" for
  ///        a matrix request), "memory" when there is no better name.
  MemoryBudgetError(std::string param, Message request, double needed, MemoryBudget budget);
  [[nodiscard]] const char* what() const noexcept override { return m_text.c_str(); }
  /// The whole sentence, as data.
  [[nodiscard]] const Message& message() const override { return m_sentence; }
  [[nodiscard]] double needed() const { return m_needed; }
  [[nodiscard]] const MemoryBudget& budget() const { return m_budget; }
  /// What was asked, as data ("%1 view '%2' at %3 x %4 cells", ...).
  [[nodiscard]] const Message& request() const { return m_request; }

 private:
  Message m_request{};
  Message m_sentence{};
  std::string m_text{};
  double m_needed = 0;
  MemoryBudget m_budget{};
};

/// Refuses a request needing `bytes` when that is more than memoryBudget().
/// @param request what is asked, for the message, e.g. "rope view 'scores' at 800 x 800 cells"
///        (a Message, so the window says it in its own language).
/// @param param   the error's param() (see MemoryBudgetError).
/// @throws MemoryBudgetError, or ParamError for a malformed POSENC_MEMORY_BUDGET.
void checkMemory(double bytes, const Message& request, const std::string& param = "memory");

/// Bytes computeMatrix needs for `rows` x `cols` cells of a view that holds `vectors`
/// per-position vectors of `width` doubles for each requested row and column:
///   2 · rows · cols · 8                  the result and one intermediate of its size
/// + vectors · (rows + cols) · width · 8  table rows, content rows, projections
/// + 24 · span                            a view that depends only on j - i evaluates its
///                                        one-dimensional profile over the distances of the
///                                        region: span = its row extent + its column extent
///                                        (before sampling), measured at up to ~22 bytes each.
[[nodiscard]] double matrixRequestBytes(double rows, double cols, double width, double vectors,
                                        double span = 0);

/// How many model-width vectors per requested row and column a matrix view holds while it
/// is evaluated: the view's ViewSpec::vectorsPerPosition (0 for an unknown scheme or view),
/// measured (peak resident memory, tests/core/base/memory_budget_test.cpp) with a margin: learned
/// `similarity` forms each table row once (1 measured, 1.5); Transformer-XL's and TUPE's term
/// views keep content rows, projections and position rows (up to 4.6 measured before the
/// table cache), plus the rows the table cache keeps for the next request (table_cache.hpp;
/// about 7 measured with it, 8); Transformer-XL's `mask` and every view of the other schemes
/// hold none (their work is per cell or per distance): 0.
[[nodiscard]] double vectorsPerPosition(std::string_view scheme, std::string_view view);

/// Frees the tables the schemes keep for reuse between requests (random content and
/// position rows, relative embeddings: at most 64 MiB, least recently used first out; see
/// core/src/base/table_cache.hpp). Nothing is lost but time: they are made again when needed.
/// Leak tests call it before measuring the heap.
void releaseCachedTables();

/// The model width of a parameter set: its `dim` or `d_model` (the larger), else 0.
[[nodiscard]] double modelWidth(const ParamSet& params);

}  // namespace posenc
