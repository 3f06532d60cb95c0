// SPDX-License-Identifier: GPL-3.0-or-later
// The parameter editors' common behaviour: press-and-hold gestures and a wheel that scrolls the
// panel unless the control has focus.
#pragma once

#include <QComboBox>
#include <QFocusEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>
#include <functional>

namespace posenc::ui::editors {

/// Keys that step a spin box or a slider; holding one down is a continuing gesture.
inline bool isStepKey(int key, bool slider) {
  switch (key) {
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_PageUp:
    case Qt::Key_PageDown:
      return true;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Home:
    case Qt::Key_End:
      return slider;
    default:
      return false;
  }
}

/// A control that reports press-and-hold gestures (mouse on the arrows or the slider, a held
/// step key) through `onHold`, and ignores the wheel unless it has focus, so scrolling the
/// panel never changes a value by accident. Adds no signals, so no Q_OBJECT.
template <class Base>
class PanelControl : public Base {
 public:
  using Base::Base;
  std::function<void(bool)> onHold;

 protected:
  [[nodiscard]] virtual bool isSlider() const { return false; }

  void wheelEvent(QWheelEvent* e) override {
    if (!this->hasFocus()) {
      e->ignore();  // let the enclosing scroll area scroll
      return;
    }
    Base::wheelEvent(e);
  }
  void keyPressEvent(QKeyEvent* e) override {
    if (onHold && isStepKey(e->key(), isSlider())) onHold(true);
    Base::keyPressEvent(e);
  }
  void keyReleaseEvent(QKeyEvent* e) override {
    Base::keyReleaseEvent(e);
    if (onHold && isStepKey(e->key(), isSlider()) && !e->isAutoRepeat()) onHold(false);
  }
  void mousePressEvent(QMouseEvent* e) override {
    if (onHold && e->button() == Qt::LeftButton) onHold(true);
    Base::mousePressEvent(e);
  }
  void mouseReleaseEvent(QMouseEvent* e) override {
    Base::mouseReleaseEvent(e);
    if (onHold && e->button() == Qt::LeftButton) onHold(false);
  }
  void focusOutEvent(QFocusEvent* e) override {
    Base::focusOutEvent(e);
    if (onHold) onHold(false);  // a step key released in another window never arrives here
  }
};

using PanelCombo = PanelControl<QComboBox>;

}  // namespace posenc::ui::editors
