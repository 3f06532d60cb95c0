// SPDX-License-Identifier: GPL-3.0-or-later
// The parameter editor: one row per ParamSpec (label | editor | slider | reset), checked with
// the core's validateParams on every edit; only valid sets leave the panel.
#include "posenc_ui/params/parameter_panel.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFontMetrics>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QStringList>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/editors/big_int_spin_box.h"
#include "posenc_ui/editors/error_frame.h"
#include "posenc_ui/editors/int_spin_box.h"
#include "posenc_ui/editors/panel_control.h"
#include "posenc_ui/editors/panel_slider.h"
#include "posenc_ui/editors/real_spin_box.h"
#include "posenc_ui/io/lesson.h"
#include "posenc_ui/params/parameter_names.h"

namespace posenc::ui {

namespace {

using editors::BigIntSpinBox;
using editors::ErrorFrame;
using editors::IntSpinBox;
using editors::kErrorColor;
using editors::PanelCombo;
using editors::PanelSlider;
using editors::RealSpinBox;
using editors::ScaledSliderStyle;

/// Slider positions of a logarithmic slider and of a linear slider over real values (integer
/// linear sliders step through the integers themselves).
constexpr int kSliderSteps = 1000;
constexpr double kWideRatio = 1000.0;  ///< Ranges wider than this get a logarithmic slider.

/// A circular "reset" arrow drawn in `color`, so the icon needs no theme and no glyph font.
QIcon resetIcon(const QColor& color) {
  QIcon icon;
  for (int size : {16, 20, 24, 32, 48, 64}) {
    QPixmap pm(size, size);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    const double s = size;
    const double w = std::max(1.5, s / 9.0);
    p.setPen(QPen(color, w, Qt::SolidLine, Qt::RoundCap));
    const QRectF r(s * 0.2, s * 0.24, s * 0.6, s * 0.6);
    // Open at the upper right; the arrow head at the top points anticlockwise (to the left).
    p.drawArc(r, 90 * 16, 285 * 16);
    const QPointF top(r.center().x(), r.top());
    const double a = s * 0.2;
    QPainterPath head;
    head.moveTo(top.x() - a * 0.15, top.y());
    head.lineTo(top.x() + a * 0.75, top.y() - a * 0.8);
    head.lineTo(top.x() + a * 0.75, top.y() + a * 0.8);
    head.closeSubpath();
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    p.drawPath(head);
    p.end();
    icon.addPixmap(pm);
  }
  return icon;
}

/// `v` rounded to `digits` significant digits.
double roundSignificant(double v, int digits) { return QString::number(v, 'g', digits).toDouble(); }

QString tooltipFor(const ParamSpec& spec) {
  QString tip = QStringLiteral("<p><b>%1</b></p>").arg(qs(spec.id).toHtmlEscaped());
  if (!spec.description.empty())
    tip += QStringLiteral("<p>%1</p>").arg(studentText(coreText(spec.description)).toHtmlEscaped());
  tip += ParameterPanel::tr("<p>Allowed: %1<br/>Default: %2</p>")
             .arg(messageText(allowedMessage(spec)).toHtmlEscaped(),
                  qs(formatValue(spec.defaultValue)).toHtmlEscaped());
  return tip;
}

/// A list or text editor's tooltip: the parameter's, then the numbers (or file) it holds (a long
/// list does not fit in the line edit).
QString listTooltip(const ParamSpec& spec, const QString& text) {
  QString tip = tooltipFor(spec);
  if (!text.isEmpty()) tip += QStringLiteral("<p>%1</p>").arg(text.toHtmlEscaped());
  return tip;
}

/// One parameter's widgets. Exactly one of spin / bigSpin / realSpin / check / combo is set.
struct Row {
  ParamSpec spec;
  QLabel* label = nullptr;
  ErrorFrame* frame = nullptr;  ///< Holds the editor; painted red around it when invalid.
  QWidget* editor = nullptr;
  IntSpinBox* spin = nullptr;
  BigIntSpinBox* bigSpin = nullptr;
  RealSpinBox* realSpin = nullptr;
  QCheckBox* check = nullptr;
  PanelCombo* combo = nullptr;
  QLineEdit* list = nullptr;  ///< List: the numbers typed as "1, 1.05, 2".
  PanelSlider* slider = nullptr;
  bool logSlider = false;
  QToolButton* reset = nullptr;
  QLabel* error = nullptr;
  bool invalid = false;  ///< Mirrors the editor's "invalid" property.
  Value checked{};       ///< What the editor held at the last check (a typed text included).
};

bool isWide(const ParamSpec& spec) {
  if (spec.type == ParamType::Int) return spec.max - spec.min + 1 > kWideRatio;
  return spec.min > 0 && spec.max / spec.min > kWideRatio;
}

std::int64_t snapInt(const ParamSpec& spec, double v) {
  auto x = static_cast<std::int64_t>(std::llround(v));
  const auto lo = static_cast<std::int64_t>(std::ceil(spec.min));
  const auto hi = static_cast<std::int64_t>(std::floor(spec.max));
  if (spec.even && x % 2 != 0) x += (v >= static_cast<double>(x)) ? 1 : -1;
  x = std::clamp(x, lo, hi);
  if (spec.even && x % 2 != 0) x += (x + 1 <= hi) ? 1 : -1;
  return x;
}

/// Value shown by slider position `pos`.
Value sliderToValue(const Row& row, int pos) {
  const ParamSpec& s = row.spec;
  if (s.type == ParamType::Int) {
    if (!row.logSlider) return snapInt(s, pos);
    const double t = static_cast<double>(pos) / kSliderSteps;
    // Offset log scale: min + (span+1)^t - 1 is exact at both ends and works for min = 0.
    return snapInt(s, s.min - 1.0 + std::pow(s.max - s.min + 1.0, t));
  }
  if (pos <= 0) return s.min;
  if (pos >= kSliderSteps) return s.max;
  const double t = static_cast<double>(pos) / kSliderSteps;
  const double v = row.logSlider ? s.min * std::pow(s.max / s.min, t) : s.min + t * (s.max - s.min);
  return std::clamp(roundSignificant(v, row.logSlider ? 3 : 4), s.min, s.max);
}

/// Slider position nearest to value `v`.
int valueToSlider(const Row& row, double v) {
  const ParamSpec& s = row.spec;
  if (s.type == ParamType::Int && !row.logSlider) return static_cast<int>(std::llround(v));
  double t = 0;
  if (s.type == ParamType::Int)
    t = std::log(std::max(1.0, v - s.min + 1.0)) / std::log1p(s.max - s.min);
  else if (row.logSlider) t = std::log(std::max(v, s.min) / s.min) / std::log(s.max / s.min);
  else t = (v - s.min) / (s.max - s.min);
  return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * kSliderSteps));
}

