// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/modes/animation_view.h"

#include <QBuffer>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QHBoxLayout>
#include <QImage>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <ostream>
#include <stdexcept>
#include <string>

#include "posenc/base/scheme.hpp"
#include "posenc/io/data_io.hpp"
#include "posenc/modes/animation.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"

namespace posenc::ui {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

QString num(double v, int digits = 4) { return QString::number(v, 'g', digits); }

const QColor kInk(20, 20, 20);
const QColor kFaint(200, 200, 200);
const QColor kQuery(33, 102, 172);  // ColorBrewer RdBu blue: q
const QColor kKey(214, 96, 77);     // RdBu red: k

/// The title text centred at the top of `rect`, 1.3 times the base font, smaller (down to the
/// base size) when a line is wider than `rect`, and wrapped when even that is too wide; returns
/// the height it takes.
double paintTitle(QPainter& g, const QRectF& rect, const QFont& base, const QString& text) {
  QFont title = base;
  title.setPointSizeF(base.pointSizeF() * 1.3);
  const QRectF room = rect.adjusted(8, 0, -8, 0);
  const QStringList lines = text.split(QLatin1Char('\n'));
  while (title.pointSizeF() > base.pointSizeF()) {
    const QFontMetricsF fm(title);
    double widest = 0;
    for (const QString& line : lines) widest = std::max(widest, fm.horizontalAdvance(line));
    if (widest <= room.width()) break;
    title.setPointSizeF(std::max(base.pointSizeF(), title.pointSizeF() * 0.92));
  }
  g.setFont(title);
  g.setPen(kInk);
  const QFontMetricsF fm(title);
  const int flags = Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap;
  const QRectF used = fm.boundingRect(room, flags, text);
  const double pad = fm.height() * 0.2;
  g.drawText(QRectF(room.left(), room.top() + pad, room.width(), used.height()), flags, text);
  return used.height() + 2 * pad;
}

/// One clock face: circle, axes, the hand, its trail since angle 0, and a caption.
void paintClock(QPainter& g, const QPointF& centre, double r, const ClockHand& hand,
                const QString& caption, const QFont& font) {
  g.setPen(QPen(kFaint, std::max(1.0, r / 60)));
  g.drawEllipse(centre, r, r);
  g.drawLine(QPointF(centre.x() - r, centre.y()), QPointF(centre.x() + r, centre.y()));
  g.drawLine(QPointF(centre.x(), centre.y() - r), QPointF(centre.x(), centre.y() + r));
  // Trail: the part of the turn made since the last full period (screen y grows down).
  const double turn = std::fmod(hand.angle, kTwoPi);
  g.setPen(Qt::NoPen);
  g.setBrush(QColor(33, 102, 172, 40));
  g.drawPie(QRectF(centre.x() - r * 0.35, centre.y() - r * 0.35, r * 0.7, r * 0.7), 0,
            static_cast<int>(std::lround(turn * 180.0 / std::numbers::pi * 16)));
  g.setBrush(Qt::NoBrush);
  const QPointF tip(centre.x() + r * std::cos(hand.angle), centre.y() - r * std::sin(hand.angle));
  g.setPen(QPen(kQuery, std::max(2.0, r / 25), Qt::SolidLine, Qt::RoundCap));
  g.drawLine(centre, tip);
  g.setBrush(kQuery);
  g.drawEllipse(tip, std::max(3.0, r / 18), std::max(3.0, r / 18));
  g.setBrush(Qt::NoBrush);
  g.setPen(kInk);
  g.setFont(font);
  const QRectF text(centre.x() - r * 1.6, centre.y() + r * 1.08, r * 3.2, r * 0.9);
  g.drawText(text, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, caption);
}

void paintClockHands(QPainter& g, const QRectF& rect, double position,
                     const std::vector<ClockHand>& hands, const QFont& base) {
  const auto n = static_cast<int>(hands.size());
  const double titleH =
      paintTitle(g, rect, base,
                 QObject::tr("Sinusoidal clock hands at position p = %1\n"
                             "each pair i turns by w_i per position: (cos p w_i, sin p w_i)")
                     .arg(num(position, 6)));
  const QRectF area(rect.left(), rect.top() + titleH, rect.width(), rect.height() - titleH);
  // The grid of clocks (one row of four on a wide page, two by two on a narrow one) that
  // gives the largest faces.
  int cols = std::max(1, n);
  double r = 0;
  for (int c = 1; c <= std::max(1, n); ++c) {
    const int rowsNeeded = (n + c - 1) / c;
    const double rc = std::min(area.width() / c / 3.4, area.height() / rowsNeeded / 3.2);
    if (rc > r * 1.05) {
      r = rc;
      cols = c;
    }
  }
  r = std::max(8.0, r);
  const int rows = std::max(1, (n + cols - 1) / cols);
  const double cellW = area.width() / cols, cellH = area.height() / rows;
  QFont small = base;
  small.setPointSizeF(std::max(7.0, std::min(base.pointSizeF(), r / 5.5)));
  for (int k = 0; k < n; ++k) {
    const int column = k % cols, row = k / cols;
    const QPointF centre(area.left() + cellW * (column + 0.5), area.top() + cellH * (row + 0.42));
    const ClockHand& h = hands[static_cast<std::size_t>(k)];
    const QString caption = h.label + QStringLiteral("\nsin = %1   cos = %2")
                                          .arg(std::sin(h.angle), 0, 'f', 3)
                                          .arg(std::cos(h.angle), 0, 'f', 3);
    paintClock(g, centre, r, h, caption, small);
  }
}

/// The title over the rotating pair: which pair, its rate, where q and k are.
double paintRotatingPairTitle(QPainter& g, const QRectF& rect, const AnimationFrame& frame,
                              double position, Index gap, const QFont& base) {
  return paintTitle(g, rect, base,
                    QObject::tr("RoPE pair %1 turns by θ = %2 rad per position\n"
                                "q at m = %3, k at n = m − %4 = %5")
                        .arg(frame.pair)
                        .arg(num(frame.rate))
                        .arg(num(position, 6))
                        .arg(gap)
                        .arg(num(position - static_cast<double>(gap), 6)));
}

void paintRotatingPair(QPainter& g, const QRectF& rect, const AnimationFrame& frame,
                       double position, Index gap, const std::vector<ClockHand>& hands,
                       const QFont& base, const QString& standIn) {
  const double titleH = paintRotatingPairTitle(g, rect, frame, position, gap, base);
  const QFontMetricsF fm(base);
  const double textH = fm.height() * 3.6;
  const QRectF area(rect.left(), rect.top() + titleH, rect.width(), rect.height() - titleH - textH);
  const double rmax = std::max(hands[0].radius, hands[1].radius);
  // Room for the captions outside the circle (handLabelRect), on every side.
  QSizeF label(0, 0);
  for (const ClockHand& h : hands) label = label.expandedTo(fm.size(0, h.label));
  const double room =
      std::min(area.width() - 2 * label.width(), area.height() - 2 * label.height());
  const double r =
      std::max(10.0, std::min(std::min(area.width(), area.height()) * 0.42, room * 0.47));
  const QPointF c = area.center();
  g.setPen(QPen(kFaint, std::max(1.0, r / 120)));
  g.drawEllipse(c, r, r);
  g.drawLine(QPointF(c.x() - r, c.y()), QPointF(c.x() + r, c.y()));
  g.drawLine(QPointF(c.x(), c.y() - r), QPointF(c.x(), c.y() + r));
  // The angle between k and q: an arc from k's hand to q's.
  const double diff = std::remainder(hands[0].angle - hands[1].angle, kTwoPi);
  const double ar = r * 0.3;
  auto sixteenths = [](double radians) {
    return static_cast<int>(std::lround(radians * 180.0 / std::numbers::pi * 16));
  };
  g.setPen(Qt::NoPen);
  g.setBrush(QColor(120, 120, 120, 60));
  g.drawPie(QRectF(c.x() - ar, c.y() - ar, 2 * ar, 2 * ar),
            sixteenths(std::remainder(hands[1].angle, kTwoPi)), sixteenths(diff));
  g.setBrush(Qt::NoBrush);
  for (int k = 1; k >= 0; --k) {
    const ClockHand& h = hands[static_cast<std::size_t>(k)];
    const double len = r * h.radius / rmax;
    const QPointF tip(c.x() + len * std::cos(h.angle), c.y() - len * std::sin(h.angle));
    const QColor colour = k == 0 ? kQuery : kKey;
    g.setPen(QPen(colour, std::max(3.0, r / 45), Qt::SolidLine, Qt::RoundCap));
    g.drawLine(c, tip);
    g.setBrush(colour);
    g.drawEllipse(tip, std::max(4.0, r / 40), std::max(4.0, r / 40));
    g.setBrush(Qt::NoBrush);
    g.setFont(base);
    const QSizeF size = QFontMetricsF(base).size(0, h.label);
    g.drawText(handLabelRect(c, r, h.angle, size), Qt::AlignCenter, h.label);
  }
  const double dotPart = hands[0].radius * hands[1].radius * std::cos(diff);
  g.setPen(kInk);
  QFont note = base;
  note.setPointSizeF(base.pointSizeF() * 0.85);
  g.setFont(note);
  g.drawText(QRectF(rect.left() + 8, rect.bottom() - textH, rect.width() - 16, textH),
             Qt::AlignCenter | Qt::TextWordWrap,
             QObject::tr("angle between q and k = %1 rad, the same at every m (only m − n "
                         "matters)\nthis pair's part of q·k = |q| |k| cos(angle) = %2")
                     .arg(diff, 0, 'f', 4)
                     .arg(dotPart, 0, 'f', 4) +
                 (standIn.isEmpty() ? QString() : QLatin1Char('\n') + standIn));
}

/// A hand's caption in the current language.
QString handLabel(const AnimationHand& hand) {
  switch (hand.label) {
    case HandLabel::BandPair:
      return QObject::tr("pair %1  λ = %2").arg(hand.pair).arg(num(hand.wavelength));
    case HandLabel::QueryAtM:
      return QObject::tr("q at m");
    case HandLabel::KeyAtN:
      return QObject::tr("k at n");
  }
  return {};
}

std::vector<ClockHand> handsOf(const AnimationFrame& frame) {
  std::vector<ClockHand> out;
  for (const AnimationHand& h : frame.hands) out.push_back({handLabel(h), h.angle, h.radius});
  return out;
}

/// The scheme with this id, or nullptr (an empty or unknown id has no animation).
const Scheme* schemeOrNull(const std::string& id) {
  for (const auto& s : allSchemes())
    if (s->info().id == id) return s.get();
  return nullptr;
}

/// The animation of scheme `id`, or nullptr when it has none.
const AnimationSpec* animationOf(const std::string& id) {
  const Scheme* s = schemeOrNull(id);
  return s && s->info().animation.kind != AnimationKind::None ? &s->info().animation : nullptr;
}

}  // namespace

