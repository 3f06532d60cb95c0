// SPDX-License-Identifier: GPL-3.0-or-later
// Parameters' and choices' short names in the current language (parameter_names.h). Both are
// listed for lupdate from the registry by the string extractor
// (resources/translations/extract_strings.cpp: every parameter id in "posenc::ui::ParamName",
// its translation the parameter's short name, "length" -> "长度"; every choice id in
// "posenc::choice"), so a new parameter needs no ui code, only its Chinese name.
#include "posenc_ui/params/parameter_names.h"

#include <QCoreApplication>

namespace posenc::ui {

QString parameterName(const QString& id) {
  // The label keeps the id first (what sessions and the command line use, see
  // resources/translations/GLOSSARY.md) and adds the name after it when the language has one.
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

}  // namespace posenc::ui
