// SPDX-License-Identifier: GPL-3.0-or-later
// The parameter editor, generated from a scheme's ParamSpecs: no per-scheme UI code.
#pragma once

#include <QString>
#include <QWidget>
#include <memory>
#include <vector>

#include "posenc/base/scheme.hpp"

namespace posenc::ui {

/// One editor per parameter: a spin box with a slider for int and real, a combo box for
/// choice, a check box for bool; tooltip = description + allowed range; a reset button per
/// parameter and one for the whole scheme. An invalid value (an odd value of an even-only
/// parameter, a failed cross-check such as head >= heads) is refused: it is never emitted and
/// never silently changed, and the core's message (the parameter, the value, what is allowed)
/// is shown inline under the editor of the parameter it names.
///
/// After a refusal the editors keep what the user set, so a fix can take several edits (lower
/// heads, then head), and the views keep the last valid set. So that no editor passes for a
/// parameter of the picture, every editor whose value differs from the applied set (the one
/// last emitted or given by setScheme / setValues) is ringed in red as refused, and a line
/// under the editors ("notApplied") names the values the views are still drawn with. The
/// first valid set clears all of it and is emitted whole.
///
/// Editors: int -> QSpinBox (a QDoubleSpinBox with 0 decimals when the range does not fit
/// int32, i.e. `seed`, which also gets no slider); real -> QDoubleSpinBox showing %g text;
/// bool -> QCheckBox; choice -> QComboBox whose item data are the choice ids; list -> QLineEdit
/// of comma-separated numbers, applied on Enter or when focus leaves it after an edit. Sliders are
/// logarithmic when the range spans more than 1000 (int: max-min+1 > 1000, real: max/min > 1000,
/// min > 0), linear otherwise. Even-only ints step by 2 and their sliders give only even values;
/// a typed odd value is shown as typed and refused.
///
/// Child object names, stable for tests and for the window: "param_<id>" (the editor),
/// "slider_<id>", "reset_<id>", "error_<id>" (the inline message label), "label_<id>",
/// "notApplied" and "resetAll". An editor in error or refused carries the dynamic property
/// "invalid" = true.
/// Labels show the parameters' ids (as on the command line and in the formulas) followed by
/// their short name in the current language when it has one (parameterLabel); choices show
/// their ids followed by their short name likewise (choiceLabel); descriptions, allowed ranges and
/// messages are in the current language (translation.h).
class ParameterPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ParameterPanel(QWidget* parent = nullptr);
  ~ParameterPanel() override;

  /// Rebuilds the editors for `scheme` showing `values` (missing ids take their defaults).
  /// The scheme must outlive the panel or the next setScheme (allSchemes() entries do).
  /// Emits nothing.
  void setScheme(const posenc::Scheme& scheme, const posenc::ParamSet& values);
  /// Shows `values` (e.g. after undo or a preset) without emitting paramsEdited. Clears the
  /// inline errors, then shows the core's message if `values` is itself invalid.
  void setValues(const posenc::ParamSet& values);
  /// The values currently shown (valid or not). Empty before the first setScheme.
  [[nodiscard]] posenc::ParamSet values() const;
  /// Multiplies fonts and control sizes (presentation mode); 1 = normal, clamped to 0.5..4.
  void setScale(double scale);
  [[nodiscard]] double scale() const;

 signals:
  /// A valid set of parameters after one edit of `param` (empty for "Reset all"). `continuing`
  /// is true while a slider is being dragged or a spin box is being stepped (mouse held on
  /// its arrows, or a step key held); the end of such a gesture emits once more with
  /// continuing = false (the last valid set, if the gesture ended on an invalid value), so
  /// undo can merge one gesture into one step.
  void paramsEdited(const posenc::ParamSet& params, const QString& param, bool continuing);

 protected:
  /// QEvent::LanguageChange: title, description, tooltips and the inline error again.
  void changeEvent(QEvent* event) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace posenc::ui