double numeric(const Value& v) {
  if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
  if (const auto* d = std::get_if<double>(&v)) return *d;
  return 0;
}

}  // namespace

struct ParameterPanel::Impl {
  ParameterPanel* q;
  const Scheme* scheme = nullptr;
  std::vector<Row> rows;

  QLabel* title = nullptr;
  QLabel* description = nullptr;
  QVBoxLayout* bodyHost = nullptr;
  QWidget* body = nullptr;
  QLabel* generalError = nullptr;
  QPushButton* resetAll = nullptr;

  QFont baseFont;
  double scale = 1.0;
  /// Outlives every slider that uses it: sliders are switched back to the application style
  /// before their body is discarded and in ~ParameterPanel.
  std::unique_ptr<ScaledSliderStyle> sliderStyle = std::make_unique<ScaledSliderStyle>();

  // Press-and-hold gesture (slider drag, spin arrows held, step key held).
  bool holding = false;
  bool emittedDuringHold = false;
  QString holdParam;
  std::optional<ParamSet> lastEmitted;
  /// The set last emitted or given by setScheme / setValues: what the views are drawn with.
  std::optional<ParamSet> applied;
  QLabel* notApplied = nullptr;  ///< "Not applied: the views still show ...", after a refusal.

  explicit Impl(ParameterPanel* panel) : q(panel) {}

  [[nodiscard]] Value editorValue(const Row& r) const {
    switch (r.spec.type) {
      case ParamType::Int:
      case ParamType::Real:
        return typedValue(r);
      case ParamType::Bool:
        return r.check->isChecked();
      case ParamType::Choice:
        return r.combo->currentData().toString().toStdString();
      case ParamType::Text:
        return r.list->text().trimmed().toStdString();  // refused by validation if not text
      case ParamType::List: {
        const std::string text = r.list->text().toStdString();
        try {
          return parseValue(r.spec, text);
        } catch (const ParamError&) {
          return text;  // not a list: validation refuses it, naming the parameter and text
        }
      }
    }
    return {};
  }

