// SPDX-License-Identifier: GPL-3.0-or-later
// Errors as data (issue 28 item 3): what each scheme's refusals allow is a Message whose
// template carries the words and whose holes carry only values (numbers, ids, names), so the
// window can say it in its own language. A sentence built as English and passed whole into a
// hole ("%1" = "less than heads (8)") would reach the window untranslated: these tests fail on it.
#include <gtest/gtest.h>

#include <cctype>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "posenc/base/memory_budget.hpp"
#include "posenc/base/message.hpp"
#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;

/// The space-separated words of `s`.
std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

/// True when `word` holds a hole (%1 .. %9).
bool holdsHole(const std::string& word) {
  for (std::size_t i = 0; i + 1 < word.size(); ++i)
    if (word[i] == '%' && word[i + 1] >= '1' && word[i + 1] <= '9') return true;
  return false;
}

/// True when `text` reads as prose: two or more words made of letters only ("less than",
/// "a number"). Numbers ("1e6", "-0.5"), ids ("ntk", "tupe-a"), names ("wpe.weight") and
/// formulas of names ("q_len + mlen = 5 + 3 = k_len") are not.
bool readsAsProse(const std::string& text) {
  int plainWords = 0;
  for (const std::string& w : words(text)) {
    bool letters = w.size() >= 2;
    for (const char c : w) letters = letters && std::isalpha(static_cast<unsigned char>(c)) != 0;
    plainWords += letters ? 1 : 0;
  }
  return plainWords >= 2;
}

/// What is wrong with `m` as data (nested messages included): no template, a template that
/// is a hole alone, a template that carries no word of the sentence, or a value that reads as
/// prose. Empty when nothing is.
std::vector<std::string> messageProblems(const Message& m) {
  if (m.empty()) return {"no template"};
  std::vector<std::string> problems;
  const std::string pattern = m.sentence()->english();
  // A template that is a hole alone carries no words: whatever fills it is English.
  if (pattern == "%1") problems.push_back("template '%1' (" + m.english() + ")");
  // The template carries at least one word of the sentence itself.
  const std::vector<std::string> said = words(m.english());
  bool carried = false;
  for (const std::string& w : words(pattern))
    if (!holdsHole(w))
      for (const std::string& s : said) carried = carried || s == w;
  if (!carried)
    problems.push_back("template '" + pattern + "' carries no word of '" + m.english() + "'");
  for (const MessageArg& a : m.args()) {
    switch (a.kind()) {
      case MessageArg::Kind::Text:
        if (readsAsProse(a.text()))
          problems.push_back("a sentence passed as text into '" + pattern + "': '" + a.text() +
                             "'");
        break;
      case MessageArg::Kind::List:
        if (a.items().empty()) problems.push_back("an empty list in '" + pattern + "'");
        for (const std::string& item : a.items())
          if (readsAsProse(item)) problems.push_back("a sentence in a list: '" + item + "'");
        break;
      case MessageArg::Kind::Nested:
        for (std::string& p : messageProblems(a.nested())) problems.push_back(pattern + " > " + p);
        break;
    }
  }
  return problems;
}

/// The checks of a refusal: its allowed() is its allowedMessage() in English, and that
/// message passes checkMessage.
void checkRefusal(const ParamError& e, const std::string& where) {
  SCOPED_TRACE(where + ": " + e.what());
  EXPECT_FALSE(e.allowedMessage().empty());
  EXPECT_FALSE(e.allowed().empty());
  EXPECT_EQ(e.allowedMessage().english(), e.allowed());
  const std::string what = e.what();
  ASSERT_GE(what.size(), e.allowed().size());
  EXPECT_EQ(what.substr(what.size() - e.allowed().size()), e.allowed()) << "what() ends otherwise";
  EXPECT_EQ(messageProblems(e.allowedMessage()), std::vector<std::string>{});
}

