// SPDX-License-Identifier: GPL-3.0-or-later
// Animations for the classroom: RoPE's rotating pair and the sinusoidal "clock hands", played
// as the position advances, and exported as a numbered PNG frame sequence.
#pragma once

#include <QElapsedTimer>
#include <QRectF>
#include <QString>
#include <QTimer>
#include <QWidget>

#include <vector>

#include "posenc/base/params.hpp"
#include "posenc/base/types.hpp"

class QLabel;
class QPainter;
class QPushButton;
class QSlider;

namespace posenc::ui {

/// One hand of a frame, captioned in the current language.
struct ClockHand {
  QString label;      ///< e.g. "pair 3  λ = 62.8".
  double angle = 0;   ///< Radians, counter-clockwise from the positive x axis.
  double radius = 1;  ///< Length of the hand (1 for the clock hands; |pair| for RoPE).
};

/// The hands of the frame of scheme `scheme` at `position`: the core's animationFrame
/// (posenc/modes/animation.hpp, which says what each kind of animation shows) with captions.
/// @throws ParamError for a scheme without an animation, or bad parameters.
[[nodiscard]] std::vector<ClockHand> animationHands(const std::string& scheme,
                                                    const posenc::ParamSet& params, double position,
                                                    posenc::Index gap);

/// Whether scheme `scheme` has an animation (SchemeInfo::animation); false for an unknown id.
[[nodiscard]] bool hasAnimation(const std::string& scheme);

/// The id of the scheme Animate offers with one click when the current one has no animation
/// (AnimationSpec::offered), or an empty string when no scheme is offered.
[[nodiscard]] QString offeredAnimation();

/// Where paintAnimationFrame writes a hand's caption of `size` for a hand at `angle` (radians,
/// counter-clockwise) on the circle of radius `r` around `centre`: just outside the circle,
/// beyond the hand's tip and growing away from the centre, so it never covers a hand (each is
/// at most r long) nor the circle's axes.
[[nodiscard]] QRectF handLabelRect(const QPointF& centre, double r, double angle,
                                   const QSizeF& size);

/// Paints one frame into `rect`: by the animation's kind, clock faces (ClockHands) or the
/// pair of q and k with its part of the dot product (RotatingPair).
void paintAnimationFrame(QPainter& painter, const QRectF& rect, const std::string& scheme,
                         const posenc::ParamSet& params, double position, posenc::Index gap);

/// Writes frames for positions first, first + step, ... <= last as
/// dir/frame_00000.png, frame_00001.png, ... (size x size pixels), each written atomically.
/// @return the number of frames written. @throws std::runtime_error naming the file and the
///         reason when a frame cannot be written (nothing half-written is left behind).
int exportAnimationFrames(const QString& dir, const std::string& scheme,
                          const posenc::ParamSet& params, double first, double last, double step,
                          posenc::Index gap, const QSize& size);

/// The animation panel: the frame, play/pause, speed (positions per second), a position
/// slider, and where the animation uses one (AnimationSpec::usesGap) the key gap m - n. Keyboard:
/// Space plays/pauses, Left/Right step.
///
/// With a key gap the query's position m runs from the gap to the last position (and the gap
/// is at most the last position), so the key's position n = m - gap is never negative: the
/// animation starts with k at n = 0. Without one, positions run from 0.
class AnimationView : public QWidget {
  Q_OBJECT
 public:
  explicit AnimationView(QWidget* parent = nullptr);

  /// Shows the animation of `scheme` with these parameters (a message when it has none).
  void setScheme(const std::string& scheme, const posenc::ParamSet& params);
  void setPosition(double position);
  [[nodiscard]] double position() const { return m_position; }
  void setPlaying(bool playing);
  [[nodiscard]] bool isPlaying() const { return m_timer.isActive(); }
  /// Positions per second while playing (0.25 .. 1024).
  void setSpeed(double positionsPerSecond);
  [[nodiscard]] double speed() const { return m_speed; }
  [[nodiscard]] posenc::Index gap() const { return m_gap; }
  /// Clamped to 0 .. maxGap(); moves the position up to the gap when it was below.
  void setGap(posenc::Index gap);
  [[nodiscard]] const std::string& scheme() const { return m_scheme; }
  [[nodiscard]] const posenc::ParamSet& params() const { return m_params; }

 signals:
  /// The user asked to export the frames (the window shows the dialog and calls
  /// exportAnimationFrames).
  void exportRequested();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  void tick();
  void syncControls();
  void retranslate();
  [[nodiscard]] posenc::Index lastPosition() const;
  /// The gap when the animation uses one, else 0 (see the class comment).
  [[nodiscard]] posenc::Index firstPosition() const;
  /// The largest key gap: kMaxGap, and at most lastPosition() when the animation uses the gap.
  [[nodiscard]] posenc::Index maxGap() const;

  static constexpr posenc::Index kMaxGap = 64;

  std::string m_scheme;
  posenc::ParamSet m_params;
  double m_position = 0;
  double m_speed = 4;
  posenc::Index m_gap = 3;
  QTimer m_timer;
  QElapsedTimer m_clock;
  QWidget* m_canvas = nullptr;
  QPushButton* m_play = nullptr;
  QPushButton* m_export = nullptr;
  QSlider* m_positionSlider = nullptr;
  QSlider* m_speedSlider = nullptr;
  QSlider* m_gapSlider = nullptr;
  QLabel* m_positionLabel = nullptr;
  QLabel* m_speedLabel = nullptr;
  QLabel* m_gapLabel = nullptr;
};

}  // namespace posenc::ui
