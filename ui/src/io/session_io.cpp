// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/io/session_io.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <mutex>
#include <string>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>
#include <QVariant>
#include <QtGlobal>

#include "posenc/data_io.hpp"
#include "posenc/scheme.hpp"
#include "posenc_ui/plot/colormaps.h"
#include "json_text.h"

// The presets live in resources/posenc.qrc, compiled into the static posenc_ui library.
// Nothing else in a static library references the object file rcc generates, so the linker
// would drop it and ":/presets" would be empty; calling its initialiser from here pulls it
// in. Q_INIT_RESOURCE declares an extern function and must be used at global scope.
static void initPosencResources() { Q_INIT_RESOURCE(posenc); }

namespace posenc::ui {

namespace {

constexpr const char* kSessionFormat = "posenc-session";
constexpr const char* kPresetFormat = "posenc-preset";
constexpr const char* kPresetDir = ":/presets";
constexpr qsizetype kMaxGridViews = 4;

void ensureResources() {
  static std::once_flag once;
  std::call_once(once, [] { initPosencResources(); });
}

/// Every refusal is one line: a key read from the file may hold a newline or other control
/// characters, shown as '?'.
[[noreturn]] void fail(const QString& reason) {
  QString line = reason;
  for (QChar& c : line)
    if (c.unicode() < 0x20 || c.unicode() == 0x7f) c = QLatin1Char('?');
  throw SessionError(line.toStdString());
}

/// "PART: reason", the shape of every message about one part of the document.
[[noreturn]] void failAt(const QString& part, const QString& reason) {
  fail(part + QStringLiteral(": ") + reason);
}

QString q(const std::string& s) { return QString::fromStdString(s); }

QStringList layoutIds() {
  return {QStringLiteral("tabs"), QStringLiteral("grid1"), QStringLiteral("grid2"),
          QStringLiteral("grid4")};
}

/// "a, b, c or d".
QString listText(const QStringList& items) {
  if (items.size() <= 1) return items.join(QString());
  return items.mid(0, items.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" or ") +
         items.last();
}

QStringList schemeIds() {
  QStringList ids;
  for (const auto& s : allSchemes()) ids << q(s->info().id);
  return ids;
}

QStringList viewIds(const Scheme& scheme) {
  QStringList ids;
  for (const ViewSpec& v : scheme.info().views) ids << q(v.id);
  return ids;
}

/// A JSON value as compact JSON text (strings quoted), shortened for messages.
QString jsonText(const QJsonValue& value) {
  QString text = QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact));
  text = text.mid(1, text.size() - 2);
  if (text.size() > 64) text = text.left(61) + QStringLiteral("...");
  return text;
}

using detail::typeName;
using detail::wholeNumber;

// ---- parameter values --------------------------------------------------------------------

QJsonValue valueToJson(const Value& value) {
  if (const auto* i = std::get_if<std::int64_t>(&value)) return QJsonValue(static_cast<qint64>(*i));
  if (const auto* d = std::get_if<double>(&value)) return QJsonValue(*d);
  if (const auto* b = std::get_if<bool>(&value)) return QJsonValue(*b);
  return QJsonValue(q(std::get<std::string>(value)));
}

/// The JSON value of parameter `spec` as a typed value, checked by the core.
/// @throws ParamError (the core's, or one in its words for a value of the wrong JSON type).
Value valueFromJson(const ParamSpec& spec, const QJsonValue& json) {
  const auto wrongType = [&]() -> Value {
    throw ParamError(spec.id, jsonText(json).toStdString(),
                     allowedText(spec) + ", not " + typeName(json).toStdString());
  };
  switch (spec.type) {
    case ParamType::Int: {
      if (!json.isDouble()) return wrongType();
      const auto whole = wholeNumber(json);
      // A fraction or a number beyond int64: the core's range message, with the text given.
      if (!whole) throw ParamError(spec.id, jsonText(json).toStdString(), allowedText(spec));
      Value v = static_cast<std::int64_t>(*whole);
      checkValue(spec, v);
      return v;
    }
    case ParamType::Real: {
      if (!json.isDouble()) return wrongType();
      const double d = json.toDouble();
      Value v = d == 0.0 ? 0.0 : d;  // -0 is stored as +0, as parseValue does
      checkValue(spec, v);
      return v;
    }
    case ParamType::Bool:
      if (!json.isBool()) return wrongType();
      return json.toBool();
    case ParamType::Choice:
      if (!json.isString()) return wrongType();
      return parseValue(spec, json.toString().toStdString());
  }
  return wrongType();
}

