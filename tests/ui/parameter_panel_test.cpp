// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc_ui/params/parameter_panel.h: editors generated from every scheme's specs, valid
// edits emitted, invalid ones shown inline and never emitted, even-only and logarithmic
// sliders, press-and-hold gestures, reset buttons and quiet setValues.
#include "posenc_ui/params/parameter_panel.h"

#include "posenc_ui/common/translation.h"
#include "posenc_ui/io/lesson.h"

#include <gtest/gtest.h>

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>
#include <QWheelEvent>
#include <cmath>
#include <limits>
#include <string>

namespace {

using posenc::ParamSet;
using posenc::ParamSpec;
using posenc::ParamType;
using posenc::Scheme;
namespace ui = posenc::ui;

/// One emitted paramsEdited.
struct Edit {
  ParamSet params;
  QString param;
  bool continuing = false;
};

Edit editAt(const QSignalSpy& spy, qsizetype i) {
  const QList<QVariant>& args = spy.at(i);
  return {args.at(0).value<ParamSet>(), args.at(1).toString(), args.at(2).toBool()};
}

/// A panel showing `schemeId` at its defaults, and a spy on paramsEdited.
struct Fixture {
  explicit Fixture(const char* schemeId)
      : scheme(posenc::findScheme(schemeId)),
        defaults(scheme.info().params),
        spy((panel.setScheme(scheme, defaults), &panel), &ui::ParameterPanel::paramsEdited) {}

  template <class W>
  W* child(const QString& name) {
    W* w = panel.findChild<W*>(name);
    EXPECT_NE(w, nullptr) << name.toStdString();
    return w;
  }
  QSpinBox* spin(const char* id) { return child<QSpinBox>(QStringLiteral("param_") + id); }
  QDoubleSpinBox* realSpin(const char* id) {
    return child<QDoubleSpinBox>(QStringLiteral("param_") + id);
  }
  QSlider* slider(const char* id) { return child<QSlider>(QStringLiteral("slider_") + id); }
  QToolButton* reset(const char* id) { return child<QToolButton>(QStringLiteral("reset_") + id); }
  QLabel* error(const char* id) { return child<QLabel>(QStringLiteral("error_") + id); }
  Edit last() { return editAt(spy, spy.count() - 1); }

