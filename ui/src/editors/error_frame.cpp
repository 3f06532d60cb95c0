// SPDX-License-Identifier: GPL-3.0-or-later
// The red ring around an editor whose value is refused (error_frame.h).
#include "posenc_ui/editors/error_frame.h"

#include <QPainter>
#include <QRectF>

namespace posenc::ui::editors {

void ErrorFrame::setInvalid(bool invalid) {
  if (invalid == m_invalid) return;
  m_invalid = invalid;
  update();
}

void ErrorFrame::paintEvent(QPaintEvent*) {
  if (!m_invalid) return;
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  p.setPen(Qt::NoPen);
  p.setBrush(kErrorColor);
  p.drawRoundedRect(QRectF(rect()), 3, 3);
}

}  // namespace posenc::ui::editors
