// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the text readers of `posenc check --against` (core/include/posenc/check/check.hpp):
// parseAgainstCsv (a matrix of numbers, or our series CSV) and parseAgainstJson (our own JSON
// export). The first input byte picks the reader (even: CSV, odd: JSON), the rest is the file.
// Beyond "no crash, no leak, no undefined behaviour":
//   - every refusal is a FileError naming the file given, with a one-line reason;
//   - an accepted array has product(shape) values, every dimension >= 1, and textDigits >= 1;
//   - an accepted JSON export names a scheme and a view, and its region starts at >= 0;
//   - an accepted CSV written back with %.17g (nan and inf as such) reads back to the same
//     values, bit for bit (NaN as NaN).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "posenc/check/check.hpp"

namespace {

[[noreturn]] void violated(const char* what, const std::string& detail) {
  std::fprintf(stderr, "check_file_fuzz: invariant violated: %s\n  %s\n", what, detail.c_str());
  std::abort();
}

void checkError(const posenc::FileError& e, const std::string& file) {
  if (e.file() != file) violated("FileError names another file", e.what());
  if (e.reason().empty()) violated("FileError without a reason", e.what());
  for (const char c : e.reason())
    if (c == '\n' || c == '\r') violated("FileError reason holds a line break", e.what());
}

void checkAccepted(const posenc::Against& a, const std::string& file) {
  if (a.file != file) violated("Against names another file", a.file);
  if (a.array.shape.empty()) violated("accepted array without a shape", file);
  std::uint64_t count = 1;
  for (const std::int64_t d : a.array.shape) {
    if (d < 1) violated("dimension < 1", file);
    count *= static_cast<std::uint64_t>(d);
  }
  if (count != a.array.values.size()) violated("values do not match the shape", file);
  if (a.textDigits < 1) violated("text without digits", file);
}

bool sameBits(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

std::string number(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

void fuzzCsv(std::string_view text) {
  const std::string file = "fuzz.csv";
  posenc::Against a;
  try {
    a = posenc::parseAgainstCsv(text, file);
  } catch (const posenc::FileError& e) {
    checkError(e, file);
    return;
  }
  checkAccepted(a, file);
  // Written back as a matrix: rows of the last dimension.
  const auto cols = static_cast<std::size_t>(a.array.shape.size() == 1 ? 1 : a.array.shape[1]);
  std::string again;
  for (std::size_t i = 0; i < a.array.values.size(); ++i)
    again += number(a.array.values[i]) + ((i + 1) % cols == 0 ? "\n" : ",");
  posenc::Against back;
  try {
    back = posenc::parseAgainstCsv(again, file);
  } catch (const posenc::FileError& e) {
    violated("written back, refused", e.what());
  }
  if (back.array.values.size() != a.array.values.size())
    violated("written back, another number of values", again.substr(0, 200));
  for (std::size_t i = 0; i < a.array.values.size(); ++i)
    if (!sameBits(back.array.values[i], a.array.values[i]))
      violated("written back, another value", number(a.array.values[i]));
}

void fuzzJson(std::string_view text) {
  const std::string file = "fuzz.json";
  try {
    const posenc::Against a = posenc::parseAgainstJson(text, file);
    checkAccepted(a, file);
    if (a.scheme.empty() || a.view.empty()) violated("export without scheme or view", file);
    if (a.rowStart < 0 || a.colStart < 0) violated("negative region start", file);
  } catch (const posenc::FileError& e) {
    checkError(e, file);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] % 2 == 0) fuzzCsv(text);
  else fuzzJson(text);
  return 0;
}