bool hasAnimation(const std::string& scheme) { return animationOf(scheme) != nullptr; }

QString offeredAnimation() {
  const Scheme* s = offeredAnimationScheme();
  return s ? qs(s->info().id) : QString();
}

std::vector<ClockHand> animationHands(const std::string& scheme, const ParamSet& params,
                                      double position, Index gap) {
  return handsOf(animationFrame(findScheme(scheme), params, position, gap));
}

QRectF handLabelRect(const QPointF& centre, double r, double angle, const QSizeF& size) {
  const double ux = std::cos(angle), uy = -std::sin(angle);  // screen y grows down
  const double gap = std::max(4.0, r * 0.06);
  const QPointF anchor(centre.x() + (r + gap) * ux, centre.y() + (r + gap) * uy);
  // The rectangle grows away from the centre in both directions (centred on the anchor along
  // an axis the hand does not lean on), so every point of it is at least r + gap from the
  // centre along the hand's direction: outside the circle, clear of both hands and the axes.
  const double x = std::abs(ux) < 0.2 ? anchor.x() - size.width() / 2
                   : ux > 0           ? anchor.x()
                                      : anchor.x() - size.width();
  const double y = std::abs(uy) < 0.2 ? anchor.y() - size.height() / 2
                   : uy > 0           ? anchor.y()
                                      : anchor.y() - size.height();
  return {QPointF(x, y), size};
}

