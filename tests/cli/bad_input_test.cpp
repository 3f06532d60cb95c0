// SPDX-License-Identifier: GPL-3.0-or-later
// The bad-input matrix: every parameter of every scheme, driven from the parameter
// descriptions, given every kind of bad value a user or a script might type, through the
// built `posenc`. Each must exit with status 2 and one line naming the parameter and the
// value; none may crash or hang. The values a careful reader would call valid are run too
// and must succeed, so a program that refused everything would fail this test.
//
// Decisions (what counts as valid), written down once here:
// - Integers are plain decimal: an optional sign, then digits ("+5", "-0", "007" are fine;
//   "+-5", "1e3", "5.0", " 5", "5 ", "0x10" are not). "-0" is 0: valid where 0 is allowed
//   (head, seed, mlen, ...), refused with the range where it is not.
// - Reals are plain decimal with an optional exponent; "nan", "inf", hex floats, blanks and
//   anything that overflows a double ("1e400") are refused; "-0" is stored as +0, so it is
//   valid exactly when 0 is inside the range (rope's attention_factor, mscale and
//   mscale_all_dim allow 0, "not given"; an exclusive lower bound 0 refuses it).
// - Lists are such numbers separated by commas, optionally in [ ], each inside the range; a
//   list the scheme needs of another length is refused naming the parameter. A number too small for
//   a double ("1e-400") rounds to 0 like any other rounding and is then checked against the range.
// - Booleans are true/false, 1/0, yes/no, on/off in any case; "maybe" and "2" are not.
// - Choices are exact ids (case matters: "HALF" is not "half").
// - One parameter given twice (--set k=v --set k=v) is refused even when both agree.
#include <sys/resource.h>
#include <unistd.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/memory_budget.hpp"
#include "posenc/base/scheme.hpp"
#include "support/posenc_cli.hpp"
#include "support/sanitized.hpp"

