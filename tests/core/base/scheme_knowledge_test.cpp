// SPDX-License-Identifier: GPL-3.0-or-later
// A scheme is its folder (issue 28): what the core knows of one scheme is in
// core/src/schemes/<id>/ and core/include/posenc/schemes/<id>/ (its description, its hooks:
// base/scheme_hooks.hpp) and its one line in schemes/registry.cpp. The generic machinery (the
// check, the models, the modes, ...) calls hooks and never branches on a scheme id.
//
// The rule, for every registered scheme id X, over every .cpp / .hpp of core/src and
// core/include except schemes/X/ and schemes/registry.cpp, comments left out: the string literal
// "X" (the whole literal: "rope", not "rope_theta" or "--scheme rope") never stands on a line
// that compares or branches: `==`, `!=`, `.compare(`, `if`, `while`, `switch`, `case` or a
// ternary `?` (other string literals blanked first, so their text cannot trigger it). Data
// that names a scheme is allowed: a table row {"llama", "rope"} (the model_type -> scheme
// table of models/), Compare's default panels. One exception, checked against the registry:
// in schemes/S/, "X" that is a value of one of S's own choice parameters (TUPE's
// positions=sinusoidal, Transformer-XL's relative=learned) is S's parameter value, not the
// scheme X. A condition split over lines is judged by the line holding the literal.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "posenc/base/scheme.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path kSource = POSENC_SOURCE_DIR;

/// One line of code: its text with every string literal's contents blanked (the quotes kept)
/// and comments removed, and the literals it holds.
struct CodeLine {
  int number = 0;
  std::string code{};
  std::vector<std::string> literals{};
};

/// The lines of a C++ source with comments removed and string literals taken out (raw strings
/// and escapes understood; a character literal is skipped).
std::vector<CodeLine> codeLines(const std::string& text) {
  std::vector<CodeLine> lines(1, CodeLine{1});
  enum class State { Code, Line, Block, String, Raw, Char } state = State::Code;
  std::string literal, rawEnd;
  for (std::size_t k = 0; k < text.size(); ++k) {
    const char c = text[k];
    const char next = k + 1 < text.size() ? text[k + 1] : '\0';
    CodeLine& line = lines.back();
    if (c == '\n') {
      if (state == State::Line) state = State::Code;
      lines.push_back(CodeLine{line.number + 1});
      continue;
    }
    switch (state) {
      case State::Code:
        if (c == '/' && next == '/') {
          state = State::Line;
        } else if (c == '/' && next == '*') {
          state = State::Block;
          ++k;
        } else if (c == 'R' && next == '"' &&
                   (k == 0 || !(std::isalnum(static_cast<unsigned char>(text[k - 1])) ||
                                text[k - 1] == '_'))) {
          const std::size_t open = text.find('(', k + 2);
          rawEnd = ")" + text.substr(k + 2, open - k - 2) + "\"";
          literal.clear();
          line.code += "\"";
          state = State::Raw;
          k = open;
        } else if (c == '"') {
          literal.clear();
          line.code += c;
          state = State::String;
        } else if (c == '\'' &&
                   (k == 0 || !std::isalnum(static_cast<unsigned char>(text[k - 1])))) {
          state = State::Char;  // (after a digit, a digit separator: 100'000)
        } else {
          line.code += c;
        }
        break;
      case State::Line:
        break;
      case State::Block:
        if (c == '*' && next == '/') {
          state = State::Code;
          ++k;
        }
        break;
      case State::String:
        if (c == '\\') {
          literal += c;
          literal += next;
          ++k;
        } else if (c == '"') {
          line.code += c;
          line.literals.push_back(literal);
          state = State::Code;
        } else {
          literal += c;
        }
        break;
      case State::Raw:
        if (text.compare(k, rawEnd.size(), rawEnd) == 0) {
          line.code += "\"";
          line.literals.push_back(literal);
          k += rawEnd.size() - 1;
          state = State::Code;
        } else {
          literal += c;
        }
        break;
      case State::Char:
        if (c == '\\') ++k;
        else if (c == '\'') state = State::Code;
        break;
    }
  }
  return lines;
}

/// Whether a line's code (literals blanked) compares or branches.
bool comparesOrBranches(const std::string& code) {
  for (const char* op : {"==", "!=", ".compare(", "?"})
    if (code.find(op) != std::string::npos) return true;
  std::string token;
  for (const char c : code + " ") {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      token += c;
      continue;
    }
    if (token == "if" || token == "while" || token == "switch" || token == "case") return true;
    token.clear();
  }
  return false;
}

