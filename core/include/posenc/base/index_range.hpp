// SPDX-License-Identifier: GPL-3.0-or-later
// A range of rows or columns as a person types it: `--rows A:B`, `--cols C:D`, the check
// window's Rows and Columns fields.
#pragma once

#include <optional>
#include <string_view>

#include "posenc/base/types.hpp"

#include "posenc/base/message.hpp"

namespace posenc {

/// A half-open index range A:B; B may be omitted: to the end.
struct IndexRange {
  Index begin = 0;
  Index end = -1;  ///< -1 = to the end.
  friend bool operator==(const IndexRange&, const IndexRange&) = default;
};

/// What an index range may be, as messages say it.
extern const MessageTemplate kIndexRangeAllowed;

/// Reads "A:B" or "A:" (blanks around it allowed); nullopt for anything else. The one reader
/// of a typed range, on the command line and in the window.
[[nodiscard]] std::optional<IndexRange> parseIndexRange(std::string_view text);

}  // namespace posenc
