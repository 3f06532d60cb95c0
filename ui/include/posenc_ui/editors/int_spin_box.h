// SPDX-License-Identifier: GPL-3.0-or-later
// The integer parameters' spin box (even-only ones step from even value to even value).
#pragma once

#include <QSpinBox>

#include "posenc_ui/editors/typed_spin_box.h"

namespace posenc::ui::editors {

/// Integer spin box. When `even`, the arrows and step keys move from one even value to the
/// next (from an odd value, to the nearest even one in the direction of the step); a typed odd
/// value is kept as typed, so the panel can refuse it with the core's reason instead of
/// silently changing it.
class IntSpinBox : public TypedSpinBox<QSpinBox> {
 public:
  explicit IntSpinBox(bool even);

  void stepBy(int steps) override;

 private:
  bool m_even;
};

}  // namespace posenc::ui::editors