/// A refusal to drive: the parameters of `scheme`, then (optionally) a view asked for.
struct Refusal {
  std::string scheme;
  Sets sets;
  std::string param;      ///< The parameter the refusal must name.
  std::string view = "";  ///< Empty: makeParams refuses; else the view refuses.
};

std::string describe(const Refusal& r) {
  std::string s = r.scheme;
  for (const auto& [k, v] : r.sets) s += " " + k + "=" + v;
  if (!r.view.empty()) s += " view " + r.view;
  return s;
}

/// Runs `r` and returns its error; a failure when nothing is refused.
std::optional<ParamError> refusal(const Refusal& r) {
  try {
    const Scheme& s = findScheme(r.scheme);
    const ParamSet params = makeParams(s, r.sets);
    if (r.view.empty()) return std::nullopt;
    const ViewSpec& view = findView(s, r.view);
    if (view.kind == ViewKind::Series) (void)s.series(params, view.id);
    else (void)computeMatrix(s, params, view.id, Region{.maxRows = 4, .maxCols = 4});
  } catch (const ParamError& e) {
    return e;
  }
  return std::nullopt;
}

// At least one refusal per scheme, the schemes' own cross-checks first where makeParams or a
// view reaches them (the existing tests of each scheme say which values are refused).
const std::vector<Refusal>& refusals() {
  static const std::vector<Refusal> all = {
      {"sinusoidal", {{"dim", "3"}}, "dim"},
      {"sinusoidal", {{"layout", "spiral"}}, "layout"},
      {"learned", {{"length", "600"}}, "length"},
      {"learned", {{"length", "10"}, {"offset", "600"}}, "offset"},
      {"learned", {{"length", "10"}, {"grid", "30"}}, "grid"},
      {"t5", {{"heads", "2"}, {"head", "2"}}, "head"},
      {"t5", {{"buckets", "32"}, {"max_distance", "8"}}, "max_distance"},
      {"t5",
       {{"buckets", "32"}, {"max_distance", "8"}, {"bidirectional", "false"}},
       "max_distance"},
      {"t5", {{"stack", "decoder"}, {"bidirectional", "true"}}, "bidirectional"},
      {"alibi", {{"heads", "6"}, {"head", "6"}}, "head"},
      {"rope", {{"scaling", "longrope"}}, "short_factor"},
      {"rope", {{"short_factor", "1,2"}}, "short_factor"},
      {"rope", {{"scaling", "ntk"}, {"dim", "2"}}, "dim"},
      {"rope",
       {{"scaling", "ntk"}, {"dim", "4"}, {"partial_rotary_factor", "0.5"}},
       "partial_rotary_factor"},
      {"rope", {{"dim", "4"}, {"partial_rotary_factor", "0.25"}}, "partial_rotary_factor"},
      {"rope", {{"dim", "8"}, {"partial_rotary_factor", "0.5"}, {"pair", "2"}}, "pair"},
      {"rope", {{"dim", "8"}, {"pair", "4"}}, "pair"},
      {"rope", {{"low_freq_factor", "4"}, {"high_freq_factor", "2"}}, "low_freq_factor"},
      {"rope", {{"beta_fast", "1"}, {"beta_slow", "2"}}, "beta_fast"},
      {"xl", {{"d_model", "9"}, {"heads", "1"}}, "d_model"},
      {"xl", {{"qlen", "32768"}, {"mlen", "32769"}}, "qlen", "attention"},
      {"tupe", {{"buckets", "32"}, {"max_distance", "8"}}, "max_distance"},
      {"tupe", {{"d_model", "3"}, {"heads", "1"}}, "d_model"},
      {"shaw", {{"clip", "0"}}, "clip"},
      {"shaw", {{"length", "65537"}}, "length", "values"},
      {"deberta", {{"max_relative_positions", "3"}}, "max_relative_positions"},
      {"deberta", {{"d_model", "10"}, {"heads", "4"}}, "d_model"},
      {"xpos", {{"length", "2000"}, {"scale_base", "1"}}, "length", "invariance"},
      {"xpos", {{"dim", "7"}}, "dim"},
      {"nope", {{"length", "100000"}}, "length", "entropy"},
      {"nope", {{"length", "100000"}}, "length", "attention"},
      {"kerple", {{"p", "2.5"}}, "p"},
      {"kerple", {{"variant", "linear"}}, "variant"},
      {"sandwich", {{"dim", "3"}}, "dim"},
      {"sandwich", {{"heads", "4"}, {"head", "4"}}, "head"},
  };
  return all;
}

