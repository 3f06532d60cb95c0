// SPDX-License-Identifier: GPL-3.0-or-later
// A parameter's slider, and the style that scales sliders in presentation mode.
#pragma once

#include <QProxyStyle>
#include <QSlider>

#include "posenc_ui/editors/panel_control.h"

namespace posenc::ui::editors {

/// A horizontal slider whose arrow and Home / End keys are step keys too.
class PanelSlider : public PanelControl<QSlider> {
 public:
  PanelSlider();

 protected:
  [[nodiscard]] bool isSlider() const override;
};

/// The application style with slider handles and grooves scaled (presentation mode), so a
/// slider stays easy to grab on a projector. Only set on sliders while the scale is not 1.
class ScaledSliderStyle : public QProxyStyle {
 public:
  double factor = 1.0;

  int pixelMetric(PixelMetric metric, const QStyleOption* option,
                  const QWidget* widget) const override;
};

}  // namespace posenc::ui::editors
