// SPDX-License-Identifier: GPL-3.0-or-later
// The real parameters' spin box: shortest round-trip text, factors of 2 when logarithmic.
#pragma once

#include <QDoubleSpinBox>
#include <QString>

#include "posenc_ui/editors/typed_spin_box.h"

namespace posenc::ui::editors {

/// Real spin box showing the shortest round-trip %g text (0.02, 1e-06, 10000, 1e+12) and
/// accepting scientific input. Logarithmic ones step by factors of 2.
class RealSpinBox : public TypedSpinBox<QDoubleSpinBox> {
 public:
  explicit RealSpinBox(bool logarithmic);

  void stepBy(int steps) override;

 protected:
  [[nodiscard]] QString format(double v) const override;

 private:
  bool m_log;
};

}  // namespace posenc::ui::editors
