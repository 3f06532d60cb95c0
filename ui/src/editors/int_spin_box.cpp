// SPDX-License-Identifier: GPL-3.0-or-later
// The integer parameters' spin box (int_spin_box.h).
#include "posenc_ui/editors/int_spin_box.h"

#include <algorithm>

namespace posenc::ui::editors {

IntSpinBox::IntSpinBox(bool even) : m_even(even) {}

void IntSpinBox::stepBy(int steps) {
  forgetTyped();
  int v = value();
  if (m_even && v % 2 != 0 && steps != 0) {
    const int toEven = steps > 0 ? 1 : -1;  // the first step lands on the even neighbour
    v += toEven;
    steps -= toEven;
  }
  setValue(std::clamp(v + steps * singleStep(), minimum(), maximum()));
}

}  // namespace posenc::ui::editors
