// SPDX-License-Identifier: GPL-3.0-or-later
// Parameters' and choices' short names in the current language: the labels of the parameter
// editors and of their combo boxes, and the undo stack's texts.
#pragma once

#include <QString>

namespace posenc::ui {

/// A parameter's short name in the current language ("长度" for "length" in Chinese), empty
/// when the language has none (English: the id is the name).
[[nodiscard]] QString parameterName(const QString& id);
/// The label of a parameter's row: its id, then its short name if any ("length  长度").
[[nodiscard]] QString parameterLabel(const QString& id);
/// A choice's short name in the current language ("交错" for "interleaved" in Chinese), empty
/// when the language has none (English: the id is the name).
[[nodiscard]] QString choiceName(const QString& id);
/// The text of a choice in a combo box: its id, then its short name if any
/// ("interleaved  交错"); the item's data is the id alone.
[[nodiscard]] QString choiceLabel(const QString& id);

}  // namespace posenc::ui