  /// A number row's value as typed, read as the command line reads `--set KEY=VALUE`
  /// (parseValue; a decimal comma of the ui's language too). Text that is not a valid value
  /// stays text, so that validation refuses it naming the parameter, the text and what is
  /// allowed; nothing is clamped or rounded.
  [[nodiscard]] Value typedValue(const Row& r) const {
    const auto* box = qobject_cast<const QAbstractSpinBox*>(r.editor);
    const QString text = box ? box->text().trimmed() : QString();
    const QLocale locale = box ? box->locale() : QLocale();
    try {
      return parseValue(r.spec, text.toStdString());
    } catch (const ParamError&) {
      // A decimal comma of the ui's language ("0,5") reads too, when it is then allowed;
      // anything else is refused as typed.
      bool ok = false;
      const double v = locale.toDouble(text, &ok);
      if (ok && r.spec.type == ParamType::Real && std::isfinite(v)) {
        try {
          checkValue(r.spec, v);
          return v;
        } catch (const ParamError&) {
        }
      }
      return text.toStdString();
    }
  }

  [[nodiscard]] ParamSet currentValues() const {
    if (!scheme) return {};
    ParamSet set(scheme->info().params);
    for (const Row& r : rows) set.set(r.spec.id, editorValue(r));
    return set;
  }

  /// Shows `v` in the row's editor and slider without emitting anything.
  void setEditorValue(const Row& r, const Value& v) const {
    const QSignalBlocker blockEditor(r.editor);
    switch (r.spec.type) {
      case ParamType::Int:
      case ParamType::Real: {
        if (!std::holds_alternative<std::int64_t>(v) && !std::holds_alternative<double>(v)) break;
        const double x = numeric(v);
        if (r.spin) r.spin->showValue(static_cast<int>(std::clamp(x, r.spec.min, r.spec.max)));
        if (r.bigSpin) r.bigSpin->showValue(x);
        if (r.realSpin) r.realSpin->showValue(x);
        break;
      }
      case ParamType::Bool:
        if (const auto* b = std::get_if<bool>(&v)) r.check->setChecked(*b);
        break;
      case ParamType::Choice:
        if (const auto* c = std::get_if<std::string>(&v)) {
          const int index = r.combo->findData(qs(*c));
          if (index >= 0) r.combo->setCurrentIndex(index);
        }
        break;
      case ParamType::Text:
        if (const auto* t = std::get_if<std::string>(&v)) {
          r.list->setText(qs(*t));
          r.list->setCursorPosition(0);
          r.list->setToolTip(listTooltip(r.spec, qs(*t)));
        }
        break;
      case ParamType::List:
        if (std::holds_alternative<NumberList>(v)) {
          const QString text = qs(formatValue(v)).replace(QLatin1Char(','), QStringLiteral(", "));
          r.list->setText(text);
          r.list->setCursorPosition(0);
          r.list->setToolTip(listTooltip(r.spec, text));
        }
        break;
    }
    syncSlider(r);
  }

  void syncSlider(const Row& r) const {
    if (!r.slider) return;
    const Value v = editorValue(r);
    if (!std::holds_alternative<std::int64_t>(v) && !std::holds_alternative<double>(v))
      return;  // text typed that is not a number: the slider stays where it was
    const QSignalBlocker block(r.slider);
    r.slider->setValue(valueToSlider(r, numeric(v)));
  }

  void updateResets() {
    bool any = false;
    for (Row& r : rows) {
      const bool differs = editorValue(r) != r.spec.defaultValue;
      r.reset->setEnabled(differs);
      any = any || differs;
    }
    resetAll->setEnabled(any);
  }

  /// Rings the row's editor in red (and sets its "invalid" property); `message` also shows
  /// the row's error label, which holds the core's reason.
  void setInvalid(Row& r, bool invalid, bool message = true) {
    r.error->setVisible(invalid && message);
    if (!invalid) r.error->clear();
    if (r.invalid == invalid) return;
    r.invalid = invalid;
    r.editor->setProperty("invalid", invalid);
    r.frame->setInvalid(invalid);
  }