void paintAnimationFrame(QPainter& painter, const QRectF& rect, const std::string& scheme,
                         const ParamSet& params, double position, Index gap) {
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(rect, Qt::white);
  const AnimationFrame frame = animationFrame(findScheme(scheme), params, position, gap);
  const std::vector<ClockHand> hands = handsOf(frame);
  QFont font = painter.font();
  font.setPointSizeF(std::clamp(std::min(rect.width(), rect.height()) / 45.0, 8.0, 28.0));
  switch (frame.kind) {
    case AnimationKind::ClockHands:
      paintClockHands(painter, rect, position, hands, font);
      break;
    case AnimationKind::RotatingPair:
      // q and k are random stand-ins drawn from the scheme's seed: the picture says so.
      paintRotatingPair(
          painter, rect, frame, position, gap, hands, font,
          params.has("seed")
              ? QObject::tr("q and k: random stand-in weights, seed %1").arg(params.getInt("seed"))
              : QString());
      break;
    case AnimationKind::None:
      break;  // animationFrame refuses these
  }
  painter.restore();
}

namespace {

/// One frame as a PNG file: encoded in memory, then written by the core's writeFileAtomically,
/// the one writer of every exported file (a temporary beside the file, renamed into place).
/// @throws std::runtime_error "frames: cannot write PATH: reason".
void writeFrame(const QString& path, const std::string& scheme, const ParamSet& params,
                double position, Index gap, const QSize& size) {
  QImage image(size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  {
    QPainter painter(&image);
    paintAnimationFrame(painter, QRectF(QPointF(0, 0), QSizeF(size)), scheme, params, position,
                        gap);
  }
  QBuffer encoded;
  encoded.open(QIODevice::WriteOnly);
  if (!image.save(&encoded, "PNG"))
    throw std::runtime_error(
        QObject::tr("frames: cannot write %1: %2").arg(path, encoded.errorString()).toStdString());
  const QByteArray& bytes = encoded.data();
  const std::string file = QFile::encodeName(path).toStdString();
  try {
    writeFileAtomically(file, [&](std::ostream& out) {
      out.write(bytes.constData(), static_cast<std::streamsize>(bytes.size()));
    });
  } catch (const IoError& e) {
    // e.what() is "cannot write PATH: reason"; the frames' message says the reason the same way.
    const std::string what = e.what();
    const std::string prefix = "cannot write " + file + ": ";
    const std::string reason = what.starts_with(prefix) ? what.substr(prefix.size()) : what;
    throw std::runtime_error(QObject::tr("frames: cannot write %1: %2")
                                 .arg(path, QString::fromLocal8Bit(reason))
                                 .toStdString());
  }
}

}  // namespace

int exportAnimationFrames(const QString& dir, const std::string& scheme, const ParamSet& params,
                          double first, double last, double step, Index gap, const QSize& size) {
  if (!(step > 0) || !std::isfinite(first) || !std::isfinite(last) || last < first)
    throw std::runtime_error(
        QObject::tr("frames: need first <= last and a step > 0 (got %1 .. %2 by %3)")
            .arg(first)
            .arg(last)
            .arg(step)
            .toStdString());
  const double count = std::floor((last - first) / step) + 1;
  if (count > 100000)
    throw std::runtime_error(QObject::tr("frames: %1 frames is too many (at most 100000)")
                                 .arg(count, 0, 'f', 0)
                                 .toStdString());
  if (size.width() < 16 || size.height() < 16 || size.width() > 8192 || size.height() > 8192)
    throw std::runtime_error(QObject::tr("frames: size %1 x %2 must be 16 .. 8192 pixels a side")
                                 .arg(size.width())
                                 .arg(size.height())
                                 .toStdString());
  (void)animationHands(scheme, params, first, gap);  // refuse bad parameters before writing
  if (!QDir().mkpath(dir))
    throw std::runtime_error(
        QObject::tr("frames: cannot create the folder %1").arg(dir).toStdString());
  const int n = static_cast<int>(count);
  for (int f = 0; f < n; ++f) {
    const QString path =
        QDir(dir).filePath(QStringLiteral("frame_%1.png").arg(f, 5, 10, QLatin1Char('0')));
    writeFrame(path, scheme, params, first + step * f, gap, size);
  }
  return n;
}

namespace {

/// The drawing surface of AnimationView (the controls sit below it).
class Canvas : public QWidget {
 public:
  explicit Canvas(AnimationView* owner) : QWidget(owner), m_owner(owner) {
    setMinimumSize(240, 200);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
  }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter painter(this);
    if (!hasAnimation(m_owner->scheme())) {
      painter.fillRect(rect(), palette().window());
      painter.setPen(palette().windowText().color());
      painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap,
                       AnimationView::tr("Animations exist for the sinusoidal clock hands and "
                                         "RoPE's rotating pair: choose one of those schemes."));
      return;
    }
    try {
      paintAnimationFrame(painter, QRectF(rect()), m_owner->scheme(), m_owner->params(),
                          m_owner->position(), m_owner->gap());
    } catch (const std::exception& e) {
      painter.fillRect(rect(), palette().window());
      painter.setPen(Qt::red);
      painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap,
                       errorMessage(e));
    }
  }

 private:
  AnimationView* m_owner;
};

}  // namespace

