// SPDX-License-Identifier: GPL-3.0-or-later
// Messages as data (base/message.hpp): holes filled in one pass, lists and nested messages in
// English, the catalogue every template registers in, and the errors whose sentences are
// messages saying exactly what they said as plain strings.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "posenc/base/memory_budget.hpp"
#include "posenc/base/message.hpp"
#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"

namespace posenc {
namespace {

const MessageTemplate kTwoHoles{"from %1 to %2", "test"};
const MessageTemplate kWraps{"must be %1 (%2)", "test"};

TEST(Message, FillsHolesInOnePass) {
  EXPECT_EQ(fillHoles("from %1 to %2", {"a", "b"}), "from a to b");
  EXPECT_EQ(fillHoles("%2 then %1", {"a", "b"}), "b then a");
  // A value that holds a hole marker is not read again.
  EXPECT_EQ(fillHoles("%1 and %2", {"%2", "x"}), "%2 and x");
  // A hole without a value stays as written; a lone % is text.
  EXPECT_EQ(fillHoles("%1 of %3, 50%", {"a"}), "a of %3, 50%");
}

TEST(Message, ListsIdsTheEnglishWay) {
  EXPECT_EQ(englishList({}), "");
  EXPECT_EQ(englishList({"a"}), "a");
  EXPECT_EQ(englishList({"a", "b"}), "a or b");
  EXPECT_EQ(englishList({"a", "b", "c"}), "a, b or c");
}

TEST(Message, RendersTextListsAndNestedMessages) {
  const Message inner(kTwoHoles, {"1", "8"});
  const Message outer(kWraps, {inner, MessageArg::list({"x", "y", "z"})});
  EXPECT_EQ(outer.english(), "must be from 1 to 8 (x, y or z)");
  ASSERT_EQ(outer.args().size(), 2U);
  EXPECT_EQ(outer.args()[0].kind(), MessageArg::Kind::Nested);
  EXPECT_EQ(outer.args()[0].nested().sentence(), &kTwoHoles);
  EXPECT_EQ(outer.args()[1].kind(), MessageArg::Kind::List);
  EXPECT_EQ(outer.sentence(), &kWraps);
  EXPECT_TRUE(Message().empty());
  EXPECT_EQ(Message().english(), "");
}

TEST(Message, EveryTemplateRegistersInTheCatalogue) {
  static const MessageTemplate kLocal{"a local sentence %1"};
  const std::vector<const MessageTemplate*> all = allMessageTemplates();
  for (const MessageTemplate* t : {&kTwoHoles, &kWraps, &kLocal, &allowed::kIntRange})
    EXPECT_NE(std::find(all.begin(), all.end(), t), all.end()) << t->english();
  EXPECT_GT(all.size(), 30U);
}

// A translator sees every hole: the holes of a template are %1 .. %n, each at least once.
TEST(Message, EveryTemplateOfTheCoreNumbersItsHolesFromOne) {
  for (const MessageTemplate* t : allMessageTemplates()) {
    const std::string text = t->english();
    std::set<int> holes;
    for (std::size_t i = 0; i + 1 < text.size(); ++i)
      if (text[i] == '%' && text[i + 1] >= '1' && text[i + 1] <= '9')
        holes.insert(text[i + 1] - '0');
    if (holes.empty()) continue;
    EXPECT_EQ(*holes.rbegin(), static_cast<int>(holes.size())) << text;
  }
}

// The errors say word for word what they said when their sentences were plain strings.
TEST(Message, ParamErrorTextsAreUnchanged) {
  const auto refused = [](const std::string& scheme,
                          const std::vector<std::pair<std::string, std::string>>& sets) {
    try {
      (void)makeParams(findScheme(scheme), sets);
    } catch (const ParamError& e) {
      EXPECT_EQ(e.message().english(), e.what());
      EXPECT_EQ(e.allowedMessage().english(), e.allowed());
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refused("rope", {{"dim", "7"}}),
            "parameter 'dim' = '7': must be an even integer from 2 to 4096");
  EXPECT_EQ(refused("alibi", {{"heads", "4"}, {"head", "7"}}),
            "parameter 'head' = '7': must be less than heads (4)");
  EXPECT_EQ(refused("rope", {{"scaling", "cubic"}}),
            "parameter 'scaling' = 'cubic': must be one of none, linear, ntk, dynamic, yarn, "
            "llama3 or longrope");
  try {
    (void)findScheme("cubic");
    ADD_FAILURE() << "no error";
  } catch (const ParamError& e) {
    EXPECT_EQ(
        std::string(e.what()).rfind("parameter 'scheme' = 'cubic': must be one of sinusoidal, ", 0),
        0U)
        << e.what();
  }
}

TEST(Message, MemoryBudgetErrorSaysWhatWasAskedAsData) {
  setMemoryBudget(MemoryBudget{1024, "--memory-budget"});
  try {
    const Scheme& s = findScheme("sinusoidal");
    (void)computeMatrix(s, makeParams(s, {{"length", "2000"}}), "similarity");
    ADD_FAILURE() << "2000 x 2000 cells fitted in 1 KiB";
  } catch (const MemoryBudgetError& e) {
    EXPECT_EQ(std::string(e.what()),
              "sinusoidal view 'similarity' at 2000 x 2000 cells (30.5 MiB of values) needs "
              "61.1 MiB, more than the memory budget of 1.0 KiB (--memory-budget); ask for less (a "
              "smaller length, region or picture) or raise the budget with --memory-budget SIZE "
              "or POSENC_MEMORY_BUDGET");
    EXPECT_EQ(e.message().english(), e.what());
    EXPECT_EQ(e.request().english(),
              "sinusoidal view 'similarity' at 2000 x 2000 cells (30.5 MiB of values)");
    EXPECT_EQ(e.allowed(), "at most the memory budget of 1.0 KiB");
  }
  setMemoryBudget(std::nullopt);
}

}  // namespace
}  // namespace posenc