// ---- document structure --------------------------------------------------------------------

QJsonObject parseRoot(QByteArray json) {
  // Some editors start UTF-8 files with a byte order mark, which JSON does not allow.
  if (json.startsWith("\xEF\xBB\xBF")) json.remove(0, 3);
  QJsonParseError error{};
  const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
  if (error.error != QJsonParseError::NoError)
    fail(QStringLiteral("not a PosEnc session: JSON error at offset %1: %2")
             .arg(error.offset)
             .arg(error.errorString()));
  if (!doc.isObject())
    fail(QStringLiteral("not a PosEnc session: the document is a JSON array, not an object"));
  return doc.object();
}

void checkFormat(const QJsonObject& root) {
  const QJsonValue format = root.value(QStringLiteral("format"));
  const QString expected = QStringLiteral("(expected \"%1\" or \"%2\")").arg(kSessionFormat, kPresetFormat);
  if (format.isUndefined())
    fail(QStringLiteral("not a PosEnc session: no \"format\" field ") + expected);
  if (format.toString() != QLatin1String(kSessionFormat) &&
      format.toString() != QLatin1String(kPresetFormat))
    fail(QStringLiteral("not a PosEnc session: \"format\" is %1 ").arg(jsonText(format)) + expected);
}

int readVersion(const QJsonObject& root) {
  const QJsonValue value = root.value(QStringLiteral("version"));
  const auto version = wholeNumber(value);
  // A version beyond int64 (Qt keeps it as a double) is still a newer program's file.
  if (!version && value.isDouble() && value.toDouble() > kSessionVersion &&
      std::floor(value.toDouble()) == value.toDouble())
    fail(QStringLiteral("written by a newer PosEnc Explorer (version %1); this one reads up to %2")
             .arg(jsonText(value))
             .arg(kSessionVersion));
  if (!version)
    failAt(QStringLiteral("version"),
           (value.isUndefined() ? QStringLiteral("missing") : jsonText(value) + QStringLiteral(" is not a whole number")) +
               QStringLiteral(" (this PosEnc Explorer reads versions 1 to %1)").arg(kSessionVersion));
  if (*version > kSessionVersion)
    fail(QStringLiteral("written by a newer PosEnc Explorer (version %1); this one reads up to %2")
             .arg(*version)
             .arg(kSessionVersion));
  if (*version < 1)
    failAt(QStringLiteral("version"), QStringLiteral("%1 is not a session version (1 to %2)")
                                          .arg(*version)
                                          .arg(kSessionVersion));
  return static_cast<int>(*version);
}

/// Rewrites a document of version v into version v + 1 (entry v - 1 of kUpgrades).
using Upgrade = QJsonObject (*)(QJsonObject);

/// One entry per format change, oldest first. Version 2 adds its `upgrade1To2` here; the
/// reader below then only ever sees the current shape.
constexpr std::array<Upgrade, kSessionVersion - 1> kUpgrades{};

QJsonObject upgradeToCurrent(QJsonObject root, int version) {
  for (int v = version; v < kSessionVersion; ++v)
    root = kUpgrades[static_cast<std::size_t>(v - 1)](std::move(root));
  return root;
}

const Scheme& readScheme(const QJsonObject& root) {
  const QJsonValue value = root.value(QStringLiteral("scheme"));
  const QString known = QStringLiteral(" (known: %1)").arg(schemeIds().join(QStringLiteral(", ")));
  if (value.isUndefined()) failAt(QStringLiteral("scheme"), QStringLiteral("missing") + known);
  if (!value.isString())
    failAt(QStringLiteral("scheme"), jsonText(value) + QStringLiteral(" is not a scheme id") + known);
  const std::string id = value.toString().toStdString();
  for (const auto& s : allSchemes())
    if (s->info().id == id) return *s;
  failAt(QStringLiteral("scheme"),
         QStringLiteral("unknown scheme %1").arg(jsonText(value)) + known);
}

