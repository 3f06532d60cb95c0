// SPDX-License-Identifier: GPL-3.0-or-later
// The Check window's texts in the current language: the status of a report (MATCH / MISMATCH,
// cells compared, mismatches and their share, the largest absolute and relative errors with
// their cells, the tolerance and where it comes from, dtype and shapes), the diagnosis items,
// and numbers as the readout writes them. The report itself is the core's (posenc/check/check.hpp).
#pragma once

#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <vector>

#include "posenc/check/check.hpp"

namespace posenc::ui {

/// What the report alone does not say about how it was made, for the texts.
struct CheckGiven {
  bool rtol = false;    ///< rtol was typed (not the dtype's default).
  bool atol = false;    ///< atol was typed.
  int textDigits = 0;   ///< Against::textDigits (a .csv or .json file), 0 for binary files.
  bool series = false;  ///< A series view: rows are curves and columns points.
};

/// Texts of a CheckReport (static functions; the class is the translation context).
class CheckSummary {
  Q_DECLARE_TR_FUNCTIONS(posenc::ui::CheckSummary)
 public:
  /// "MATCH" in green or "MISMATCH" in red, bold (rich text).
  [[nodiscard]] static QString verdictHtml(const posenc::CheckReport& report);
  /// The status as rich text lines: the verdict and what was compared; then, when the shapes
  /// agree, cells compared, mismatches (count and share), the largest absolute and relative
  /// errors with their cells (yours, ours), or else both shapes; the tolerance and its
  /// source; the dtype and the shapes; the random stand-in note when it applies.
  [[nodiscard]] static QString statusHtml(const posenc::CheckReport& report,
                                          const CheckGiven& given, const QString& what);
  /// The same without markup (tests, the accessible description).
  [[nodiscard]] static QString statusText(const posenc::CheckReport& report,
                                          const CheckGiven& given, const QString& what);
  /// One diagnosis item: the slip's sentence and, when it explains only part of the cells,
  /// the share it explains. In English the core's sentence as it is (Slip::text); in another
  /// language the same sentence translated from its template, the numbers and settings in its
  /// holes (messageText of Slip::detail), slipDetail (the English) going to its tooltip.
  [[nodiscard]] static QString slipText(const posenc::Slip& slip);
  /// What the slip is, in a few words in the current language (messageText of Slip::headline,
  /// "a; then: b" for two at once); empty for a slip made without one.
  [[nodiscard]] static QString slipHeadline(const posenc::Slip& slip);
  /// The core's full sentence (English, with the numbers).
  [[nodiscard]] static QString slipDetail(const posenc::Slip& slip);
  /// Where the tolerance comes from: "float32 default", "typed", ...
  [[nodiscard]] static QString toleranceSource(const posenc::CheckReport& report,
                                               const CheckGiven& given);
  /// "(64, 128)" as numpy writes a shape; "(5,)" for one dimension.
  [[nodiscard]] static QString shape(const std::vector<std::int64_t>& shape);
  [[nodiscard]] static QString shape(posenc::MatrixShape shape);
  /// A value with 9 significant digits (float32 differences show), a true minus sign, "NaN"
  /// for masked cells.
  [[nodiscard]] static QString number(double value);
  /// "row 3, column 7" for a matrix, "curve 3, point 7" for a series (absolute indices).
  [[nodiscard]] static QString cell(posenc::Index row, posenc::Index col, bool series);
};

}  // namespace posenc::ui