AnimationView::AnimationView(QWidget* parent) : QWidget(parent) {
  setFocusPolicy(Qt::StrongFocus);
  m_canvas = new Canvas(this);
  m_play = new QPushButton(this);
  m_export = new QPushButton(this);
  m_positionSlider = new QSlider(Qt::Horizontal, this);
  m_speedSlider = new QSlider(Qt::Horizontal, this);
  m_gapSlider = new QSlider(Qt::Horizontal, this);
  m_positionLabel = new QLabel(this);
  m_speedLabel = new QLabel(this);
  m_gapLabel = new QLabel(this);
  m_speedSlider->setRange(-8, 40);  // 2^(v/4) positions per second: 0.25 .. 1024
  m_gapSlider->setRange(0, static_cast<int>(kMaxGap));
  m_positionSlider->setObjectName(QStringLiteral("animationPosition"));
  m_speedSlider->setObjectName(QStringLiteral("animationSpeed"));
  m_gapSlider->setObjectName(QStringLiteral("animationGap"));
  m_play->setObjectName(QStringLiteral("animationPlay"));
  m_export->setObjectName(QStringLiteral("animationExport"));

  auto* controls = new QHBoxLayout;
  controls->addWidget(m_play);
  controls->addWidget(m_positionLabel);
  controls->addWidget(m_positionSlider, 3);
  controls->addWidget(m_speedLabel);
  controls->addWidget(m_speedSlider, 1);
  controls->addWidget(m_gapLabel);
  controls->addWidget(m_gapSlider, 1);
  controls->addWidget(m_export);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_canvas, 1);
  layout->addLayout(controls);

  m_timer.setInterval(16);
  connect(&m_timer, &QTimer::timeout, this, &AnimationView::tick);
  connect(m_play, &QPushButton::clicked, this, [this] { setPlaying(!isPlaying()); });
  connect(m_export, &QPushButton::clicked, this, &AnimationView::exportRequested);
  connect(m_positionSlider, &QSlider::valueChanged, this, [this](int v) {
    if (static_cast<int>(std::floor(m_position)) != v) setPosition(v);
  });
  connect(m_speedSlider, &QSlider::valueChanged, this,
          [this](int v) { setSpeed(std::pow(2.0, v / 4.0)); });
  connect(m_gapSlider, &QSlider::valueChanged, this, [this](int v) { setGap(v); });
  retranslate();
  syncControls();
}

