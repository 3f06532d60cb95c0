// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc/modes/compare.hpp and the companion rules of every scheme
// (SchemeInfo::companions): the data names parameters, values, schemes and views that exist, and
// gives the panels Compare has always shown (RoPE scaled against unscaled, sinusoidal interleaved
// against concatenated, RoPE's scaled scores beside the others).
#include "posenc/modes/compare.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "posenc/base/scheme.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;

/// KEY=VALUE words as makeParams assignments.
Sets wordsToSets(const std::string& overrides) {
  Sets sets;
  std::istringstream in(overrides);
  std::string word;
  while (in >> word) {
    const auto eq = word.find('=');
    EXPECT_NE(eq, std::string::npos) << word;
    if (eq != std::string::npos) sets.emplace_back(word.substr(0, eq), word.substr(eq + 1));
  }
  return sets;
}

void expectPanelExists(const PanelSpec& panel) {
  SCOPED_TRACE(panel.scheme + " " + panel.view + " " + panel.overrides);
  const Scheme& scheme = findScheme(panel.scheme);
  EXPECT_NO_THROW((void)findView(scheme, panel.view));
  EXPECT_NO_THROW((void)makeParams(scheme, wordsToSets(panel.overrides)));
}

TEST(CompareData, EveryCompanionRuleNamesExistingParametersAndValues) {
  for (const auto& s : allSchemes()) {
    const auto& rules = s->info().companions;
    for (std::size_t i = 0; i < rules.size(); ++i) {
      const CompanionRule& rule = rules[i];
      SCOPED_TRACE(s->info().id + " rule on " + rule.param);
      const ParamSpec& spec = findParam(*s, rule.param);
      if (rule.when.empty()) {
        EXPECT_EQ(i + 1, rules.size()) << "an any-value rule hides the rules after it";
      } else {
        EXPECT_EQ(formatValue(parseValue(spec, rule.when)), rule.when);
      }
      EXPECT_FALSE(rule.sets.empty());
      for (const auto& [key, value] : rule.sets)
        EXPECT_NO_THROW((void)parseValue(findParam(*s, key), value)) << key << "=" << value;
    }
  }
}

TEST(CompareData, EveryCompanionAtEveryChoiceIsAValidParameterSet) {
  for (const auto& s : allSchemes()) {
    for (const CompanionRule& rule : s->info().companions) {
      const ParamSpec& spec = findParam(*s, rule.param);
      std::vector<std::string> values = spec.choices;
      if (values.empty()) values = {formatValue(spec.defaultValue)};
      for (const std::string& value : values) {
        SCOPED_TRACE(s->info().id + ": " + rule.param + "=" + value);
        ParamSet params;
        try {
          params = makeParams(*s, {{rule.param, value}});
        } catch (const ParamError& e) {
          // A choice that needs more parameters (rope's longrope needs its factor lists) is
          // refused naming them, never the choice itself.
          EXPECT_NE(e.param(), rule.param) << e.what();
          continue;
        }
        const auto other = companionParams(*s, params);
        ASSERT_TRUE(other.has_value());
        EXPECT_NO_THROW(validateParams(*s, *other));
        EXPECT_FALSE(*other == params) << "the companion shows the same thing";
      }
    }
  }
}

TEST(CompareData, DefaultsNameExistingSchemesViewsAndOverrides) {
  const CompareDefaults& d = compareDefaults();
  expectPanelExists(d.companion);
  expectPanelExists(d.filler);
  ASSERT_GE(d.initial.size(), 2u);
  for (const PanelSpec& p : d.initial) expectPanelExists(p);
  ASSERT_FALSE(d.extra.empty());
  for (const PanelSpec& p : d.extra) expectPanelExists(p);
}

TEST(CompareData, DefaultsAreTheClassicPanels) {
  const CompareDefaults& d = compareDefaults();
  EXPECT_EQ(d.companion, (PanelSpec{"rope", "scores", "scaling=linear factor=4"}));
  EXPECT_EQ(d.initial, (std::vector<PanelSpec>{{"rope", "scores", ""},
                                               {"rope", "scores", "scaling=linear factor=4"}}));
  EXPECT_EQ(d.extra, (std::vector<PanelSpec>{{"alibi", "bias", ""}, {"t5", "bias", ""}}));
  EXPECT_EQ(d.filler, (PanelSpec{"sinusoidal", "similarity", ""}));
}

TEST(CompanionParams, RopeTogglesItsScaling) {
  const Scheme& rope = findScheme("rope");
  const auto scaled = companionParams(rope, makeParams(rope, {{"dim", "32"}}));
  ASSERT_TRUE(scaled.has_value());
  EXPECT_EQ(scaled->getChoice("scaling"), "linear");
  EXPECT_EQ(scaled->getReal("factor"), 4.0);
  EXPECT_EQ(scaled->getInt("dim"), 32);
  // Scaled: the companion turns the scaling off and keeps the factor.
  const auto plain = companionParams(rope, makeParams(rope, {{"scaling", "ntk"}, {"factor", "8"}}));
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ(plain->getChoice("scaling"), "none");
  EXPECT_EQ(plain->getReal("factor"), 8.0);
}

TEST(CompanionParams, SinusoidalTogglesItsLayout) {
  const Scheme& sin = findScheme("sinusoidal");
  const auto layoutAfter = [&](const std::string& layout) {
    return companionParams(sin, makeParams(sin, {{"layout", layout}}))->getChoice("layout");
  };
  EXPECT_EQ(layoutAfter("interleaved"), "concatenated");
  EXPECT_EQ(layoutAfter("concatenated"), "interleaved");
  EXPECT_EQ(layoutAfter("tensor2tensor"), "interleaved");
}

TEST(CompanionParams, SchemesWithoutRulesHaveNone) {
  for (const char* id : {"learned", "t5", "alibi", "xl", "tupe"}) {
    const Scheme& s = findScheme(id);
    EXPECT_TRUE(s.info().companions.empty()) << id;
    EXPECT_FALSE(companionParams(s, makeParams(s, {})).has_value()) << id;
  }
}

}  // namespace
}  // namespace posenc