ParamSet readParams(const Scheme& scheme, const QJsonObject& root) {
  ParamSet params(scheme.info().params);
  const QJsonValue value = root.value(QStringLiteral("params"));
  if (value.isUndefined()) return params;
  if (!value.isObject())
    failAt(QStringLiteral("params"), QStringLiteral("must be an object of parameter values, not ") + typeName(value));
  const QJsonObject object = value.toObject();
  for (auto it = object.begin(); it != object.end(); ++it) {
    const std::string key = it.key().toStdString();
    const QString part = QStringLiteral("params.") + it.key();
    const ParamSpec* spec = nullptr;
    try {
      spec = &findParam(scheme, key);
    } catch (const ParamError& e) {
      failAt(part, q(ParamError(e.param(), jsonText(it.value()).toStdString(), e.allowed()).what()));
    }
    try {
      params.set(spec->id, valueFromJson(*spec, it.value()));
    } catch (const ParamError& e) {
      failAt(part, q(e.what()));
    }
  }
  try {
    validateParams(scheme, params);
  } catch (const ParamError& e) {
    failAt(QStringLiteral("params.") + q(e.param()), q(e.what()));
  }
  return params;
}

QString readViewId(const Scheme& scheme, const QJsonValue& value, const QString& part) {
  const QString views = QStringLiteral(" (views of %1: %2)")
                            .arg(q(scheme.info().id), viewIds(scheme).join(QStringLiteral(", ")));
  if (!value.isString())
    failAt(part, jsonText(value) + QStringLiteral(" is not a view id") + views);
  QString id = value.toString();
  if (!viewIds(scheme).contains(id))
    failAt(part, QStringLiteral("%1 is not a view of %2").arg(jsonText(value), q(scheme.info().id)) + views);
  return id;
}

/// [a, b] with finite a < b.
std::pair<double, double> readInterval(const QJsonValue& value, const QString& part) {
  const QJsonArray a = value.toArray();
  if (!value.isArray() || a.size() != 2 || !a[0].isDouble() || !a[1].isDouble())
    failAt(part, QStringLiteral("must be two numbers [low, high], not ") +
                     (value.isUndefined() ? QStringLiteral("missing") : jsonText(value)));
  const double lo = a[0].toDouble(), hi = a[1].toDouble();
  if (!std::isfinite(lo) || !std::isfinite(hi))
    failAt(part, QStringLiteral("%1 is not finite").arg(jsonText(value)));
  if (!(lo < hi))
    failAt(part, QStringLiteral("%1 is inverted or empty (low must be less than high)").arg(jsonText(value)));
  return {lo, hi};
}