std::vector<fs::path> coreSources() {
  std::vector<fs::path> out;
  for (const char* dir : {"core/src", "core/include"})
    for (const auto& entry : fs::recursive_directory_iterator(kSource / dir)) {
      const std::string ext = entry.path().extension().string();
      if (entry.is_regular_file() && (ext == ".cpp" || ext == ".hpp")) out.push_back(entry.path());
    }
  std::sort(out.begin(), out.end());
  return out;
}

/// The scheme whose folder holds `rel` (core/src/schemes/S/... or
/// core/include/posenc/schemes/S/...), else empty.
std::string folderScheme(const std::string& rel) {
  for (const std::string prefix : {"core/src/schemes/", "core/include/posenc/schemes/"}) {
    if (rel.rfind(prefix, 0) != 0) continue;
    const std::size_t slash = rel.find('/', prefix.size());
    if (slash != std::string::npos) return rel.substr(prefix.size(), slash - prefix.size());
  }
  return {};
}

/// Whether `value` is a value of one of scheme `id`'s choice parameters.
bool isChoiceOf(const std::string& id, const std::string& value) {
  for (const auto& s : posenc::allSchemes()) {
    if (s->info().id != id) continue;
    for (const posenc::ParamSpec& p : s->info().params)
      if (std::find(p.choices.begin(), p.choices.end(), value) != p.choices.end()) return true;
  }
  return false;
}

std::string readAll(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(SchemeKnowledge, CoreBranchesOnASchemeIdOnlyInItsFolder) {
  std::vector<std::string> ids;
  for (const auto& s : posenc::allSchemes()) ids.push_back(s->info().id);
  ASSERT_GE(ids.size(), 13U);
  std::string found;
  std::size_t files = 0;
  for (const fs::path& file : coreSources()) {
    const std::string rel = fs::relative(file, kSource).generic_string();
    if (rel == "core/src/schemes/registry.cpp") continue;
    ++files;
    const std::string owner = folderScheme(rel);
    for (const CodeLine& line : codeLines(readAll(file))) {
      if (line.literals.empty() || !comparesOrBranches(line.code)) continue;
      for (const std::string& lit : line.literals) {
        if (std::find(ids.begin(), ids.end(), lit) == ids.end() || lit == owner) continue;
        if (!owner.empty() && isChoiceOf(owner, lit)) continue;  // the owner's parameter value
        found +=
            rel + ":" + std::to_string(line.number) + ": \"" + lit + "\" in: " + line.code + "\n";
      }
    }
  }
  EXPECT_GT(files, 100U) << "the core's sources were not found under " << kSource;
  EXPECT_TRUE(found.empty())
      << "scheme knowledge outside the scheme's folder (make it a hook or data of the scheme: "
         "core/src/base/scheme_hooks.hpp, SchemeInfo):\n"
      << found;
}

TEST(SchemeKnowledge, TheRuleSeesComparisonsAndBranchesNotDataOrComments) {
  const auto flagged = [](const std::string& text) {
    std::vector<std::string> out;
    for (const CodeLine& l : codeLines(text))
      if (comparesOrBranches(l.code))
        for (const std::string& lit : l.literals) out.push_back(lit);
    return out;
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(flagged("if (scheme == \"rope\" && id == \"layout\") {"), (V{"rope", "layout"}));
  EXPECT_EQ(flagged("return id != \"t5\";"), V{"t5"});
  EXPECT_EQ(flagged("s = learned ? \"xl\" : \"deberta\";"), (V{"xl", "deberta"}));
  EXPECT_EQ(flagged("} else if (c.flag(\"alibi\")) {"), V{"alibi"});
  EXPECT_TRUE(flagged("const Family kF[] = {{\"llama\", \"rope\"}};").empty());
  EXPECT_TRUE(flagged("m.scheme = \"rope\";  // if (x == \"rope\")").empty());
  EXPECT_TRUE(flagged("/* if (x == \"rope\") */ f(\"rope\");").empty());
  EXPECT_TRUE(flagged("f(\"a == b ? c\", \"rope\");").empty());  // operators inside a literal
  EXPECT_TRUE(flagged("const char* s = R\"(if \"rope\")\"; g(s);").empty());
  EXPECT_TRUE(flagged("verified = x;  // notify").empty());
  EXPECT_EQ(flagged("char q = '\"'; if (a == \"nope\") {}"), V{"nope"});
  EXPECT_EQ(flagged("n = 100'000; if (a == \"kerple\") {}"), V{"kerple"});
}

}  // namespace
