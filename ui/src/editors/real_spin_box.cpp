// SPDX-License-Identifier: GPL-3.0-or-later
// The real parameters' spin box (real_spin_box.h).
#include "posenc_ui/editors/real_spin_box.h"

#include <QLocale>
#include <algorithm>
#include <cmath>

namespace posenc::ui::editors {

namespace {

constexpr int kRealDecimals = 16;  ///< QDoubleSpinBox rounds to this many decimals.

}  // namespace

RealSpinBox::RealSpinBox(bool logarithmic) : m_log(logarithmic) { setDecimals(kRealDecimals); }

void RealSpinBox::stepBy(int steps) {
  forgetTyped();
  const double v = m_log ? value() * std::pow(2.0, steps) : value() + steps * singleStep();
  setValue(std::clamp(v, minimum(), maximum()));
}

QString RealSpinBox::format(double v) const {
  return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

}  // namespace posenc::ui::editors