void AnimationView::setScheme(const std::string& scheme, const ParamSet& params) {
  m_scheme = scheme;
  m_params = params;
  m_gap = std::clamp<Index>(m_gap, 0, maxGap());
  m_position = std::clamp(m_position, static_cast<double>(firstPosition()),
                          static_cast<double>(lastPosition()));
  if (!hasAnimation(scheme)) setPlaying(false);
  syncControls();
  m_canvas->update();
}

Index AnimationView::lastPosition() const {
  const AnimationSpec* animation = animationOf(m_scheme);
  if (!animation || !m_params.has(animation->lengthParam)) return 0;
  return std::max<Index>(0, m_params.getInt(animation->lengthParam) - 1);
}

Index AnimationView::maxGap() const {
  const AnimationSpec* animation = animationOf(m_scheme);
  return animation && animation->usesGap ? std::min<Index>(kMaxGap, lastPosition()) : kMaxGap;
}

Index AnimationView::firstPosition() const {
  const AnimationSpec* animation = animationOf(m_scheme);
  return animation && animation->usesGap ? std::min(m_gap, lastPosition()) : 0;
}

void AnimationView::setPosition(double position) {
  const double first = static_cast<double>(firstPosition());
  const double last = static_cast<double>(lastPosition());
  m_position = std::clamp(position, first, last);
  syncControls();
  m_canvas->update();
}