  const Scheme& scheme;
  ParamSet defaults;
  ui::ParameterPanel panel;
  QSignalSpy spy;
};

double numericDefault(const ParamSpec& s) {
  if (const auto* i = std::get_if<std::int64_t>(&s.defaultValue)) return static_cast<double>(*i);
  return std::get<double>(s.defaultValue);
}

/// The integer or real value a numeric editor shows.
double editorNumber(QWidget* editor) {
  if (auto* s = qobject_cast<QSpinBox*>(editor)) return s->value();
  if (auto* d = qobject_cast<QDoubleSpinBox*>(editor)) return d->value();
  ADD_FAILURE() << "not a numeric editor";
  return std::nan("");
}

struct Registration {
  Registration() { qRegisterMetaType<ParamSet>(); }
} const registration;

// ---- editors generated from the specs -------------------------------------------------------

TEST(ParameterPanel, BuildsOneEditorOfTheRightKindPerParameterForEveryScheme) {
  for (const auto& schemePtr : posenc::allSchemes()) {
    const Scheme& scheme = *schemePtr;
    SCOPED_TRACE(scheme.info().id);
    const auto& specs = scheme.info().params;
    ui::ParameterPanel panel;
    QSignalSpy spy(&panel, &ui::ParameterPanel::paramsEdited);
    panel.setScheme(scheme, ParamSet(specs));

    int editors = 0;
    for (QWidget* w : panel.findChildren<QWidget*>())
      if (w->objectName().startsWith(QStringLiteral("param_"))) ++editors;
    EXPECT_EQ(editors, static_cast<int>(specs.size()));

    for (const ParamSpec& s : specs) {
      SCOPED_TRACE(s.id);
      const QString id = QString::fromStdString(s.id);
      QWidget* editor = panel.findChild<QWidget*>(QStringLiteral("param_") + id);
      ASSERT_NE(editor, nullptr);
      auto* slider = panel.findChild<QSlider*>(QStringLiteral("slider_") + id);
      switch (s.type) {
        case ParamType::Int:
          if (s.max <= std::numeric_limits<int>::max()) {
            auto* spin = qobject_cast<QSpinBox*>(editor);
            ASSERT_NE(spin, nullptr);
            EXPECT_EQ(spin->minimum(), s.min);
            EXPECT_EQ(spin->maximum(), s.max);
            EXPECT_EQ(spin->singleStep(), s.even ? 2 : 1);
            EXPECT_EQ(spin->value(), numericDefault(s));
            EXPECT_NE(slider, nullptr);
          } else {  // the 32-bit seed
            auto* spin = qobject_cast<QDoubleSpinBox*>(editor);
            ASSERT_NE(spin, nullptr);
            EXPECT_EQ(spin->decimals(), 0);
            EXPECT_EQ(spin->minimum(), s.min);
            EXPECT_EQ(spin->maximum(), s.max);
            EXPECT_EQ(spin->value(), numericDefault(s));
          }
          break;
        case ParamType::Real: {
          auto* spin = qobject_cast<QDoubleSpinBox*>(editor);
          ASSERT_NE(spin, nullptr);
          EXPECT_EQ(spin->minimum(), s.min);
          EXPECT_EQ(spin->maximum(), s.max);
          EXPECT_EQ(spin->value(), numericDefault(s));
          EXPECT_NE(slider, nullptr);
          break;
        }
        case ParamType::Bool: {
          auto* box = qobject_cast<QCheckBox*>(editor);
          ASSERT_NE(box, nullptr);
          EXPECT_EQ(box->isChecked(), std::get<bool>(s.defaultValue));
          EXPECT_EQ(slider, nullptr);
          break;
        }
        case ParamType::Choice: {
          auto* combo = qobject_cast<QComboBox*>(editor);
          ASSERT_NE(combo, nullptr);
          ASSERT_EQ(combo->count(), static_cast<int>(s.choices.size()));
          for (int k = 0; k < combo->count(); ++k)
            EXPECT_EQ(combo->itemData(k).toString().toStdString(),
                      s.choices[static_cast<std::size_t>(k)]);
          EXPECT_EQ(combo->currentData().toString().toStdString(),
                    std::get<std::string>(s.defaultValue));
          EXPECT_EQ(slider, nullptr);
          break;
        }
        case ParamType::List:
        case ParamType::Text: {
          auto* line = qobject_cast<QLineEdit*>(editor);
          ASSERT_NE(line, nullptr);
          EXPECT_EQ(line->text().toStdString(), posenc::formatValue(s.defaultValue));
          EXPECT_EQ(slider, nullptr);
          break;
        }
      }
      auto* label = panel.findChild<QLabel*>(QStringLiteral("label_") + id);
      ASSERT_NE(label, nullptr);
      EXPECT_EQ(label->text(), id);
      EXPECT_TRUE(label->toolTip().contains(
          QString::fromStdString(posenc::allowedText(s)).toHtmlEscaped()));
      EXPECT_TRUE(editor->toolTip().contains(
          ui::studentText(QString::fromStdString(s.description)).toHtmlEscaped()));
      auto* reset = panel.findChild<QToolButton*>(QStringLiteral("reset_") + id);
      ASSERT_NE(reset, nullptr);
      EXPECT_FALSE(reset->isEnabled());
      EXPECT_EQ(reset->toolTip(),
                QStringLiteral("Reset to default (%1)")
                    .arg(QString::fromStdString(posenc::formatValue(s.defaultValue))));
    }
    EXPECT_EQ(panel.values(), ParamSet(specs));
    EXPECT_FALSE(panel.findChild<QPushButton*>(QStringLiteral("resetAll"))->isEnabled());
    EXPECT_EQ(spy.count(), 0);
  }
}

TEST(ParameterPanel, SetSchemeShowsTheGivenValuesAndReplacesTheOldEditors) {
  Fixture f("rope");
  ParamSet values = f.defaults;
  values.set("length", std::int64_t{4096});
  values.set("base", 500000.0);
  values.set("layout", std::string("interleaved"));
  f.panel.setScheme(f.scheme, values);
  EXPECT_EQ(f.panel.values(), values);
  EXPECT_EQ(f.spin("length")->value(), 4096);
  EXPECT_TRUE(f.reset("length")->isEnabled());
  EXPECT_FALSE(f.reset("dim")->isEnabled());

  const Scheme& alibi = posenc::findScheme("alibi");
  f.panel.setScheme(alibi, ParamSet());  // empty: every default
  EXPECT_EQ(f.panel.values(), ParamSet(alibi.info().params));
  EXPECT_EQ(f.panel.findChild<QWidget*>(QStringLiteral("param_base")), nullptr);
  EXPECT_NE(f.panel.findChild<QWidget*>(QStringLiteral("param_heads")), nullptr);
  EXPECT_EQ(f.spy.count(), 0);
}

// ---- edits -------------------------------------------------------------------------------------

TEST(ParameterPanel, EditingASpinBoxEmitsTheFullSetWithThatValue) {
  Fixture f("rope");
  f.spin("length")->setValue(256);
  ASSERT_EQ(f.spy.count(), 1);
  const Edit e = f.last();
  EXPECT_EQ(e.param, QStringLiteral("length"));
  EXPECT_FALSE(e.continuing);
  ParamSet expected = f.defaults;
  expected.set("length", std::int64_t{256});
  EXPECT_EQ(e.params, expected);
  EXPECT_EQ(f.panel.values(), expected);
  EXPECT_TRUE(f.reset("length")->isEnabled());
  EXPECT_TRUE(f.panel.findChild<QPushButton*>(QStringLiteral("resetAll"))->isEnabled());
}

TEST(ParameterPanel, TypedValuesAreCommittedOnEnterOnly) {
  Fixture f("rope");
  QSpinBox* length = f.spin("length");
  length->selectAll();
  QTest::keyClicks(length, "1024");
  EXPECT_EQ(f.spy.count(), 0);  // no edits for 1, 10, 102
  QTest::keyClick(length, Qt::Key_Return);
  ASSERT_EQ(f.spy.count(), 1);
  EXPECT_EQ(f.last().params.getInt("length"), 1024);
}

TEST(ParameterPanel, RealSpinBoxShowsSmallValuesAndAcceptsScientificInput) {
  Fixture f("learned");
  QDoubleSpinBox* stdSpin = f.realSpin("std");
  EXPECT_EQ(stdSpin->text(), QStringLiteral("0.02"));
  stdSpin->setValue(1e-6);
  EXPECT_EQ(stdSpin->value(), 1e-6);
  EXPECT_EQ(stdSpin->text(), QStringLiteral("1e-06"));
  ASSERT_EQ(f.spy.count(), 1);
  EXPECT_EQ(f.last().params.getReal("std"), 1e-6);

  stdSpin->selectAll();
  QTest::keyClicks(stdSpin, "3e-4");
  QTest::keyClick(stdSpin, Qt::Key_Return);
  ASSERT_EQ(f.spy.count(), 2);
  EXPECT_EQ(f.last().params.getReal("std"), 3e-4);

  Fixture rope("rope");
  EXPECT_EQ(rope.realSpin("base")->text(), QStringLiteral("10000"));
  rope.realSpin("base")->setValue(1e12);
  EXPECT_EQ(rope.last().params.getReal("base"), 1e12);
}

TEST(ParameterPanel, ChoiceAndBoolEditorsEmitTheirIds) {
  Fixture f("t5");
  f.child<QCheckBox>(QStringLiteral("param_bidirectional"))->setChecked(false);
  ASSERT_EQ(f.spy.count(), 1);
  EXPECT_FALSE(f.last().params.getBool("bidirectional"));
  EXPECT_EQ(f.last().param, QStringLiteral("bidirectional"));

  Fixture rope("rope");
  auto* scaling = rope.child<QComboBox>(QStringLiteral("param_scaling"));
  scaling->setCurrentIndex(scaling->findData(QStringLiteral("ntk")));
  ASSERT_EQ(rope.spy.count(), 1);
  EXPECT_EQ(rope.last().params.getChoice("scaling"), "ntk");
}

TEST(ParameterPanel, HeadNotBelowHeadsIsShownInlineAndNeverEmitted) {
  for (const char* id : {"alibi", "t5", "xl", "tupe"}) {
    SCOPED_TRACE(id);
    Fixture f(id);
    f.spin("heads")->setValue(8);  // already 8 for alibi and t5
    ASSERT_EQ(f.panel.values().getInt("heads"), 8);
    f.spy.clear();

    QSpinBox* head = f.spin("head");
    head->setValue(8);
    EXPECT_EQ(f.spy.count(), 0);
    QLabel* error = f.error("head");
    EXPECT_TRUE(error->isVisibleTo(&f.panel));
    EXPECT_TRUE(error->text().contains(QStringLiteral("less than heads")))
        << error->text().toStdString();
    EXPECT_TRUE(error->wordWrap());
    EXPECT_TRUE(head->property("invalid").toBool());
    EXPECT_EQ(f.panel.values().getInt("head"), 8);  // shown, valid or not

    head->setValue(7);
    ASSERT_EQ(f.spy.count(), 1);
    EXPECT_EQ(f.last().params.getInt("head"), 7);
    EXPECT_FALSE(error->isVisibleTo(&f.panel));
    EXPECT_FALSE(head->property("invalid").toBool());

    // Lowering heads below head puts the message under head, where the fix is.
    f.spy.clear();
    f.spin("heads")->setValue(4);
    EXPECT_EQ(f.spy.count(), 0);
    EXPECT_TRUE(error->isVisibleTo(&f.panel));
    EXPECT_FALSE(f.error("heads")->isVisibleTo(&f.panel));
  }
}

TEST(ParameterPanel, EvenParameterRefusesAnOddValueWithTheReasonAndNeverEmitsIt) {
  // Issue 14: an odd value used to be rounded silently to an even one and applied. It is now
  // kept as set, refused with the core's reason, and never emitted.
  Fixture f("rope");
  QSpinBox* dim = f.spin("dim");
  dim->setValue(7);
  EXPECT_EQ(dim->value(), 7);
  EXPECT_EQ(f.spy.count(), 0);
  EXPECT_TRUE(f.error("dim")->isVisibleTo(&f.panel));
  EXPECT_TRUE(f.error("dim")->text().contains(QStringLiteral("even")))
      << f.error("dim")->text().toStdString();
  EXPECT_TRUE(dim->property("invalid").toBool());

  dim->selectAll();
  QTest::keyClicks(dim, "33");
  QTest::keyClick(dim, Qt::Key_Return);
  EXPECT_EQ(dim->value(), 33);
  EXPECT_EQ(f.spy.count(), 0);
  EXPECT_TRUE(f.error("dim")->text().contains(QStringLiteral("dim")));
  EXPECT_TRUE(f.error("dim")->text().contains(QStringLiteral("33")));
  dim->stepBy(1);  // from an odd value the arrows go to the even neighbour
  EXPECT_EQ(dim->value(), 34);
  ASSERT_EQ(f.spy.count(), 1);
  EXPECT_EQ(f.last().params.getInt("dim"), 34);
  EXPECT_FALSE(f.error("dim")->isVisibleTo(&f.panel));
  dim->setValue(33);
  dim->stepBy(-1);
  EXPECT_EQ(dim->value(), 32);

  dim->setValue(64);
  dim->stepBy(1);
  EXPECT_EQ(dim->value(), 66);

  QSlider* slider = f.slider("dim");
  for (int pos = slider->minimum(); pos <= slider->maximum(); ++pos) {
    slider->setValue(pos);
    ASSERT_EQ(dim->value() % 2, 0) << "slider position " << pos;
  }
  for (qsizetype i = 0; i < f.spy.count(); ++i)
    EXPECT_EQ(editAt(f.spy, i).params.getInt("dim") % 2, 0);
}

// ---- sliders -----------------------------------------------------------------------------------

/// The command line's refusal of `--set id=text` (parseValue's ParamError), word for word.
QString cliRefusal(const Scheme& scheme, const char* id, const QString& text) {
  try {
    (void)posenc::parseValue(posenc::findParam(scheme, id), text.trimmed().toStdString());
  } catch (const posenc::ParamError& e) {
    return QString::fromUtf8(e.what());
  }
  ADD_FAILURE() << id << " = " << text.toStdString() << " was not refused";
  return {};
}

/// Types `text` over what `box` shows, then Return.
void typeInto(QAbstractSpinBox* box, const QString& text) {
  box->setFocus();
  box->selectAll();
  QTest::keyClick(box, Qt::Key_Delete);
  if (!text.isEmpty()) QTest::keyClicks(box, text);
  QTest::keyClick(box, Qt::Key_Return);
}

TEST(ParameterPanel, ATypedValueOutOfRangeIsKeptRefusedWithTheCommandLinesWordsAndNotApplied) {
  // Issue 26, item 2: base 0 became 2, 1e30 became 1e12 and length 99999999 became 999999,
  // each applied without a word.
  Fixture f("rope");
  const struct {
    const char* id;
    QString typed;
  } cases[] = {{"base", QStringLiteral("0")},
               {"base", QStringLiteral("1e30")},
               {"base", QStringLiteral("-5")},
               {"length", QStringLiteral("99999999")},
               {"length", QStringLiteral("0")}};
  for (const auto& c : cases) {
    SCOPED_TRACE(std::string(c.id) + " = " + c.typed.toStdString());
    auto* box = f.child<QAbstractSpinBox>(QStringLiteral("param_") + c.id);
    typeInto(box, c.typed);
    EXPECT_EQ(box->text(), c.typed);  // as typed, not clamped
    EXPECT_EQ(f.spy.count(), 0);      // nothing applied
    EXPECT_TRUE(f.error(c.id)->isVisibleTo(&f.panel));
    EXPECT_EQ(f.error(c.id)->text(), cliRefusal(f.scheme, c.id, c.typed));
    EXPECT_TRUE(box->property("invalid").toBool());
    // Leaving the field keeps it too.
    f.spin("dim")->setFocus();
    EXPECT_EQ(box->text(), c.typed);
    f.panel.setValues(f.defaults);  // as undo would: the box shows the value again
    EXPECT_FALSE(f.error(c.id)->isVisibleTo(&f.panel));
  }
}

TEST(ParameterPanel, TextADashOrNothingInAWholeNumberFieldIsKeptAndRefused) {
  // Issue 26, item 2: text, "-" and 0 in whole-number fields vanished without a word.
  Fixture f("rope");
  QSpinBox* dim = f.spin("dim");
  for (const QString& typed : {QStringLiteral("abc"), QStringLiteral("-"), QStringLiteral("0"),
                               QStringLiteral("12x"), QString()}) {
    SCOPED_TRACE(typed.toStdString());
    typeInto(dim, typed);
    EXPECT_EQ(dim->text(), typed);
    EXPECT_EQ(f.spy.count(), 0);
    EXPECT_TRUE(f.error("dim")->isVisibleTo(&f.panel));
    EXPECT_EQ(f.error("dim")->text(), cliRefusal(f.scheme, "dim", typed));
  }
  // A valid value typed then is applied, and the error goes.
  typeInto(dim, QStringLiteral("32"));
  ASSERT_EQ(f.spy.count(), 1);
  EXPECT_EQ(f.last().params.getInt("dim"), 32);
  EXPECT_FALSE(f.error("dim")->isVisibleTo(&f.panel));
  // The arrows step from the last value that read, and forget the text.
  typeInto(dim, QStringLiteral("abc"));
  dim->stepBy(1);
  EXPECT_EQ(dim->text(), QStringLiteral("34"));
  EXPECT_EQ(f.last().params.getInt("dim"), 34);
}

TEST(ParameterPanel, TypedListIsEmittedOnEnterAndBadTextIsRefusedNamingTheParameter) {
  // Issue 15: rope's long_factor (LongRoPE) is a list of d_rot/2 = 32 numbers at dim 64.
  Fixture f("rope");
  auto* line = f.child<QLineEdit>(QStringLiteral("param_long_factor"));
  ASSERT_NE(line, nullptr);
  posenc::NumberList want;
  QString typed;
  for (int k = 0; k < 32; ++k) {
    want.push_back(1.0 + 0.5 * k);
    typed += (k ? QStringLiteral(", ") : QString()) + QString::number(1.0 + 0.5 * k);
  }
  line->setFocus();
  QTest::keyClicks(line, typed);
  EXPECT_EQ(f.spy.count(), 0);  // nothing while typing
  QTest::keyClick(line, Qt::Key_Return);
  ASSERT_EQ(f.spy.count(), 1);
  EXPECT_EQ(f.last().param, QStringLiteral("long_factor"));
  EXPECT_EQ(f.last().params.getList("long_factor"), want);
  ParamSet expected = f.defaults;
  expected.set("long_factor", want);
  EXPECT_EQ(f.last().params, expected);
  EXPECT_FALSE(f.error("long_factor")->isVisibleTo(&f.panel));

  // Not a list: refused on the row, naming the parameter and the text; nothing emitted.
  line->selectAll();
  QTest::keyClicks(line, QStringLiteral("1, 2, x"));
  QTest::keyClick(line, Qt::Key_Return);
  EXPECT_EQ(f.spy.count(), 1);
  EXPECT_TRUE(f.error("long_factor")->isVisibleTo(&f.panel));
  EXPECT_TRUE(f.error("long_factor")->text().contains(QStringLiteral("long_factor")))
      << f.error("long_factor")->text().toStdString();
  EXPECT_TRUE(f.error("long_factor")->text().contains(QStringLiteral("1, 2, x")))
      << f.error("long_factor")->text().toStdString();

  // A list of the wrong length: the core's reason (32 numbers, one per rotated pair).
  line->selectAll();
  QTest::keyClicks(line, QStringLiteral("1, 2, 3"));
  QTest::keyClick(line, Qt::Key_Return);
  EXPECT_EQ(f.spy.count(), 1);
  EXPECT_TRUE(f.error("long_factor")->text().contains(QStringLiteral("32 positive numbers")))
      << f.error("long_factor")->text().toStdString();

  // Emptied: "not given" again, the defaults emitted and the error gone.
  line->selectAll();
  QTest::keyClick(line, Qt::Key_Delete);
  QTest::keyClick(line, Qt::Key_Return);
  ASSERT_EQ(f.spy.count(), 2);
  EXPECT_EQ(f.last().params, f.defaults);
  EXPECT_FALSE(f.error("long_factor")->isVisibleTo(&f.panel));
}

TEST(ParameterPanel, AScalingsKnobsAreShownUnderThatScalingOnly) {
  Fixture f("rope");
  const auto shown = [&](const char* id) {
    return f.child<QLabel>(QStringLiteral("label_") + id)->isVisibleTo(&f.panel) &&
           f.child<QWidget>(QStringLiteral("param_") + id)->isVisibleTo(&f.panel);
  };
  // scaling = none: none of YaRN's, Llama 3.1's or LongRoPE's knobs; the common ones stay.
  for (const char* id : {"beta_fast", "beta_slow", "truncate", "mscale", "mscale_all_dim",
                         "low_freq_factor", "high_freq_factor", "short_factor", "long_factor"})
    EXPECT_FALSE(shown(id)) << id;
  for (const char* id : {"length", "dim", "base", "scaling", "factor", "train_length",
                         "attention_factor", "partial_rotary_factor", "seed"})
    EXPECT_TRUE(shown(id)) << id;
  auto* scaling = f.child<QComboBox>(QStringLiteral("param_scaling"));
  scaling->setCurrentIndex(scaling->findData(QStringLiteral("yarn")));
  EXPECT_TRUE(shown("beta_fast"));
  EXPECT_TRUE(shown("truncate"));
  EXPECT_FALSE(shown("low_freq_factor"));
  scaling->setCurrentIndex(scaling->findData(QStringLiteral("llama3")));
  EXPECT_FALSE(shown("beta_fast"));
  EXPECT_TRUE(shown("low_freq_factor"));
  EXPECT_TRUE(shown("high_freq_factor"));
  // A refused value keeps its row in sight whatever the scaling: beta_fast <= beta_slow.
  scaling->setCurrentIndex(scaling->findData(QStringLiteral("yarn")));
  f.realSpin("beta_fast")->setValue(0.5);
  scaling->setCurrentIndex(scaling->findData(QStringLiteral("none")));
  EXPECT_TRUE(shown("beta_fast"));
  EXPECT_TRUE(f.error("beta_fast")->isVisibleTo(&f.panel) ||
              f.error("beta_slow")->isVisibleTo(&f.panel));
  f.realSpin("beta_fast")->setValue(32);
  EXPECT_FALSE(shown("beta_fast"));
  // setValues (a session, undo) shows the rows of the scaling it brings.
  ParamSet longrope = f.defaults;
  longrope.set("scaling", std::string("longrope"));
  longrope.set("long_factor", posenc::NumberList(32, 2.0));
  longrope.set("short_factor", posenc::NumberList(32, 1.0));
  f.panel.setValues(longrope);
  EXPECT_TRUE(shown("long_factor"));
  EXPECT_TRUE(shown("short_factor"));
  EXPECT_FALSE(shown("beta_fast"));
}

TEST(ParameterPanel, EverySliderMapsItsEndsToMinAndMaxAndIsMonotone) {
  for (const auto& schemePtr : posenc::allSchemes()) {
    const Scheme& scheme = *schemePtr;
    SCOPED_TRACE(scheme.info().id);
    // Every position for rope's length, dim and base (log int, even, log real); a stride elsewhere,
    // which keeps the test fast (each position is a full edit) and still checks order.
    const bool everyPosition = scheme.info().id == "rope";
    ui::ParameterPanel panel;
    panel.setScheme(scheme, ParamSet(scheme.info().params));
    for (const ParamSpec& s : scheme.info().params) {
      const QString id = QString::fromStdString(s.id);
      auto* slider = panel.findChild<QSlider*>(QStringLiteral("slider_") + id);
      if (!slider) continue;
      SCOPED_TRACE(s.id);
      const int stride =
          everyPosition && (s.id == "length" || s.id == "dim" || s.id == "base") ? 1 : 7;
      QWidget* editor = panel.findChild<QWidget*>(QStringLiteral("param_") + id);
      slider->setValue(slider->maximum());
      EXPECT_EQ(editorNumber(editor), s.max);
      slider->setValue(slider->minimum());
      EXPECT_EQ(editorNumber(editor), s.min);
      double previous = s.min;
      for (int pos = slider->minimum() + 1; pos <= slider->maximum(); pos += stride) {
        slider->setValue(pos);
        const double v = editorNumber(editor);
        ASSERT_GE(v, previous) << "position " << pos;
        previous = v;
      }
      slider->setValue(slider->maximum());
      EXPECT_EQ(editorNumber(editor), s.max);
    }
  }
}

TEST(ParameterPanel, WideRangesGetALogarithmicSlider) {
  Fixture f("rope");
  QSlider* length = f.slider("length");  // 1 .. 2^20
  length->setValue((length->minimum() + length->maximum()) / 2);
  EXPECT_NEAR(f.spin("length")->value(), 1024, 20);  // the geometric middle
  QSlider* base = f.slider("base");                  // 2 .. 1e12
  base->setValue((base->minimum() + base->maximum()) / 2);
  EXPECT_NEAR(std::log10(f.realSpin("base")->value()), std::log10(std::sqrt(2e12)), 0.01);

  QSlider* queries = f.slider("queries");  // 1 .. 8: linear, one position per value
  EXPECT_EQ(queries->minimum(), 1);
  EXPECT_EQ(queries->maximum(), 8);

  // The slider follows the spin box.
  const int before = length->value();
  f.spin("length")->setValue(65536);
  EXPECT_GT(length->value(), before);
}

TEST(ParameterPanel, SliderDragEmitsLiveContinuingEditsThenAFinalOne) {
  Fixture f("rope");
  QSlider* slider = f.slider("length");
  slider->setSliderDown(true);  // emits sliderPressed
  int expectedCount = 0;
  for (int pos : {400, 500, 600, 700}) {
    slider->setValue(pos);
    ++expectedCount;
    ASSERT_EQ(f.spy.count(), expectedCount) << "one live edit per move, during the drag";
    EXPECT_TRUE(f.last().continuing);
    EXPECT_EQ(f.last().param, QStringLiteral("length"));
    EXPECT_EQ(f.last().params.getInt("length"), f.spin("length")->value());
  }
  // Another editor changed meanwhile (e.g. from the keyboard) is not part of the drag.
  auto* layout = f.child<QComboBox>(QStringLiteral("param_layout"));
  layout->setCurrentIndex(layout->findData(QStringLiteral("interleaved")));
  ++expectedCount;
  ASSERT_EQ(f.spy.count(), expectedCount);
  EXPECT_FALSE(f.last().continuing);
  EXPECT_EQ(f.last().param, QStringLiteral("layout"));
  slider->setValue(800);
  ++expectedCount;
  EXPECT_TRUE(f.last().continuing);

  slider->setSliderDown(false);  // emits sliderReleased
  ASSERT_EQ(f.spy.count(), expectedCount + 1);
  EXPECT_EQ(f.last().param, QStringLiteral("length"));
  EXPECT_FALSE(f.last().continuing);
  EXPECT_EQ(f.last().params, f.panel.values());
  EXPECT_EQ(editAt(f.spy, 0).params.getInt("length") < f.last().params.getInt("length"), true);
}

TEST(ParameterPanel, DragEndingOnAnInvalidValueEndsWithTheLastValidSet) {
  Fixture f("alibi");  // heads 8
  QSlider* slider = f.slider("head");
  QSpinBox* head = f.spin("head");
  slider->setSliderDown(true);
  int pos = slider->minimum();
  std::int64_t lastValid = -1;
  while (head->value() < 20) {
    slider->setValue(++pos);
    if (head->value() < 8) lastValid = head->value();
  }
  ASSERT_EQ(lastValid, 7);
  EXPECT_TRUE(f.error("head")->isVisibleTo(&f.panel));
  slider->setSliderDown(false);
  ASSERT_GE(f.spy.count(), 2);
  for (qsizetype i = 0; i + 1 < f.spy.count(); ++i) EXPECT_TRUE(editAt(f.spy, i).continuing);
  EXPECT_FALSE(f.last().continuing);
  EXPECT_EQ(f.last().params.getInt("head"), lastValid);
  EXPECT_TRUE(f.error("head")->isVisibleTo(&f.panel));
}

TEST(ParameterPanel, HeldStepKeyIsOneContinuingGesture) {
  Fixture f("rope");
  QSpinBox* length = f.spin("length");
  QTest::keyPress(length, Qt::Key_Up);
  ASSERT_EQ(f.spy.count(), 1);
  EXPECT_TRUE(f.last().continuing);
  for (int k = 0; k < 3; ++k) {  // auto-repeat: release + press pairs flagged autoRepeat
    QKeyEvent release(QEvent::KeyRelease, Qt::Key_Up, Qt::NoModifier, QString(), true);
    QApplication::sendEvent(length, &release);
    QKeyEvent press(QEvent::KeyPress, Qt::Key_Up, Qt::NoModifier, QString(), true);
    QApplication::sendEvent(length, &press);
  }
  // (QAbstractSpinBox may step more than once per repeat: it starts its own repeat timer.)
  const qsizetype during = f.spy.count();
  ASSERT_GE(during, 4);
  for (qsizetype i = 0; i < during; ++i) EXPECT_TRUE(editAt(f.spy, i).continuing);
  QTest::keyRelease(length, Qt::Key_Up);
  ASSERT_EQ(f.spy.count(), during + 1);
  EXPECT_FALSE(f.last().continuing);
  EXPECT_EQ(f.last().params.getInt("length"), length->value());
  EXPECT_GE(length->value(), 132);

  // A single step with the mouse on the arrows is a gesture too: press, then release.
  f.spy.clear();
  const QPoint upArrow(length->width() - 5, 3);
  QTest::mousePress(length, Qt::LeftButton, Qt::NoModifier, upArrow);
  QTest::mouseRelease(length, Qt::LeftButton, Qt::NoModifier, upArrow);
  ASSERT_EQ(f.spy.count(), 2);  // the step while held, then the end of the gesture
  EXPECT_TRUE(editAt(f.spy, 0).continuing);
  EXPECT_FALSE(f.last().continuing);
  EXPECT_EQ(f.last().params.getInt("length"), length->value());
}

TEST(ParameterPanel, WheelOverAnUnfocusedEditorDoesNotChangeIt) {
  Fixture f("rope");
  QSpinBox* length = f.spin("length");
  ASSERT_FALSE(length->hasFocus());
  QWheelEvent wheel(QPointF(5, 5), QPointF(5, 5), QPoint(), QPoint(0, 120), Qt::NoButton,
                    Qt::NoModifier, Qt::NoScrollPhase, false);
  QApplication::sendEvent(length, &wheel);
  EXPECT_FALSE(wheel.isAccepted());  // left to the enclosing scroll area
  EXPECT_EQ(length->value(), 128);
  QApplication::sendEvent(f.slider("length"), &wheel);
  EXPECT_EQ(length->value(), 128);
  EXPECT_EQ(f.spy.count(), 0);
}

// ---- resets and quiet updates --------------------------------------------------------------

TEST(ParameterPanel, ResetButtonsRestoreDefaultsAndEmit) {
  Fixture f("rope");
  f.spin("length")->setValue(256);
  f.realSpin("base")->setValue(500000);
  auto* layout = f.child<QComboBox>(QStringLiteral("param_layout"));
  layout->setCurrentIndex(layout->findData(QStringLiteral("interleaved")));
  f.spy.clear();

  QToolButton* reset = f.reset("length");
  ASSERT_TRUE(reset->isEnabled());
  reset->click();
  ASSERT_EQ(f.spy.count(), 1);
  EXPECT_EQ(f.last().param, QStringLiteral("length"));
  EXPECT_FALSE(f.last().continuing);
  EXPECT_EQ(f.last().params.getInt("length"), 128);
  EXPECT_EQ(f.last().params.getReal("base"), 500000);  // the others stay
  EXPECT_EQ(f.spin("length")->value(), 128);
  EXPECT_FALSE(reset->isEnabled());
  EXPECT_EQ(f.slider("length")->value(),
            f.slider("length")->maximum() * 7 / 20);  // log2(128)/20 of the way

  auto* all = f.child<QPushButton>(QStringLiteral("resetAll"));
  ASSERT_TRUE(all->isEnabled());
  all->click();
  ASSERT_EQ(f.spy.count(), 2);
  EXPECT_EQ(f.last().params, f.defaults);
  EXPECT_EQ(f.panel.values(), f.defaults);
  EXPECT_FALSE(all->isEnabled());
  EXPECT_FALSE(f.reset("base")->isEnabled());
}

TEST(ParameterPanel, ResetClearsAnInlineError) {
  Fixture f("alibi");
  f.spin("head")->setValue(9);
  ASSERT_TRUE(f.error("head")->isVisibleTo(&f.panel));
  f.reset("head")->click();
  EXPECT_FALSE(f.error("head")->isVisibleTo(&f.panel));
  ASSERT_EQ(f.spy.count(), 1);
  EXPECT_EQ(f.last().params, f.defaults);
}

TEST(ParameterPanel, SetValuesEmitsNothing) {
  Fixture f("alibi");
  ParamSet values = f.defaults;
  values.set("length", std::int64_t{1000});
  values.set("heads", std::int64_t{16});
  values.set("head", std::int64_t{5});
  values.set("causal", false);
  f.panel.setValues(values);
  EXPECT_EQ(f.spy.count(), 0);
  EXPECT_EQ(f.panel.values(), values);
  EXPECT_EQ(f.spin("length")->value(), 1000);
  EXPECT_TRUE(f.reset("heads")->isEnabled());

  // An invalid set is shown with its error, still without emitting; a valid one clears it.
  ParamSet invalid = values;
  invalid.set("head", std::int64_t{16});
  f.panel.setValues(invalid);
  EXPECT_EQ(f.spy.count(), 0);
  EXPECT_TRUE(f.error("head")->isVisibleTo(&f.panel));
  f.panel.setValues(values);
  EXPECT_FALSE(f.error("head")->isVisibleTo(&f.panel));
  EXPECT_FALSE(f.spin("head")->property("invalid").toBool());
  f.panel.setValues(f.defaults);
  EXPECT_FALSE(f.reset("heads")->isEnabled());
  EXPECT_EQ(f.spy.count(), 0);
}

TEST(ParameterPanel, ScaleMultipliesFontSizes) {
  Fixture f("rope");
  const double base = f.child<QLabel>(QStringLiteral("label_length"))->font().pointSizeF();
  const int height = f.reset("length")->minimumHeight();
  f.panel.setScale(2.0);
  EXPECT_DOUBLE_EQ(f.panel.scale(), 2.0);
  EXPECT_NEAR(f.child<QLabel>(QStringLiteral("label_length"))->font().pointSizeF(), 2 * base, 1e-9);
  EXPECT_NEAR(f.spin("length")->font().pointSizeF(), 2 * base, 1e-9);
  EXPECT_GE(f.reset("length")->minimumHeight(), 2 * height - 1);
  const int sliderHeight = f.slider("length")->sizeHint().height();
  f.panel.setScale(2.0);
  f.panel.setScale(1.0);
  EXPECT_NEAR(f.spin("length")->font().pointSizeF(), base, 1e-9);
  EXPECT_LT(f.slider("length")->sizeHint().height(), sliderHeight);  // handles scale too

  // Editors rebuilt for another scheme keep the scale; destroying the panel while scaled is
  // safe (the sliders' scaled style outlives them).
  f.panel.setScale(1.5);
  f.panel.setScheme(posenc::findScheme("xl"), ParamSet());
  EXPECT_NEAR(f.child<QLabel>(QStringLiteral("label_qlen"))->font().pointSizeF(), 1.5 * base, 1e-9);
}

}  // namespace