TEST(SchemeMessages, EveryRefusalSaysWhatIsAllowedAsATemplateWithValues) {
  for (const Refusal& r : refusals()) {
    const std::optional<ParamError> e = refusal(r);
    if (!e) {
      ADD_FAILURE() << describe(r) << ": accepted";
      continue;
    }
    EXPECT_EQ(e->param(), r.param) << describe(r) << ": " << e->what();
    checkRefusal(*e, describe(r));
  }
}

TEST(SchemeMessages, EverySchemeHasARefusalHere) {
  std::set<std::string> covered;
  for (const Refusal& r : refusals()) covered.insert(r.scheme);
  std::set<std::string> schemes;
  for (const auto& s : allSchemes()) schemes.insert(s->info().id);
  EXPECT_EQ(schemes.size(), 13U);
  EXPECT_EQ(covered, schemes);
}

// What a refusal over the memory budget asks for is a message too (nope's entropy request, a
// checkMemory call outside base/).
TEST(SchemeMessages, MemoryRefusalSaysItsRequestAsATemplateWithValues) {
  setMemoryBudget(MemoryBudget{.bytes = 1024, .source = "test"});
  try {
    const Scheme& s = findScheme("nope");
    (void)s.series(makeParams(s, {{"length", "4096"}}), "entropy");
    ADD_FAILURE() << "accepted over the budget";
  } catch (const MemoryBudgetError& e) {
    EXPECT_EQ(e.param(), "length");
    EXPECT_EQ(messageProblems(e.request()), std::vector<std::string>{});
    EXPECT_NE(std::string(e.what()).find(e.request().english()), std::string::npos) << e.what();
  }
  setMemoryBudget(std::nullopt);
}

// The generic check itself: a whole sentence in a hole, or a template that is a hole alone,
// fails it.
TEST(SchemeMessages, TheCheckRefusesEnglishPassedAsAValue) {
  static const MessageTemplate kHoleAlone{"%1"};
  static const MessageTemplate kLessThan{"less than %1", "%1: a bound"};
  EXPECT_TRUE(readsAsProse("less than heads (8)"));
  EXPECT_FALSE(readsAsProse("1e6"));
  EXPECT_FALSE(readsAsProse("tupe-a"));
  EXPECT_FALSE(readsAsProse("q_len + mlen = 5 + 3 = k_len"));
  EXPECT_FALSE(
      readsAsProse("encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight"));
  const std::vector<std::string> hole =
      messageProblems(Message(kHoleAlone, {"a number from 1 to 8"}));
  ASSERT_EQ(hole.size(), 3U);
  EXPECT_EQ(hole[0], "template '%1' (a number from 1 to 8)");
  EXPECT_EQ(hole[1], "template '%1' carries no word of 'a number from 1 to 8'");
  EXPECT_EQ(hole[2], "a sentence passed as text into '%1': 'a number from 1 to 8'");
  EXPECT_EQ(messageProblems(Message(kLessThan, {"heads and more"})),
            std::vector<std::string>{
                "a sentence passed as text into 'less than %1': 'heads and more'"});
  EXPECT_EQ(messageProblems(Message(kLessThan, {"8"})), std::vector<std::string>{});
  EXPECT_EQ(messageProblems(Message()), std::vector<std::string>{"no template"});
}

}  // namespace
}  // namespace posenc
