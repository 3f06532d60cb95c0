// SPDX-License-Identifier: GPL-3.0-or-later
// expectSlipMessages: every slip of a report carries its headline and sentence as data
// (check.hpp Slip::headline, Slip::detail), made of registered templates (so the window can
// translate them), the sentence's English being Slip::text byte for byte; and asAgainst, the
// array an engineer hands the check.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/message.hpp"
#include "posenc/check/check.hpp"

namespace posenc::test {

/// `m` as readAgainst would hand over a float64 .npy file named "yours.npy": row-major.
inline Against asAgainst(const Matrix& m) {
  Against a;
  a.file = "yours.npy";
  a.array.shape = {m.rows(), m.cols()};
  a.array.type = ElementType::F64;
  for (Index i = 0; i < m.rows(); ++i)
    for (Index j = 0; j < m.cols(); ++j) a.array.values.push_back(m(i, j));
  return a;
}

/// Whether `m` and every message nested in it are of templates in allMessageTemplates().
inline bool registeredMessage(const Message& m) {
  if (m.empty()) return false;
  const std::vector<const MessageTemplate*> all = allMessageTemplates();
  if (std::find(all.begin(), all.end(), m.sentence()) == all.end()) return false;
  return std::all_of(m.args().begin(), m.args().end(), [](const MessageArg& a) {
    return a.kind() != MessageArg::Kind::Nested || registeredMessage(a.nested());
  });
}

/// Every slip of `r`'s diagnosis has a registered headline and a registered sentence whose
/// English is its text.
inline void expectSlipMessages(const CheckReport& r) {
  for (const Slip& s : r.diagnosis) {
    EXPECT_TRUE(registeredMessage(s.headline))
        << s.id << ": headline \"" << s.headline.english() << "\"";
    EXPECT_FALSE(s.headline.english().empty()) << s.id;
    EXPECT_TRUE(registeredMessage(s.detail)) << s.id << ": " << s.text;
    EXPECT_EQ(s.detail.english(), s.text) << s.id;
  }
}

/// The first slip of `r` explains every cell and has this id (and setting, when given), and
/// its messages are data.
inline void expectNamed(const CheckReport& r, const std::string& id,
                        const std::string& setting = "") {
  ASSERT_FALSE(r.matches());
  ASSERT_FALSE(r.diagnosis.empty()) << checkReportText(r);
  EXPECT_EQ(r.diagnosis.front().id, id) << checkReportText(r);
  EXPECT_TRUE(r.diagnosis.front().explains) << checkReportText(r);
  EXPECT_EQ(r.diagnosis.front().matchedShare, 1.0);
  expectSlipMessages(r);
  if (!setting.empty()) {
    EXPECT_EQ(r.diagnosis.front().setting, setting) << checkReportText(r);
  }
}

}  // namespace posenc::test