  void clearErrors() {
    for (Row& r : rows) setInvalid(r, false);
    if (!generalError->isHidden()) {
      generalError->hide();
      generalError->clear();
    }
    notApplied->hide();
  }

  /// After a refusal: rings every editor whose value differs from the applied set (the one
  /// the views are drawn with) and names the applied values under the editors, so no editor
  /// passes for a parameter of the picture. Nothing to say before anything was applied.
  void showRefused() {
    if (!applied) return;
    QStringList drawn;
    for (Row& r : rows) {
      const Value& value = applied->get(r.spec.id);
      if (editorValue(r) == value) continue;
      if (!r.invalid) setInvalid(r, true, false);
      drawn << qs(r.spec.id) + QStringLiteral(" = ") + qs(formatValue(value));
    }
    if (drawn.isEmpty()) return;
    notApplied->setText(ParameterPanel::tr("Not applied: the views still show %1.")
                            .arg(drawn.join(QStringLiteral(", "))));
    notApplied->show();
  }

  void showError(const QString& param, const QString& message) {
    for (Row& r : rows) {
      if (qs(r.spec.id) != param) continue;
      r.error->setText(message);
      setInvalid(r, true);
      return;
    }
    generalError->setText(message);
    generalError->show();
  }

  /// Validates what the editors show; returns the set if valid, else shows the error. Then
  /// shows the rows that belong to what the editors show (updateShown).
  std::optional<ParamSet> check() {
    ParamSet set = currentValues();
    for (Row& r : rows) r.checked = set.get(r.spec.id);
    updateResets();
    clearErrors();
    std::optional<ParamSet> valid;
    try {
      validateParams(*scheme, set);
      valid = std::move(set);
    } catch (const ParamError& e) {
      showError(qs(e.param()), errorMessage(e));
      showRefused();
    } catch (const std::exception& e) {
      showError(QString(), errorMessage(e));
      showRefused();
    }
    updateShown();
    return valid;
  }

  /// Shows each row whose ParamSpec::shownWhen holds for what the editors show (a knob of
  /// the chosen option only) and every row in error; hides the others, keeping their values.
  void updateShown() {
    for (Row& r : rows) {
      const std::string& param = r.spec.shownWhen.first;
      const std::vector<std::string>& values = r.spec.shownWhen.second;
      bool shown = param.empty() || r.invalid;
      if (!shown) {
        const auto owner = std::find_if(rows.begin(), rows.end(),
                                        [&](const Row& o) { return o.spec.id == param; });
        shown = owner == rows.end() || std::find(values.begin(), values.end(),
                                                 formatValue(editorValue(*owner))) != values.end();
      }
      for (QWidget* w : {static_cast<QWidget*>(r.label), static_cast<QWidget*>(r.frame),
                         static_cast<QWidget*>(r.slider), static_cast<QWidget*>(r.reset)})
        if (w) w->setVisible(shown);  // explicit either way: a child of a hidden panel too
      if (!shown) r.error->hide();
    }
  }

  void commit(const QString& param, bool continuing) {
    if (!scheme) return;
    auto set = check();
    if (!set) return;
    lastEmitted = *set;
    applied = *set;
    if (continuing) emittedDuringHold = true;
    emit q->paramsEdited(*set, param, continuing);
  }

  void setHold(const QString& param, bool held) {
    if (held) {
      if (holding) return;
      holding = true;
      emittedDuringHold = false;
      holdParam = param;
      return;
    }
    if (!holding || param != holdParam) return;
    holding = false;
    if (!emittedDuringHold) return;
    emittedDuringHold = false;
    // The gesture's final edit: the current set, or the last valid one if it ended invalid
    // (the error stays on screen, the window keeps the last valid picture).
    if (auto set = check()) lastEmitted = *set;
    if (lastEmitted) {
      applied = *lastEmitted;
      emit q->paramsEdited(*lastEmitted, holdParam, false);
    }
  }

  void onEditorChanged(std::size_t i) {
    const Row& r = rows[i];
    syncSlider(r);
    commit(qs(r.spec.id), isHeld(r));
  }

  /// True while a press-and-hold gesture on this row's spin box or slider goes on.
  [[nodiscard]] bool isHeld(const Row& r) const { return holding && holdParam == qs(r.spec.id); }