void AnimationView::setPlaying(bool playing) {
  if (playing && hasAnimation(m_scheme)) {
    if (m_position >= static_cast<double>(lastPosition()))
      m_position = static_cast<double>(firstPosition());
    m_clock.start();
    m_timer.start();
  } else {
    m_timer.stop();
  }
  retranslate();
}

void AnimationView::setSpeed(double positionsPerSecond) {
  m_speed = std::clamp(positionsPerSecond, 0.25, 1024.0);
  syncControls();
}

void AnimationView::setGap(Index gap) {
  m_gap = std::clamp<Index>(gap, 0, maxGap());
  m_position = std::max(m_position, static_cast<double>(firstPosition()));
  syncControls();
  m_canvas->update();
}

void AnimationView::tick() {
  const double seconds = static_cast<double>(m_clock.restart()) / 1000.0;
  const double next = m_position + m_speed * seconds;
  if (next >= static_cast<double>(lastPosition())) {
    setPosition(static_cast<double>(lastPosition()));
    setPlaying(false);
    return;
  }
  setPosition(next);
}

void AnimationView::syncControls() {
  const bool on = hasAnimation(m_scheme);
  for (QWidget* w : {static_cast<QWidget*>(m_play), static_cast<QWidget*>(m_positionSlider),
                     static_cast<QWidget*>(m_speedSlider), static_cast<QWidget*>(m_export)})
    w->setEnabled(on);
  const AnimationSpec* animation = animationOf(m_scheme);
  const bool gap = animation && animation->usesGap;
  m_gapSlider->setVisible(gap);
  m_gapLabel->setVisible(gap);
  const QSignalBlocker b1(m_positionSlider), b2(m_speedSlider), b3(m_gapSlider);
  m_positionSlider->setRange(static_cast<int>(std::min<Index>(firstPosition(), 1 << 30)),
                             static_cast<int>(std::min<Index>(lastPosition(), 1 << 30)));
  m_gapSlider->setRange(0, static_cast<int>(maxGap()));
  m_positionSlider->setValue(static_cast<int>(std::floor(m_position)));
  m_speedSlider->setValue(static_cast<int>(std::lround(4 * std::log2(m_speed))));
  m_gapSlider->setValue(static_cast<int>(m_gap));
  m_positionLabel->setText(tr("p = %1").arg(m_position, 0, 'f', 1));
  m_speedLabel->setText(tr("%1 pos/s").arg(num(m_speed, 3)));
  m_gapLabel->setText(tr("m − n = %1").arg(m_gap));
}

void AnimationView::retranslate() {
  m_play->setText(isPlaying() ? tr("Pause") : tr("Play"));
  m_play->setToolTip(tr("Play or pause (Space)"));
  m_export->setText(tr("Export frames…"));
  m_export->setToolTip(tr("Write the animation as numbered PNG files"));
  m_positionSlider->setToolTip(tr("Position (Left / Right step by one)"));
  m_speedSlider->setToolTip(tr("Speed in positions per second"));
  m_gapSlider->setToolTip(tr("Distance m − n between the query and the key"));
  syncControls();
}

void AnimationView::paintEvent(QPaintEvent* event) { QWidget::paintEvent(event); }

void AnimationView::keyPressEvent(QKeyEvent* event) {
  switch (event->key()) {
    case Qt::Key_Space:
      setPlaying(!isPlaying());
      return;
    case Qt::Key_Right:
      setPosition(std::floor(m_position) + 1);
      return;
    case Qt::Key_Left:
      setPosition(std::ceil(m_position) - 1);
      return;
    default:
      QWidget::keyPressEvent(event);
  }
}

void AnimationView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace posenc::ui
