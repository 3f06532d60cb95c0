// SPDX-License-Identifier: GPL-3.0-or-later
// The spin box of integers beyond int32 (the seed).
#pragma once

#include <QDoubleSpinBox>

#include "posenc_ui/editors/typed_spin_box.h"

namespace posenc::ui::editors {

/// Integer spin box for ranges beyond int32 (the 32-bit seed): a QDoubleSpinBox with 0
/// decimals, exact for every integer below 2^53.
class BigIntSpinBox : public TypedSpinBox<QDoubleSpinBox> {
 public:
  BigIntSpinBox();
};

}  // namespace posenc::ui::editors