TEST(ParameterPanel, DescriptionsShowNoBackticksOrCaretsInEitherLanguage) {
  // The scheme's description and each parameter's tooltip read as text: "the `table` file"
  // and "base^(-2i/d)" showed their markup (code words quoted, exponents superscript now).
  for (const char* language : {"en", "zh_CN"}) {
    ui::setLanguage(QString::fromLatin1(language));
    for (const auto& schemePtr : posenc::allSchemes()) {
      SCOPED_TRACE(schemePtr->info().id + " " + language);
      ui::ParameterPanel panel;
      panel.setScheme(*schemePtr, ParamSet(schemePtr->info().params));
      QStringList texts;
      for (QWidget* w : panel.findChildren<QWidget*>()) {
        texts << w->toolTip();
        if (auto* label = qobject_cast<QLabel*>(w)) texts << label->text();
      }
      for (const QString& text : texts)
        EXPECT_FALSE(text.contains(QLatin1Char('`')) || text.contains(QLatin1Char('^')))
            << text.toStdString();
    }
  }
  ui::setLanguage(QStringLiteral("en"));
}

TEST(ParameterPanel, StudentTextQuotesCodeWordsAndWritesExponentsAsSuperscripts) {
  EXPECT_EQ(ui::studentText(QStringLiteral("the `table` file")),
            QStringLiteral("the \u201Ctable\u201D file"));
  EXPECT_EQ(ui::studentText(QStringLiteral("w = base^(-2i/d)")),
            QStringLiteral("w = base\u207B\u00B2\u2071\u2044\u1D48"));
  EXPECT_EQ(ui::studentText(QStringLiteral("N(0, std^2) entries")),
            QStringLiteral("N(0, std\u00B2) entries"));
}
