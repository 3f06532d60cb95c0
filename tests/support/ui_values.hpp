// SPDX-License-Identifier: GPL-3.0-or-later
// Values the ui tests build again and again: Qt strings from the core's std::string, a
// scheme's parameters from KEY=VALUE pairs, a session to apply to the window.
#pragma once

#include <QRegularExpression>
#include <QString>
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/io/session_io.h"

namespace posenc::test {

/// KEY=VALUE assignments over a scheme's defaults, as `posenc export --set` takes them.
using Sets = std::vector<std::pair<std::string, std::string>>;

/// Whether rich text `html` opens a <sub> or <sup> inside another one (Qt's rich text draws
/// one level of scripts: a nested one lands under the whole outer script).
inline bool nestsScripts(const QString& html) {
  static const QRegularExpression tag(QStringLiteral("<(/?)su[bp]>"));
  int depth = 0;
  for (auto it = tag.globalMatch(html); it.hasNext();) {
    const auto m = it.next();
    if (!m.captured(1).isEmpty()) depth = std::max(0, depth - 1);
    else if (depth++ > 0) return true;
  }
  return false;
}

/// The core's UTF-8 text as a QString (the ui's one conversion).
using ui::qs;

/// Parameters of scheme `id`: its defaults with `sets` applied (throws ParamError if refused).
inline ParamSet paramsOf(const std::string& id, const Sets& sets) {
  return makeParams(findScheme(id), sets);
}

/// A session of scheme `id` with `sets` over its defaults, showing `view` (empty: no view
/// given, so the window keeps its own); layout, colour map and zoom at their defaults.
inline ui::Session session(const std::string& id, const Sets& sets, const std::string& view = {}) {
  ui::Session s;
  s.scheme = qs(id);
  s.params = paramsOf(id, sets);
  if (!view.empty()) s.view = qs(view);
  return s;
}

}  // namespace posenc::test
