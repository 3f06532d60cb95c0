// SPDX-License-Identifier: GPL-3.0-or-later
// A spin box that keeps its text as typed, so the panel can refuse it with the core's reason.
#pragma once

#include <QLineEdit>
#include <QObject>
#include <QString>
#include <QValidator>
#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "posenc_ui/editors/panel_control.h"

namespace posenc::ui::editors {

/// A spin box that keeps its text as the person typed it: a number out of the parameter's
/// range, a word, a lone "-", an empty field. Qt's spin boxes clamp such a value to their range
/// or drop it without a word; here the text stays, and the panel refuses it with the core's
/// reason (the command line's words) and applies nothing until it is valid. The arrows, step
/// keys and the slider still move within the range, from the last value that read, and forget
/// what was typed.
template <class Base>
class TypedSpinBox : public PanelControl<Base> {
 public:
  using Number = decltype(std::declval<const Base&>().value());

  TypedSpinBox() {
    QObject::connect(this->lineEdit(), &QLineEdit::textEdited, this,
                     [this](const QString& text) { m_typed = text; });
  }
  /// Shows `v` (a slider, undo, a session, Reset): what was typed is forgotten.
  void showValue(Number v) {
    m_typed.reset();
    this->setValue(v);
    this->lineEdit()->setText(textFromValue(this->value()));  // also when the value is unchanged
  }

 protected:
  void forgetTyped() { m_typed.reset(); }
  [[nodiscard]] virtual QString format(Number v) const { return Base::textFromValue(v); }

  QString textFromValue(Number v) const override { return m_typed ? *m_typed : format(v); }
  /// Any text up to a sane length is taken as typed; the panel decides what it means.
  QValidator::State validate(QString& text, int&) const override {
    return text.size() <= kMaxTypedChars ? QValidator::Acceptable : QValidator::Invalid;
  }
  void fixup(QString&) const override {}
  Number valueFromText(const QString& text) const override {
    const QString t = text.trimmed();
    bool ok = false;
    double v = t.toDouble(&ok);
    if (!ok) v = this->locale().toDouble(t, &ok);
    if (!ok || !std::isfinite(v)) return this->value();  // the text stays; the panel refuses it
    return static_cast<Number>(
        std::clamp(v, static_cast<double>(this->minimum()), static_cast<double>(this->maximum())));
  }
  void stepBy(int steps) override {
    forgetTyped();
    Base::stepBy(steps);
  }

 private:
  static constexpr qsizetype kMaxTypedChars = 64;
  std::optional<QString> m_typed;
};

}  // namespace posenc::ui::editors