void readView(const Scheme& scheme, const QJsonObject& root, Session& session) {
  const QJsonValue value = root.value(QStringLiteral("view"));
  if (value.isUndefined()) return;
  if (!value.isObject())
    failAt(QStringLiteral("view"), QStringLiteral("must be an object, not ") + typeName(value));
  const QJsonObject view = value.toObject();

  if (view.contains(QStringLiteral("id")))
    session.view = readViewId(scheme, view.value(QStringLiteral("id")), QStringLiteral("view.id"));

  if (view.contains(QStringLiteral("layout"))) {
    const QJsonValue layout = view.value(QStringLiteral("layout"));
    if (!layout.isString() || !layoutIds().contains(layout.toString()))
      failAt(QStringLiteral("view.layout"),
             QStringLiteral("%1 is not a layout (%2)").arg(jsonText(layout), listText(layoutIds())));
    session.layout = layout.toString();
  }

  if (view.contains(QStringLiteral("grid"))) {
    const QJsonValue grid = view.value(QStringLiteral("grid"));
    if (!grid.isArray() || grid.toArray().size() > kMaxGridViews)
      failAt(QStringLiteral("view.grid"),
             QStringLiteral("must be an array of at most %1 view ids, not %2").arg(kMaxGridViews).arg(jsonText(grid)));
    const QJsonArray cells = grid.toArray();
    for (qsizetype k = 0; k < cells.size(); ++k)
      session.gridViews << readViewId(scheme, cells[k], QStringLiteral("view.grid[%1]").arg(k));
  }

  if (view.contains(QStringLiteral("colormap"))) {
    const QJsonValue colormap = view.value(QStringLiteral("colormap"));
    if (!colormap.isString() ||
        (!colormap.toString().isEmpty() && !isColormap(colormap.toString())))
      failAt(QStringLiteral("view.colormap"),
             QStringLiteral("%1 is not a colour map (%2; \"\" = each view's default)")
                 .arg(jsonText(colormap), listText(colormapIds())));
    session.colormap = colormap.toString();
  }

  if (view.contains(QStringLiteral("zoom"))) {
    const QJsonValue zoom = view.value(QStringLiteral("zoom"));
    if (zoom.isNull()) return;  // written by hand as "no zoom"
    if (!zoom.isObject())
      failAt(QStringLiteral("view.zoom"),
             QStringLiteral("must be {\"x\": [x0, x1], \"y\": [y0, y1]}, not ") + typeName(zoom));
    const QJsonObject z = zoom.toObject();
    const auto [x0, x1] = readInterval(z.value(QStringLiteral("x")), QStringLiteral("view.zoom.x"));
    const auto [y0, y1] = readInterval(z.value(QStringLiteral("y")), QStringLiteral("view.zoom.y"));
    session.zoom = Zoom{x0, x1, y0, y1};
  }
}

/// Reads a document already upgraded to kSessionVersion.
Session readCurrent(const QJsonObject& root) {
  const Scheme& scheme = readScheme(root);
  Session session;
  session.scheme = q(scheme.info().id);
  session.params = readParams(scheme, root);
  readView(scheme, root, session);
  return session;
}

QJsonObject sessionToJson(const Session& session) {
  QJsonObject params;
  for (const auto& [key, value] : session.params.items()) params.insert(q(key), valueToJson(value));

  QJsonObject view;
  if (!session.view.isEmpty()) view.insert(QStringLiteral("id"), session.view);
  view.insert(QStringLiteral("layout"), session.layout);
  view.insert(QStringLiteral("grid"), QJsonArray::fromStringList(session.gridViews));
  view.insert(QStringLiteral("colormap"), session.colormap);
  if (session.zoom) {
    const Zoom& z = *session.zoom;
    view.insert(QStringLiteral("zoom"),
                QJsonObject{{QStringLiteral("x"), QJsonArray{z.x0, z.x1}},
                            {QStringLiteral("y"), QJsonArray{z.y0, z.y1}}});
  }

  QJsonObject root;
  root.insert(QStringLiteral("format"), QLatin1String(kSessionFormat));
  root.insert(QStringLiteral("version"), kSessionVersion);
  root.insert(QStringLiteral("scheme"), session.scheme);
  root.insert(QStringLiteral("params"), params);
  root.insert(QStringLiteral("view"), view);
  return root;
}

QString nativePath(const QString& path) { return QDir::toNativeSeparators(path); }

QString humanSize(qint64 bytes) {
  return QStringLiteral("%1 MiB").arg(static_cast<double>(bytes) / (1024.0 * 1024.0), 0, 'f', 1);
}

struct PresetFile {
  PresetInfo info;
  qint64 order = 0;
  QByteArray bytes;
};

