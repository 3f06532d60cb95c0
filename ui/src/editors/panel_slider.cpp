// SPDX-License-Identifier: GPL-3.0-or-later
// A parameter's slider, and the style that scales sliders in presentation mode.
#include "posenc_ui/editors/panel_slider.h"

#include <cmath>

namespace posenc::ui::editors {

PanelSlider::PanelSlider() : PanelControl<QSlider>(Qt::Horizontal) {}

bool PanelSlider::isSlider() const { return true; }

int ScaledSliderStyle::pixelMetric(PixelMetric metric, const QStyleOption* option,
                                   const QWidget* widget) const {
  const int v = QProxyStyle::pixelMetric(metric, option, widget);
  switch (metric) {
    case PM_SliderLength:
    case PM_SliderThickness:
    case PM_SliderControlThickness:
      return static_cast<int>(std::lround(v * factor));
    default:
      return v;
  }
}

}  // namespace posenc::ui::editors
