// SPDX-License-Identifier: GPL-3.0-or-later
// The red ring around an editor whose value is refused.
#pragma once

#include <QColor>
#include <QWidget>

class QPaintEvent;

namespace posenc::ui::editors {

/// The red of a refused value: the ring around its editor and its message.
inline const QColor kErrorColor(0xc6, 0x28, 0x28);

/// Holds one editor with a 2 px margin, painted as a red ring while the value is invalid.
/// (A palette on this widget would leak into the editor's own frame colours.)
class ErrorFrame : public QWidget {
 public:
  void setInvalid(bool invalid);

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  bool m_invalid = false;
};

}  // namespace posenc::ui::editors
