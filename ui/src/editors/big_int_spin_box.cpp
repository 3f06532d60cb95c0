// SPDX-License-Identifier: GPL-3.0-or-later
// The spin box of integers beyond int32 (big_int_spin_box.h).
#include "posenc_ui/editors/big_int_spin_box.h"

namespace posenc::ui::editors {

BigIntSpinBox::BigIntSpinBox() {
  setDecimals(0);
  setSingleStep(1);
}

}  // namespace posenc::ui::editors