namespace posenc {
namespace {

using test::Outcome;
using test::Process;
using test::runPosenc;

constexpr double kTimeoutSeconds = 10;
constexpr int kParallel = 4;

/// %.17g: the shortest text is not needed, only a value just past a bound.
std::string realText(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

/// What the test expects for one input: accepted with this value, or refused.
struct Expectation {
  bool valid = false;
  Value value{};
};

/// Within [min, max], or (min, max] for a spec whose lower bound is exclusive (openMin).
bool inRange(double v, const ParamSpec& spec) {
  return (spec.openMin ? v > spec.min : v >= spec.min) && v <= spec.max;
}

/// The decisions above, written independently of the program's parser.
Expectation expected(const ParamSpec& spec, const std::string& text) {
  switch (spec.type) {
    case ParamType::Int: {
      static const std::regex plain("[+-]?[0-9]+");
      if (!std::regex_match(text, plain)) return {};
      const std::string digits = text.substr(text[0] == '+' || text[0] == '-' ? 1 : 0);
      if (digits.size() > 18) return {};  // beyond every range here (and near int64's end)
      const std::int64_t magnitude = std::stoll(digits);
      const std::int64_t v = text[0] == '-' ? -magnitude : magnitude;
      if (!inRange(static_cast<double>(v), spec) || (spec.even && v % 2 != 0)) return {};
      return {true, v};
    }
    case ParamType::Real: {
      static const std::regex plain("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?");
      if (!std::regex_match(text, plain)) return {};
      const double v = std::strtod(text.c_str(), nullptr);
      if (!std::isfinite(v) || !inRange(v, spec)) return {};
      return {true, v == 0.0 ? 0.0 : v};
    }
    case ParamType::Bool: {
      std::string s = text;
      std::transform(s.begin(), s.end(), s.begin(),
                     [](unsigned char c) { return std::tolower(c); });
      if (s == "true" || s == "1" || s == "yes" || s == "on") return {true, true};
      if (s == "false" || s == "0" || s == "no" || s == "off") return {true, false};
      return {};
    }
    case ParamType::Choice:
      if (std::find(spec.choices.begin(), spec.choices.end(), text) == spec.choices.end())
        return {};
      return {true, text};
    case ParamType::Text:
      // A file reference: empty (the random stand-in) is taken; no text tried here names a
      // readable array file, so the scheme refuses every other one, naming the parameter.
      if (text.empty()) return {true, text};
      return {};
    case ParamType::List: {
      // Numbers as Real's, joined by commas with blanks around them, optionally in [ ].
      static const std::regex number("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?");
      static const std::regex blank("^[ \t]+|[ \t]+$");
      std::string body = std::regex_replace(text, blank, "");
      if (!body.empty() && body.front() == '[') {
        if (body.back() != ']') return {};
        body = std::regex_replace(body.substr(1, body.size() - 2), blank, "");
      }
      NumberList list;
      if (body.empty()) return {true, list};
      std::stringstream parts(body + ",");
      std::string part;
      while (std::getline(parts, part, ',')) {
        part = std::regex_replace(part, blank, "");
        if (!std::regex_match(part, number)) return {};
        const double v = std::strtod(part.c_str(), nullptr);
        if (!std::isfinite(v) || v <= spec.min || v > spec.max) return {};
        list.push_back(v == 0.0 ? 0.0 : v);
      }
      if (body.back() == ',') return {};  // "1," has an empty last number
      if (spec.maxCount > 0 && static_cast<std::int64_t>(list.size()) > spec.maxCount) return {};
      return {true, list};
    }
  }
  return {};
}

/// Every input tried for `spec`: the bounds from the description, then the same list of
/// awkward texts for every parameter whatever its type.
std::vector<std::string> inputsFor(const ParamSpec& spec) {
  std::vector<std::string> in;
  const bool numeric = spec.type == ParamType::Int || spec.type == ParamType::Real;
  if (spec.type == ParamType::Int) {
    in.push_back(std::to_string(static_cast<std::int64_t>(spec.min) - 1));  // below min
    in.push_back(std::to_string(static_cast<std::int64_t>(spec.max) + 1));  // above max
  } else if (spec.type == ParamType::List) {
    for (const char* t : {"1,2", "1, 1.05 ,2", "[1, 2]", "[]", " ", "1,,2", "1,", ",1", "0,1",
                          "1;2", "[1, 2", "1 2", "-1", "1e400,1"})
      in.emplace_back(t);
  } else if (spec.type == ParamType::Real) {
    in.push_back(realText(std::nextafter(spec.min, -INFINITY)));  // just below min
    in.push_back(realText(std::nextafter(spec.max, INFINITY)));   // just above max
  } else if (spec.type == ParamType::Bool) {
    in.insert(in.end(), {"maybe", "2"});
  } else if (spec.type == ParamType::Text) {
    in.insert(in.end(), {"no-such-file.npy", "no-such-file.safetensors:wpe.weight",
                         "tests/data/configs", "a\tb", "\x01.npy"});
  } else {
    in.push_back("no-such-choice");
    std::string upper = spec.choices.front();
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return std::toupper(c); });
    in.push_back(upper);
  }
  in.insert(in.end(), {
                          "nan",
                          "inf",
                          "-inf",
                          "-0",
                          "",
                          "abc",
                          "2147483648",            // 2^31
                          "9223372036854775808",   // 2^63
                          "18446744073709551616",  // 2^64
                          "1e400",                 // overflows a double
                          "12abc",
                          " 12",
                          "12 ",
                      });
  if (numeric) in.insert(in.end(), {"1e-400", "0x10", "+-1", "-1e400"});
  return in;
}

std::string printable(const std::string& s) {
  std::string out;
  for (char c : s) out += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
  return out;
}

/// The arguments exporting something cheap from `scheme` with `sets`: its first series view
/// whole, else one cell of its first matrix view, as JSON on standard output (no window
/// system is started for JSON).
std::vector<std::string> cheapExport(const Scheme& scheme,
                                     const std::vector<std::pair<std::string, std::string>>& sets) {
  std::vector<std::string> args = {POSENC_EXE, "export", "--scheme", scheme.info().id};
  for (const auto& [k, v] : sets) args.insert(args.end(), {"--set", k + "=" + v});
  const auto& views = scheme.info().views;
  const auto series = std::find_if(views.begin(), views.end(),
                                   [](const ViewSpec& v) { return v.kind == ViewKind::Series; });
  if (series != views.end()) {
    args.insert(args.end(), {"--view", series->id});
  } else {
    args.insert(args.end(), {"--view", views.front().id, "--rows", "0:1", "--cols", "0:1"});
  }
  args.insert(args.end(), {"--out", "-"});
  return args;
}

/// User + system time of every child waited for so far.
double childrenCpuSeconds() {
  rusage u{};
  ::getrusage(RUSAGE_CHILDREN, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

struct Case {
  std::string scheme;
  const ParamSpec* spec = nullptr;
  std::string text;
  bool duplicate = false;  ///< --set id=text given twice
  Expectation expect;
  /// The value as the refusal shows it, when a cross-check refuses the parsed value (a list
  /// written back as "1,2"); empty: the text as given.
  std::string shown{};
};

TEST(BadInputMatrix, EveryParameterOfEverySchemeRefusesBadValuesAndTakesGoodOnes) {
  std::vector<Case> cases;
  std::vector<Process> processes;
  for (const auto& s : allSchemes()) {
    for (const ParamSpec& spec : s->info().params) {
      const std::string def = formatValue(spec.defaultValue);
      std::vector<std::string> inputs = inputsFor(spec);
      inputs.push_back(def);  // the default, written out: must be accepted
      for (const std::string& text : inputs) {
        Case c{s->info().id, &spec, text, false, expected(spec, text)};
        if (c.expect.valid && spec.type == ParamType::List) {
          // A list the spec allows can still be the wrong length for the scheme (rope's
          // LongRoPE factors: d_rot/2 numbers); then it is refused like any bad value.
          try {
            (void)makeParams(*s, {{spec.id, text}});
          } catch (const ParamError& e) {
            EXPECT_EQ(e.param(), spec.id) << e.what();
            c.expect = {};
            c.shown = e.value();
          }
        }
        processes.push_back({cheapExport(*s, {{spec.id, text}})});
        cases.push_back(std::move(c));
      }
      cases.push_back({s->info().id, &spec, def, true, {}});
      processes.push_back({cheapExport(*s, {{spec.id, def}, {spec.id, def}})});
    }
  }
  ASSERT_GT(cases.size(), 500u);
  // Under a sanitizer every 3rd case runs (each process starts Qt under ASan, the matrix's
  // whole cost); the normal build runs them all, and the param and command_line fuzz targets
  // reach the same parsing under ASan. The stride walks the cases in order, so every scheme,
  // parameter type and kind of bad value still meets the sanitizer.
  if (test::kSanitized) {
    std::vector<Case> some;
    std::vector<Process> theirs;
    for (std::size_t k = 0; k < cases.size(); k += 3) {
      some.push_back(std::move(cases[k]));
      theirs.push_back(std::move(processes[k]));
    }
    cases = std::move(some);
    processes = std::move(theirs);
  }

  const auto start = std::chrono::steady_clock::now();
  const double cpuBefore = childrenCpuSeconds();
  const std::vector<Outcome> outcomes = test::runAll(processes, kParallel, kTimeoutSeconds);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = childrenCpuSeconds() - cpuBefore;

  std::size_t accepted = 0, refused = 0;
  double slowest = 0;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const Case& c = cases[k];
    const Outcome& o = outcomes[k];
    slowest = std::max(slowest, o.seconds);
    const std::string id = c.spec->id;
    SCOPED_TRACE(c.scheme + " --set " + id + "='" + printable(c.text) + "'" +
                 (c.duplicate ? " (twice)" : ""));
    ASSERT_FALSE(o.timedOut) << "hung: killed after " << kTimeoutSeconds << " s";
    ASSERT_LT(o.status, 128) << "crashed with signal " << o.status - 128 << ": " << o.err;
    if (c.expect.valid) {
      ++accepted;
      ASSERT_EQ(o.status, 0) << o.err;
      const QJsonObject params =
          QJsonDocument::fromJson(QByteArray::fromStdString(o.out)).object()["params"].toObject();
      const QJsonValue got = params[QString::fromStdString(id)];
      if (const auto* i = std::get_if<std::int64_t>(&c.expect.value)) {
        EXPECT_EQ(got.toInteger(), *i);
      } else if (const auto* d = std::get_if<double>(&c.expect.value)) {
        EXPECT_EQ(got.toDouble(), *d);
        EXPECT_FALSE(std::signbit(got.toDouble())) << "-0 is stored as 0";
      } else if (const auto* b = std::get_if<bool>(&c.expect.value)) {
        EXPECT_EQ(got.toBool(), *b);
      } else if (const auto* list = std::get_if<NumberList>(&c.expect.value)) {
        ASSERT_TRUE(got.isArray()) << o.out;
        const QJsonArray array = got.toArray();
        ASSERT_EQ(array.size(), static_cast<qsizetype>(list->size()));
        for (qsizetype k = 0; k < array.size(); ++k)
          EXPECT_EQ(array[k].toDouble(), (*list)[static_cast<std::size_t>(k)]);
      } else {
        EXPECT_EQ(got.toString().toStdString(), std::get<std::string>(c.expect.value));
      }
      // Written as 0, not -0 (JSON readers differ on -0).
      EXPECT_EQ(o.out.find("\"" + id + "\": -0,"), std::string::npos);
      continue;
    }
    ++refused;
    EXPECT_EQ(o.status, 2) << o.err;
    EXPECT_TRUE(o.out.empty()) << "nothing on standard output: " << o.out.substr(0, 200);
    ASSERT_FALSE(o.err.empty());
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << "one line: " << o.err;
    EXPECT_EQ(o.err.rfind("posenc: ", 0), 0u) << o.err;
    if (c.duplicate) {
      EXPECT_NE(o.err.find("--set " + id + " is given twice"), std::string::npos) << o.err;
    } else {
      // The parameter, the value as given (control characters shown as '?') and what is allowed.
      const std::string shown = c.shown.empty() ? printable(c.text) : c.shown;
      EXPECT_NE(o.err.find("parameter '" + id + "' = '" + shown + "': must be "), std::string::npos)
          << o.err;
    }
  }
  // CPU time is what the machine's load does not change: on 2 idle cores the matrix takes
  // about half of it.
  std::printf(
      "[ figures  ] %zu runs (%zu accepted, %zu refused) in %.1f s, %.1f s of CPU, slowest %.2f "
      "s\n",
      cases.size(), accepted, refused, seconds, cpu, slowest);
  // The decisions make some inputs valid: -0 for parameters allowing 0, 2^31 for seed and
  // the bases, every default. They must be there, or the matrix tests only refusals.
  EXPECT_GE(accepted, test::kSanitized ? 20u : 60u);
}

// ---- memory budget --------------------------------------------------------------------------

TEST(MemoryBudget, OptionRefusesALargeDataExportWithTheSizeItNeeds) {
  const Outcome r = runPosenc({"export", "--scheme", "sinusoidal", "--set", "length=2000", "--view",
                               "similarity", "--out", "-", "--memory-budget", "1M"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(r.err,
            "posenc: sinusoidal view 'similarity' at 2000 x 2000 cells (30.5 MiB of values) needs "
            "61.1 MiB, more than the "
            "memory budget of 1.0 MiB (--memory-budget); ask for less (a smaller length, region or "
            "picture) or raise the budget with --memory-budget SIZE or POSENC_MEMORY_BUDGET\n");
  // The same export within a budget, and a region of it within the small one.
  const std::string npy = "/tmp/posenc-budget-" + std::to_string(::getpid()) + ".npy";
  EXPECT_EQ(runPosenc({"export", "--scheme", "sinusoidal", "--set", "length=2000", "--view",
                       "similarity", "--out", npy, "--memory-budget", "64M"})
                .status,
            0);
  std::remove(npy.c_str());
  EXPECT_EQ(runPosenc({"export", "--scheme", "sinusoidal", "--set", "length=2000", "--view",
                       "similarity", "--out", "-", "--memory-budget", "1M", "--rows", "0:100",
                       "--cols", "0:100"})
                .status,
            0);
}

TEST(MemoryBudget, EnvironmentVariableWorksLikeTheOption) {
  const Outcome r = runPosenc({"export", "--scheme", "sinusoidal", "--set", "length=2000", "--view",
                               "similarity", "--out", "-"},
                              {{kMemoryBudgetEnv, "1M"}});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find(
                "needs 61.1 MiB, more than the memory budget of 1.0 MiB (POSENC_MEMORY_BUDGET)"),
            std::string::npos)
      << r.err;
  const Outcome bad = runPosenc({"export", "--scheme", "alibi", "--view", "bias", "--out", "-"},
                                {{kMemoryBudgetEnv, "lots"}});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("'POSENC_MEMORY_BUDGET' = 'lots'"), std::string::npos) << bad.err;
}

// Requests far beyond the machine are refused at once: nothing is killed by the system.
TEST(MemoryBudget, RequestsBeyondTheMachineAreRefusedNotAttempted) {
  // 2^20 x 2^20 doubles (16 TiB) with the default budget, as numbers and as a picture region.
  const Outcome whole = runPosenc({"export", "--scheme", "sinusoidal", "--set", "length=1048576",
                                   "--view", "similarity", "--rows", "0:", "--out", "-"});
  EXPECT_EQ(whole.status, 2) << whole.err;
  // A 16384 x 16384 PDF draws a 268-million-pixel page: about 27 GB in Qt's PDF writer.
  const Outcome pdf = runPosenc({"export", "--scheme", "alibi", "--view", "bias", "--size",
                                 "16384x16384", "--out", "/tmp/posenc-never-written.pdf"},
                                {{kMemoryBudgetEnv, "2G"}});
  EXPECT_EQ(pdf.status, 2) << pdf.err;
  EXPECT_NE(pdf.err.find("a 16384 x 16384 PDF of alibi view 'bias' (128 x 128 cells) needs "),
            std::string::npos)
      << pdf.err;
  EXPECT_NE(pdf.err.find("more than the memory budget of 2.0 GiB (POSENC_MEMORY_BUDGET)"),
            std::string::npos)
      << pdf.err;
  EXPECT_LT(pdf.seconds, 5) << "refused before drawing";
}

}  // namespace
}  // namespace posenc
