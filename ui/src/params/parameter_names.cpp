// SPDX-License-Identifier: GPL-3.0-or-later
// Parameters' and choices' short names in the current language (parameter_names.h), and the
// list of every parameter id lupdate reads.
#include "posenc_ui/params/parameter_names.h"

#include <QCoreApplication>

namespace posenc::ui {

QString parameterName(const QString& id) {
  QString name = QCoreApplication::translate("posenc::ui::ParamName", id.toUtf8().constData());
  return name == id ? QString() : name;
}

QString choiceName(const QString& id) {
  // The choice ids are listed for lupdate by the string extractor, from the registry
  // (resources/translations/extract_strings.cpp, context "posenc::choice").
  QString name = QCoreApplication::translate("posenc::choice", id.toUtf8().constData());
  return name == id ? QString() : name;
}

QString choiceLabel(const QString& id) {
  const QString name = choiceName(id);
  return name.isEmpty() ? id : id + QStringLiteral("  ") + name;
}

QString parameterLabel(const QString& id) {
  const QString name = parameterName(id);
  return name.isEmpty() ? id : id + QStringLiteral("  ") + name;
}

namespace {

/// Every parameter id of every scheme, for lupdate: each id's translation is the parameter's
/// short name in that language ("length" -> "长度"). The label keeps the id first (it is what
/// sessions and the command line use, see resources/translations/GLOSSARY.md) and adds the
/// name after it when the language has one. tests/ui/translation_test checks that this list
/// covers every parameter of every scheme.
[[maybe_unused]] const char* const kParamNames[] = {
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "a"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "attention_factor"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "bands"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "base"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "beta_fast"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "beta_slow"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "bidirectional"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "buckets"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "causal"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "clamp_len"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "clip"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "d_model"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "dim"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "factor"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "gamma"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "grid"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "head"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "heads"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "high_freq_factor"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "layout"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "length"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "long_factor"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "measure"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "low_freq_factor"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "max_distance"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "max_len"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "max_relative_positions"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "mlen"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "mscale"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "mscale_all_dim"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "offset"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "overflow"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "p"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "pair"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "partial_rotary_factor"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "positions"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "qlen"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "queries"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "r1"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "r2"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "rel_norm"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "rel_table"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "relative"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "scale_base"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "scaling"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "seed"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "short_factor"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "stack"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "std"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "table"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "train_length"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "truncate"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "u_table"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "untie_cls"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "v_table"),
    QT_TRANSLATE_NOOP("posenc::ui::ParamName", "variant"),
};

}  // namespace

}  // namespace posenc::ui
