// SPDX-License-Identifier: GPL-3.0-or-later
// "Go to range": the part of a plot to show, typed as ranges A:B (a heatmap's rows and
// columns, as the command line's --rows A:B --cols C:D; a chart's x and y), and the parsers
// that check them, each refusal naming the field, the value and what is allowed.
#pragma once

#include <QDialog>
#include <QString>
#include <array>
#include <functional>
#include <optional>
#include <utility>

#include "posenc/base/types.hpp"

class QLabel;
class QLineEdit;

namespace posenc::ui {

/// A small dialog with two range fields. OK hands both texts to `apply`, which shows them (and
/// returns an empty string) or refuses them (and returns the reason): then the dialog stays
/// open with the reason under the fields and the view is unchanged.
class RangeDialog : public QDialog {
  Q_OBJECT
 public:
  /// Applies the typed texts; returns "" when done, else the message that refuses them.
  using Apply = std::function<QString(const QString& first, const QString& second)>;

  /// One field: its name (as the messages use it, e.g. "rows"), what the axis shows, the
  /// current range as text.
  struct Field {
    QString name;
    QString meaning;
    QString text;
  };

  RangeDialog(QWidget* parent, const Field& first, const Field& second, const QString& hint,
              Apply apply);

  /// The field editors, first and second (0 and 1).
  [[nodiscard]] QLineEdit* editor(int index) const;
  /// The message of the last refused input; empty when none was refused.
  [[nodiscard]] QString error() const;

  /// Applies the fields; closes only when `apply` takes them.
  void accept() override;

  /// Cells [A, B) of an axis of `count` cells, typed "A:B" with whole numbers 0 <= A < B <=
  /// count, as --rows A:B on the command line; "A:" runs to the end, an empty text means every
  /// cell. nullopt (and `*error`, e.g. "rows: 5:2 is empty; allowed 0 ≤ A < B ≤ 1048576") when
  /// refused. `name` is the field's name in the message.
  [[nodiscard]] static std::optional<std::pair<Index, Index>> parseCells(const QString& name,
                                                                         const QString& text,
                                                                         Index count,
                                                                         QString* error);
  /// [A, B] of a chart axis, typed "A:B" with numbers lo <= A < B <= hi (a minus may be - or
  /// −); an empty text means all of [lo, hi]. Values off by rounding (1e-6 of the span) are
  /// taken as lo or hi. nullopt (and `*error`) when refused.
  [[nodiscard]] static std::optional<std::pair<double, double>> parseValues(const QString& name,
                                                                            const QString& text,
                                                                            double lo, double hi,
                                                                            QString* error);
  /// A number as the dialog writes it: up to 6 significant digits, a real minus sign.
  [[nodiscard]] static QString number(double v);

 private:
  std::array<QLineEdit*, 2> m_editors{};
  QLabel* m_error = nullptr;
  Apply m_apply;
};

}  // namespace posenc::ui