  void onSliderMoved(std::size_t i, int pos) {
    Row& r = rows[i];
    const Value v = sliderToValue(r, pos);
    if (v == editorValue(r)) return;  // several positions can show the same integer
    {
      const QSignalBlocker block(r.editor);
      if (r.spin) r.spin->showValue(static_cast<int>(std::get<std::int64_t>(v)));
      if (r.realSpin) r.realSpin->showValue(std::get<double>(v));
    }
    commit(qs(r.spec.id), isHeld(r));
  }

  void resetRow(std::size_t i) {
    const Row& r = rows[i];
    setEditorValue(r, r.spec.defaultValue);
    commit(qs(r.spec.id), false);
  }

  void resetEverything() {
    for (const Row& r : rows) setEditorValue(r, r.spec.defaultValue);
    commit(QString(), false);
  }

  QWidget* makeEditor(Row& r, std::size_t i) {
    const ParamSpec& s = r.spec;
    const auto changed = [this, i] { onEditorChanged(i); };
    // Return or leaving the field with a text that did not change the box's value (a word, a
    // number past the range it is clamped to): still checked, so the refusal is shown.
    const auto typed = [this, i] {
      if (editorValue(rows[i]) != rows[i].checked) onEditorChanged(i);
    };
    const auto hold = [this, i](bool held) { setHold(qs(rows[i].spec.id), held); };
    switch (s.type) {
      case ParamType::Int: {
        if (s.min < std::numeric_limits<int>::min() || s.max > std::numeric_limits<int>::max()) {
          auto* e = new BigIntSpinBox;
          e->setRange(s.min, s.max);
          e->onHold = hold;
          e->setKeyboardTracking(false);
          QObject::connect(e, &QDoubleSpinBox::valueChanged, q, changed);
          QObject::connect(e, &QAbstractSpinBox::editingFinished, q, typed);
          r.bigSpin = e;
          return e;
        }
        auto* e = new IntSpinBox(s.even);
        e->setRange(static_cast<int>(s.min), static_cast<int>(s.max));
        e->setSingleStep(s.even ? 2 : 1);
        e->onHold = hold;
        e->setKeyboardTracking(false);  // typing "1024" must not compute 1, 10 and 102 first
        QObject::connect(e, &QSpinBox::valueChanged, q, changed);
        QObject::connect(e, &QAbstractSpinBox::editingFinished, q, typed);
        r.spin = e;
        return e;
      }
      case ParamType::Real: {
        auto* e = new RealSpinBox(isWide(s));
        e->setRange(s.min, s.max);
        e->setSingleStep(isWide(s) ? 1.0 : roundSignificant((s.max - s.min) / 100.0, 1));
        e->onHold = hold;
        e->setKeyboardTracking(false);
        QObject::connect(e, &QDoubleSpinBox::valueChanged, q, changed);
        QObject::connect(e, &QAbstractSpinBox::editingFinished, q, typed);
        r.realSpin = e;
        return e;
      }
      case ParamType::Bool: {
        auto* e = new QCheckBox;
        QObject::connect(e, &QCheckBox::toggled, q, changed);
        r.check = e;
        return e;
      }
      case ParamType::Choice: {
        auto* e = new PanelCombo;
        for (const std::string& c : s.choices) e->addItem(choiceLabel(qs(c)), qs(c));
        QObject::connect(e, &QComboBox::currentIndexChanged, q, changed);
        r.combo = e;
        return e;
      }
      case ParamType::List: {
        auto* e = new QLineEdit;
        e->setPlaceholderText(ParameterPanel::tr("not given (e.g. 1, 1.05, 1.2)"));
        e->setClearButtonEnabled(true);
        QObject::connect(e, &QLineEdit::editingFinished, q, [this, i, e] {
          if (!e->isModified()) return;  // focus left without an edit
          e->setModified(false);
          e->setToolTip(listTooltip(rows[i].spec, e->text()));
          onEditorChanged(i);
        });
        r.list = e;
        return e;
      }
      case ParamType::Text: {
        // A file reference (a trained table): typed, or chosen with the button at its end.
        auto* e = new QLineEdit;
        e->setPlaceholderText(
            ParameterPanel::tr("random stand-in (or a file: .safetensors, .npy, .npz)"));
        e->setClearButtonEnabled(true);
        QObject::connect(e, &QLineEdit::editingFinished, q, [this, i, e] {
          if (!e->isModified()) return;
          e->setModified(false);
          e->setToolTip(listTooltip(rows[i].spec, e->text()));
          onEditorChanged(i);
        });
        QAction* browse = e->addAction(q->style()->standardIcon(QStyle::SP_DialogOpenButton),
                                       QLineEdit::TrailingPosition);
        browse->setToolTip(ParameterPanel::tr("Choose a file…"));
        QObject::connect(browse, &QAction::triggered, q, [this, i, e] {
          const QString file = QFileDialog::getOpenFileName(
              q, ParameterPanel::tr("Choose the array for %1").arg(qs(rows[i].spec.id)), QString(),
              ParameterPanel::tr("Arrays (*.safetensors *.npy *.npz *.json);;All files (*)"));
          if (file.isEmpty()) return;
          e->setText(file);
          e->setToolTip(listTooltip(rows[i].spec, file));
          onEditorChanged(i);
        });
        r.list = e;
        return e;
      }
    }
    return nullptr;
  }