/// Every preset file that reads as a valid session, sorted by "order", then id.
QList<PresetFile> presetFiles() {
  ensureResources();
  QList<PresetFile> out;
  const QDir dir(QString::fromLatin1(kPresetDir));
  const QStringList names = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
  for (const QString& name : names) {
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::ReadOnly)) {
      qWarning("posenc: cannot open built-in preset %s", qPrintable(name));
      continue;
    }
    PresetFile p;
    p.bytes = file.readAll();
    try {
      (void)readSession(p.bytes);
    } catch (const SessionError& e) {
      qWarning("posenc: built-in preset %s: %s", qPrintable(name), e.what());
      continue;
    }
    const QJsonObject o = QJsonDocument::fromJson(p.bytes).object();
    p.info.id = o.value(QStringLiteral("id")).toString();
    p.info.name = o.value(QStringLiteral("name")).toString();
    p.info.description = o.value(QStringLiteral("description")).toString();
    p.order = wholeNumber(o.value(QStringLiteral("order"))).value_or(std::numeric_limits<qint64>::max());
    if (p.info.id + QStringLiteral(".json") != name || p.info.name.isEmpty()) {
      qWarning("posenc: built-in preset %s: \"id\" must match the file name and \"name\" be set",
               qPrintable(name));
      continue;
    }
    out.push_back(std::move(p));
  }
  std::stable_sort(out.begin(), out.end(), [](const PresetFile& a, const PresetFile& b) {
    return a.order != b.order ? a.order < b.order : a.info.id < b.info.id;
  });
  return out;
}

}  // namespace

QByteArray writeSession(const Session& session) {
  QByteArray bytes = QJsonDocument(sessionToJson(session)).toJson(QJsonDocument::Indented);
  // Never write what cannot be opened again (unknown scheme, invalid value, odd zoom).
  try {
    (void)readSession(bytes);
  } catch (const SessionError& e) {
    fail(QStringLiteral("not a valid session: ") + QString::fromUtf8(e.what()));
  }
  return bytes;
}

Session readSession(const QByteArray& json) {
  QJsonObject root = parseRoot(json);
  checkFormat(root);
  const int version = readVersion(root);
  root = upgradeToCurrent(std::move(root), version);
  return readCurrent(root);
}

Session loadSessionFile(const QString& path) {
  const QString shown = nativePath(path);
  if (QFileInfo(path).isDir()) fail(shown + QStringLiteral(": is a folder, not a session file"));
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    fail(shown + QStringLiteral(": cannot open: ") + file.errorString());
  const auto tooLarge = [&](qint64 size) {
    fail(shown + QStringLiteral(": too large for a session (%1; the limit is %2)")
                     .arg(humanSize(size), humanSize(kMaxSessionFileBytes)));
  };
  if (file.size() > kMaxSessionFileBytes) tooLarge(file.size());
  // Read at most one byte past the limit: a pipe or special file reports no size.
  const QByteArray bytes = file.read(kMaxSessionFileBytes + 1);
  if (file.error() != QFileDevice::NoError)
    fail(shown + QStringLiteral(": cannot read: ") + file.errorString());
  if (bytes.size() > kMaxSessionFileBytes) tooLarge(bytes.size());
  try {
    return readSession(bytes);
  } catch (const SessionError& e) {
    fail(shown + QStringLiteral(": ") + QString::fromUtf8(e.what()));
  }
}

void saveSessionFile(const QString& path, const Session& session) {
  const QString prefix = QStringLiteral("cannot write ") + nativePath(path) + QStringLiteral(": ");
  QByteArray bytes;
  try {
    bytes = writeSession(session);
  } catch (const SessionError& e) {
    fail(prefix + QString::fromUtf8(e.what()));
  }
  // Through the core's writeFileAtomically, like every exported file: a temporary beside the
  // file, synced and renamed into place, so a failure leaves the old session whole.
  try {
    writeFileAtomically(QFile::encodeName(path).toStdString(), [&](std::ostream& out) {
      out.write(bytes.constData(), static_cast<std::streamsize>(bytes.size()));
    });
  } catch (const IoError& e) {
    fail(QString::fromStdString(e.what()));  // "cannot write PATH: reason"
  }
}

QList<PresetInfo> presets() {
  QList<PresetInfo> out;
  for (const PresetFile& p : presetFiles()) out.push_back(p.info);
  return out;
}

Session presetSession(const QString& id) {
  QStringList ids;
  for (const PresetFile& p : presetFiles()) {
    if (p.info.id == id) return readSession(p.bytes);
    ids << p.info.id;
  }
  fail(QStringLiteral("unknown preset '%1' (built-in presets: %2)").arg(id, ids.join(QStringLiteral(", "))));
}

}  // namespace posenc::ui
