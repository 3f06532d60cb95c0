// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc/base/index_range.hpp: the one reader of a typed range of rows or columns, shared
// by
// --rows / --cols and the check window's fields (issue 26, item 1).
#include "posenc/base/index_range.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "posenc/cli/command_line.hpp"

namespace posenc {
namespace {

TEST(IndexRange, ReadsAToBAndAToTheEnd) {
  EXPECT_EQ(parseIndexRange("10:40"), (IndexRange{10, 40}));
  EXPECT_EQ(parseIndexRange("0:1"), (IndexRange{0, 1}));
  EXPECT_EQ(parseIndexRange("7:"), (IndexRange{7, -1}));
  EXPECT_EQ(parseIndexRange("  3:9\t"), (IndexRange{3, 9}));  // as typed in a field
}

TEST(IndexRange, RefusesEverythingElse) {
  for (const char* text : {"", ":", ":5", "10-40", "10", "a:b", "-1:4", "4:4", "5:3", "1:2:3",
                           "1.5:3", "+1:3", "1: 3", "99999999999999999999:"})
    EXPECT_EQ(parseIndexRange(text), std::nullopt) << text;
}

TEST(IndexRange, TheCommandLineRefusesWithTheSameRule) {
  EXPECT_EQ(parseCommandLine({"check", "--rows", "10:40", "--against", "f.npy"}).rows,
            (IndexRange{10, 40}));
  try {
    (void)parseCommandLine({"check", "--cols", "10-40", "--against", "f.npy"});
    FAIL() << "no UsageError";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()),
              "--cols '10-40': must be " + std::string(kIndexRangeAllowed.english()));
  }
}

}  // namespace
}  // namespace posenc