  void makeSlider(Row& r, std::size_t i) {
    const ParamSpec& s = r.spec;
    if (s.type != ParamType::Int && s.type != ParamType::Real) return;
    if (r.bigSpin) return;  // a 32-bit seed has no order worth sweeping
    r.logSlider = isWide(s);
    auto* slider = new PanelSlider;
    if (s.type == ParamType::Int && !r.logSlider) {
      slider->setRange(static_cast<int>(s.min), static_cast<int>(s.max));
      slider->setSingleStep(s.even ? 2 : 1);
      slider->setPageStep(std::max(s.even ? 2 : 1, static_cast<int>((s.max - s.min) / 10)));
    } else {
      const int steps = kSliderSteps;
      slider->setRange(0, steps);
      slider->setSingleStep(steps / 100);
      slider->setPageStep(steps / 10);
    }
    slider->setFocusPolicy(Qt::StrongFocus);
    slider->onHold = [this, i](bool held) { setHold(qs(rows[i].spec.id), held); };
    QObject::connect(slider, &QSlider::valueChanged, q,
                     [this, i](int pos) { onSliderMoved(i, pos); });
    QObject::connect(slider, &QSlider::sliderPressed, q,
                     [this, i] { setHold(qs(rows[i].spec.id), true); });
    QObject::connect(slider, &QSlider::sliderReleased, q,
                     [this, i] { setHold(qs(rows[i].spec.id), false); });
    slider->setObjectName(QStringLiteral("slider_") + qs(s.id));
    r.slider = slider;
  }

  /// Switches every slider back to the application style.
  void releaseSliderStyle() {
    for (Row& r : rows)
      if (r.slider && r.slider->style() == sliderStyle.get()) r.slider->setStyle(nullptr);
  }

  void build() {
    releaseSliderStyle();
    if (body) {
      body->hide();
      body->setParent(nullptr);  // out of findChild and of the layout at once
      body->deleteLater();       // setScheme may run inside a child's signal
      body = nullptr;
    }
    rows.clear();
    holding = false;
    emittedDuringHold = false;
    lastEmitted.reset();
    applied.reset();
    if (!scheme) return;

    body = new QWidget;
    auto* grid = new QGridLayout(body);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setColumnStretch(2, 1);
    grid->setVerticalSpacing(4);

    const QIcon icon = resetIcon(q->palette().color(QPalette::ButtonText));
    const auto& specs = scheme->info().params;
    rows.resize(specs.size());
    for (std::size_t i = 0; i < specs.size(); ++i) {
      Row& r = rows[i];
      r.spec = specs[i];
      const QString id = qs(r.spec.id);
      const int gridRow = static_cast<int>(2 * i);

      r.editor = makeEditor(r, i);
      r.editor->setObjectName(QStringLiteral("param_") + id);
      r.editor->setProperty("invalid", false);
      if (r.spec.type != ParamType::Bool) r.editor->setFocusPolicy(Qt::StrongFocus);
      if (qobject_cast<QAbstractSpinBox*>(r.editor))
        r.editor->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
      r.editor->setAccessibleName(id);

      r.frame = new ErrorFrame;
      auto* frameLayout = new QHBoxLayout(r.frame);
      frameLayout->setContentsMargins(2, 2, 2, 2);
      frameLayout->addWidget(r.editor);

      r.label = new QLabel(id);
      r.label->setObjectName(QStringLiteral("label_") + id);
      r.label->setBuddy(r.editor);

      makeSlider(r, i);

      r.reset = new QToolButton;
      r.reset->setObjectName(QStringLiteral("reset_") + id);
      r.reset->setIcon(icon);
      r.reset->setText(QStringLiteral("\u21BA"));
      r.reset->setAutoRaise(true);
      r.reset->setToolButtonStyle(Qt::ToolButtonIconOnly);
      setRowTexts(r);
      QObject::connect(r.reset, &QToolButton::clicked, q, [this, i] { resetRow(i); });

      r.error = new QLabel;
      r.error->setObjectName(QStringLiteral("error_") + id);
      r.error->setWordWrap(true);
      r.error->setTextInteractionFlags(Qt::TextSelectableByMouse);
      QPalette errorPalette = r.error->palette();
      errorPalette.setColor(QPalette::WindowText, kErrorColor);
      r.error->setPalette(errorPalette);
      r.error->hide();

      grid->addWidget(r.label, gridRow, 0);
      if (r.slider) {
        grid->addWidget(r.frame, gridRow, 1);
        grid->addWidget(r.slider, gridRow, 2);
      } else if (r.bigSpin) {
        // Ten digits wide without widening every spin box of the column.
        grid->addWidget(r.frame, gridRow, 1, 1, 2, Qt::AlignLeft);
      } else {
        grid->addWidget(r.frame, gridRow, 1, 1, 2);
      }
      grid->addWidget(r.reset, gridRow, 3);
      grid->addWidget(r.error, gridRow + 1, 1, 1, 3);
    }
    bodyHost->addWidget(body);
    applyScale();
  }

