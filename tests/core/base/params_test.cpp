// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/base/params.hpp"

#include <cmath>

#include <gtest/gtest.h>

namespace posenc {
namespace {

TEST(ParseValue, IntAcceptsInRangeAndRejectsEverythingElse) {
  const ParamSpec dim = intParam("dim", 128, 2, 4096, "width", /*even=*/true);
  EXPECT_EQ(std::get<std::int64_t>(parseValue(dim, "64")), 64);
  EXPECT_EQ(std::get<std::int64_t>(parseValue(dim, "+8")), 8);
  for (const char* bad : {"7", "0", "4098", "", "abc", "64x", " 64", "1e3", "2147483648",
                          "9223372036854775808", "-2", "nan", "6.0"}) {
    try {
      (void)parseValue(dim, bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const ParamError& e) {
      EXPECT_EQ(e.param(), "dim");
      EXPECT_NE(std::string(e.what()).find("an even integer from 2 to 4096"), std::string::npos)
          << e.what();
    }
  }
}

// "+" must be followed by a digit: "+-5" was read as -5 (and "+-0" accepted as 0). #7
TEST(ParseValue, IntTakesOneSignAtMost) {
  const ParamSpec head = intParam("head", 0, 0, 63, "head");
  EXPECT_EQ(std::get<std::int64_t>(parseValue(head, "-0")), 0);  // minus zero is zero
  EXPECT_EQ(std::get<std::int64_t>(parseValue(head, "+0")), 0);
  const ParamSpec offset = intParam("offset", 0, -100, 100, "offset");
  EXPECT_EQ(std::get<std::int64_t>(parseValue(offset, "-5")), -5);
  for (const char* bad : {"+-5", "+-0", "-+5", "--5", "++5", "+", "-", "+ 5", "- 5"}) {
    try {
      (void)parseValue(offset, bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const ParamError& e) {
      EXPECT_EQ(e.value(), bad);
    }
  }
}

TEST(ParseValue, RealRejectsNonFiniteAndOutOfRange) {
  const ParamSpec base = realParam("base", 10000, 2, 1e12, "base");
  EXPECT_DOUBLE_EQ(std::get<double>(parseValue(base, "500000")), 500000.0);
  EXPECT_DOUBLE_EQ(std::get<double>(parseValue(base, "1e4")), 1e4);
  for (const char* bad : {"nan", "inf", "-inf", "1", "1e13", "", "ten", "1e4 ", "0x10"}) {
    EXPECT_THROW((void)parseValue(base, bad), ParamError) << bad;
  }
  const ParamSpec any = realParam("x", 0, -1, 1, "x");
  const double negZero = std::get<double>(parseValue(any, "-0"));
  EXPECT_EQ(negZero, 0.0);
  EXPECT_FALSE(std::signbit(negZero));
}

TEST(ParseValue, BoolAndChoice) {
  const ParamSpec causal = boolParam("causal", true, "causal");
  EXPECT_EQ(std::get<bool>(parseValue(causal, "false")), false);
  EXPECT_EQ(std::get<bool>(parseValue(causal, "TRUE")), true);
  EXPECT_EQ(std::get<bool>(parseValue(causal, "0")), false);
  EXPECT_THROW((void)parseValue(causal, "maybe"), ParamError);
  const ParamSpec layout = choiceParam("layout", "half", {"half", "interleaved"}, "layout");
  EXPECT_EQ(std::get<std::string>(parseValue(layout, "interleaved")), "interleaved");
  try {
    (void)parseValue(layout, "Half");
    ADD_FAILURE();
  } catch (const ParamError& e) {
    EXPECT_STREQ(e.what(), "parameter 'layout' = 'Half': must be one of half or interleaved");
  }
}

TEST(ParamError, MessageNamesParameterValueAndWhatIsAllowed) {
  static const MessageTemplate kLessThanHeads{"less than heads (%1)"};
  const ParamError e("head", "8", Message(kLessThanHeads, {"8"}));
  EXPECT_STREQ(e.what(), "parameter 'head' = '8': must be less than heads (8)");
  EXPECT_EQ(e.value(), "8");
  EXPECT_EQ(e.allowed(), "less than heads (8)");
}

// A key or value typed on a command line or read from a file may hold anything; the message
// stays one line of bounded length, so a script's log or a status bar shows it whole. #7
TEST(ParamError, MessageIsOneBoundedLineWhateverTheText) {
  static const MessageTemplate kAnInteger{"an integer"};
  const ParamError e("ke\ny", std::string("va\r\nl\x01ue\x7f"), Message(kAnInteger));
  EXPECT_STREQ(e.what(), "parameter 'ke?y' = 'va??l?ue?': must be an integer");
  EXPECT_EQ(e.param(), "ke\ny");  // the accessors keep the text as given
  const ParamError longValue("length", std::string(100000, '7'),
                             Message(allowed::kIntRange, {"1", "8"}));
  EXPECT_EQ(std::string(longValue.what()), "parameter 'length' = '" + std::string(64, '7') +
                                               "...': must be an integer from 1 to 8");
}

TEST(ParamSet, DefaultsInSpecOrderAndTypedGetters) {
  const std::vector<ParamSpec> specs = {
      intParam("length", 128, 1, 1024, "n"), realParam("base", 10000, 2, 1e12, "b"),
      boolParam("causal", true, "c"), choiceParam("layout", "half", {"half", "interleaved"}, "l")};
  ParamSet p(specs);
  ASSERT_EQ(p.items().size(), 4u);
  EXPECT_EQ(p.items()[2].first, "causal");
  EXPECT_EQ(p.getInt("length"), 128);
  EXPECT_DOUBLE_EQ(p.getReal("base"), 10000);
  EXPECT_TRUE(p.getBool("causal"));
  EXPECT_EQ(p.getChoice("layout"), "half");
  EXPECT_THROW((void)p.getBool("length"), ParamError);
  EXPECT_THROW((void)p.get("nope"), ParamError);
  ParamSet q = p;
  EXPECT_EQ(p, q);
  q.set("length", std::int64_t{64});
  EXPECT_NE(p, q);
}

TEST(FormatValue, ShortestRoundTrip) {
  EXPECT_EQ(formatValue(Value{0.02}), "0.02");
  EXPECT_EQ(formatValue(Value{10000.0}), "10000");
  EXPECT_EQ(formatValue(Value{std::int64_t{-3}}), "-3");
  EXPECT_EQ(formatValue(Value{true}), "true");
  EXPECT_EQ(formatValue(Value{std::string("ntk")}), "ntk");
  EXPECT_EQ(formatValue(Value{0.1 + 0.2}), "0.30000000000000004");
}

TEST(ParseValue, ListOfPositiveNumbers) {
  const ParamSpec spec = listParam("long_factor", 0, 1000, 4, "factors");
  EXPECT_EQ(spec.type, ParamType::List);
  EXPECT_EQ(std::get<NumberList>(spec.defaultValue), NumberList{});
  EXPECT_EQ(std::get<NumberList>(parseValue(spec, "1,1.05, 2")), (NumberList{1, 1.05, 2}));
  EXPECT_EQ(std::get<NumberList>(parseValue(spec, " [ 3 , 4e-1 ] ")), (NumberList{3, 0.4}));
  EXPECT_EQ(std::get<NumberList>(parseValue(spec, "")), NumberList{});
  EXPECT_EQ(std::get<NumberList>(parseValue(spec, "[]")), NumberList{});
  // Zero and negative numbers (the bound is exclusive), gaps, other separators, too many.
  for (const char* bad : {"0", "1,-2", "1,,2", "1,", ",1", "1;2", "1 2", "[1,2", "1e400", "nan",
                          "1,2,3,4,5", "1001", "0x10"}) {
    EXPECT_THROW((void)parseValue(spec, bad), ParamError) << bad;
  }
  try {
    (void)parseValue(spec, "1,0");
    FAIL() << "0 accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "long_factor");
    EXPECT_EQ(e.value(), "1,0");
    EXPECT_EQ(e.allowed(),
              "a comma-separated list of at most 4 numbers, each above 0 and at most 1000 "
              "(empty: not given)");
  }
  EXPECT_THROW(checkValue(spec, Value{1.0}), ParamError);  // a number is not a list
}

TEST(FormatValue, ListRoundTripsThroughParse) {
  const ParamSpec spec = listParam("short_factor", 0, 1e6, 0, "factors");
  const NumberList list = {1.0, 0.1 + 0.2, 1.0 / 3.0, 2.5e-7, 123456};
  const std::string text = formatValue(Value{list});
  EXPECT_EQ(text, "1,0.30000000000000004,0.3333333333333333,2.5e-07,123456");
  EXPECT_EQ(std::get<NumberList>(parseValue(spec, text)), list);
  EXPECT_EQ(formatValue(Value{NumberList{}}), "");
  ParamSet set({spec});
  EXPECT_TRUE(set.getList("short_factor").empty());
  set.set("short_factor", list);
  EXPECT_EQ(set.getList("short_factor"), list);
  EXPECT_THROW((void)ParamSet({realParam("base", 1, 0, 2, "b")}).getList("base"), ParamError);
}

}  // namespace
}  // namespace posenc