  /// The row's texts in the current language: the label (the parameter's id, then its short
  /// name when the language has one: "length  长度") and the tooltips.
  void setRowTexts(Row& r) {
    r.label->setText(parameterLabel(qs(r.spec.id)));
    const QString tip = tooltipFor(r.spec);
    // A list or a file: the parameter's tooltip, then what the line holds.
    const bool line = r.spec.type == ParamType::List || r.spec.type == ParamType::Text;
    r.editor->setToolTip(line ? listTooltip(r.spec, r.list->text()) : tip);
    r.label->setToolTip(tip);
    if (r.slider) r.slider->setToolTip(tip);
    if (r.combo)  // the texts only: the current index, and so the value, stays
      for (int i = 0; i < r.combo->count(); ++i)
        r.combo->setItemText(i, choiceLabel(r.combo->itemData(i).toString()));
    r.reset->setToolTip(
        ParameterPanel::tr("Reset to default (%1)").arg(qs(formatValue(r.spec.defaultValue))));
    r.reset->setAccessibleName(ParameterPanel::tr("Reset %1").arg(qs(r.spec.id)));
  }

  /// Every text in the current language, the inline error included (QEvent::LanguageChange).
  void retranslate() {
    resetAll->setText(ParameterPanel::tr("Reset all"));
    resetAll->setToolTip(ParameterPanel::tr("Reset every parameter of this scheme to its default"));
    if (!scheme) return;
    title->setText(coreText(scheme->info().name));
    description->setText(studentText(coreText(scheme->info().description)));
    for (Row& r : rows) setRowTexts(r);
    check();  // says the current error, if any, again
  }

  /// Shows `values`; a valid set is taken as applied (the window shows what it applied).
  void setValuesQuietly(const ParamSet& values) {
    for (Row& r : rows)
      if (values.has(r.spec.id)) setEditorValue(r, values.get(r.spec.id));
    // Clears the errors, shows one if `values` itself is invalid; emits nothing.
    if (auto set = check()) applied = *set;
  }

  void applyScale() {
    QFont f = baseFont;
    if (baseFont.pointSizeF() > 0) f.setPointSizeF(baseFont.pointSizeF() * scale);
    else if (baseFont.pixelSize() > 0)
      f.setPixelSize(static_cast<int>(std::lround(baseFont.pixelSize() * scale)));
    q->setFont(f);
    sliderStyle->factor = scale;
    QFont titleFont = f;
    titleFont.setBold(true);
    if (f.pointSizeF() > 0) titleFont.setPointSizeF(f.pointSizeF() * 1.15);
    title->setFont(titleFont);

    const auto px = [this](double v) { return static_cast<int>(std::lround(v * scale)); };
    const int iconSide = px(16);
    for (Row& r : rows) {
      r.reset->setIconSize(QSize(iconSide, iconSide));
      r.reset->setMinimumSize(px(24), px(24));
      if (r.slider) {
        if (scale != 1.0) r.slider->setStyle(sliderStyle.get());
        else if (r.slider->style() == sliderStyle.get()) r.slider->setStyle(nullptr);
        r.slider->updateGeometry();
        r.slider->setMinimumHeight(px(22));
        r.slider->setMinimumWidth(px(48));
      }
      r.editor->setMinimumHeight(r.spec.type == ParamType::Bool ? 0 : px(24));
      // Spin boxes may shrink below their size hint (the width of the longest value) so the
      // panel still fits a 300 px dock; they show 7 digits at least.
      if (qobject_cast<QAbstractSpinBox*>(r.editor))
        r.editor->setMinimumWidth(QFontMetrics(f).horizontalAdvance(QStringLiteral("0000000")) +
                                  px(28));
    }
    resetAll->setIconSize(QSize(iconSide, iconSide));
    resetAll->setMinimumHeight(px(26));
  }
};

ParameterPanel::ParameterPanel(QWidget* parent)
    : QWidget(parent), m_impl(std::make_unique<Impl>(this)) {
  Impl& d = *m_impl;
  d.baseFont = font();

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(8, 8, 8, 8);
  d.title = new QLabel;
  d.title->setObjectName(QStringLiteral("schemeTitle"));
  d.title->setWordWrap(true);
  d.description = new QLabel;
  d.description->setObjectName(QStringLiteral("schemeDescription"));
  d.description->setWordWrap(true);
  d.description->setForegroundRole(QPalette::PlaceholderText);
  layout->addWidget(d.title);
  layout->addWidget(d.description);
  layout->addSpacing(4);

  d.bodyHost = new QVBoxLayout;
  d.bodyHost->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(d.bodyHost);

  d.generalError = new QLabel;
  d.generalError->setObjectName(QStringLiteral("error_"));
  d.generalError->setWordWrap(true);
  QPalette errorPalette = d.generalError->palette();
  errorPalette.setColor(QPalette::WindowText, kErrorColor);
  d.generalError->setPalette(errorPalette);
  d.generalError->hide();
  layout->addWidget(d.generalError);
  d.notApplied = new QLabel;
  d.notApplied->setObjectName(QStringLiteral("notApplied"));
  d.notApplied->setWordWrap(true);
  d.notApplied->setPalette(errorPalette);
  d.notApplied->hide();
  layout->addWidget(d.notApplied);

  d.resetAll = new QPushButton;
  d.resetAll->setObjectName(QStringLiteral("resetAll"));
  d.resetAll->setIcon(resetIcon(palette().color(QPalette::ButtonText)));
  d.retranslate();
  d.resetAll->setEnabled(false);
  connect(d.resetAll, &QPushButton::clicked, this, [this] { m_impl->resetEverything(); });
  auto* buttons = new QHBoxLayout;
  buttons->addStretch(1);
  buttons->addWidget(d.resetAll);
  layout->addLayout(buttons);
  layout->addStretch(1);
}

ParameterPanel::~ParameterPanel() { m_impl->releaseSliderStyle(); }

void ParameterPanel::setScheme(const posenc::Scheme& scheme, const posenc::ParamSet& values) {
  Impl& d = *m_impl;
  d.scheme = &scheme;
  d.title->setText(coreText(scheme.info().name));
  d.description->setText(studentText(coreText(scheme.info().description)));
  d.build();
  d.setValuesQuietly(ParamSet(scheme.info().params));
  d.setValuesQuietly(values);
}

void ParameterPanel::setValues(const posenc::ParamSet& values) {
  Impl& d = *m_impl;
  if (!d.scheme) return;
  d.holding = false;
  d.emittedDuringHold = false;
  d.setValuesQuietly(values);
}

posenc::ParamSet ParameterPanel::values() const { return m_impl->currentValues(); }

void ParameterPanel::setScale(double scale) {
  scale = std::clamp(scale, 0.5, 4.0);
  if (scale == m_impl->scale) return;
  m_impl->scale = scale;
  m_impl->applyScale();
}

double ParameterPanel::scale() const { return m_impl->scale; }

void ParameterPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) m_impl->retranslate();
  QWidget::changeEvent(event);
}

}  // namespace posenc::ui
