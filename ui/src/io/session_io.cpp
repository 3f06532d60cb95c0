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
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QtGlobal>

#include "posenc/base/scheme.hpp"
#include "posenc/io/data_io.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/view_layouts.h"
#include "posenc_ui/io/json_reader.h"
#include "posenc_ui/plot/colormaps.h"

// The presets live in resources/posenc.qrc, compiled into the static posenc_ui library.
// Nothing else in a static library references the object file rcc generates, so the linker
// would drop it and ":/presets" would be empty; calling its initialiser from here pulls it
// in. Q_INIT_RESOURCE declares an extern function and must be used at global scope.
static void initPosencResources() { Q_INIT_RESOURCE(posenc); }

namespace posenc::ui {

namespace {

const posenc::MessageTemplate kAllowedNotType{
    "%1, not %2", "%1: what the parameter allows; %2: a JSON type such as 'a string'"};

constexpr const char* kSessionFormat = "posenc-session";
constexpr const char* kPresetFormat = "posenc-preset";
constexpr const char* kPresetDir = ":/presets";
constexpr qsizetype kMaxGridViews = 4;

void ensureSessionResources() {
  static std::once_flag once;
  std::call_once(once, [] { initPosencResources(); });
}

/// "a, b, c or d".
QString listText(const QStringList& items) {
  if (items.size() <= 1) return items.join(QString());
  return items.mid(0, items.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" or ") +
         items.last();
}

QStringList schemeIds() {
  QStringList ids;
  for (const auto& s : allSchemes()) ids << qs(s->info().id);
  return ids;
}

QStringList viewIds(const Scheme& scheme) {
  QStringList ids;
  for (const ViewSpec& v : scheme.info().views) ids << qs(v.id);
  return ids;
}

// ---- parameter values --------------------------------------------------------------------

QJsonValue valueToJson(const Value& value) {
  if (const auto* i = std::get_if<std::int64_t>(&value)) return QJsonValue(static_cast<qint64>(*i));
  if (const auto* d = std::get_if<double>(&value)) return QJsonValue(*d);
  if (const auto* b = std::get_if<bool>(&value)) return QJsonValue(*b);
  if (const auto* list = std::get_if<NumberList>(&value)) {
    QJsonArray array;
    for (const double x : *list) array.append(x);
    return array;
  }
  return QJsonValue(qs(std::get<std::string>(value)));
}

/// The text of a JSON value in a ParamError, which quotes it itself ('dim' = 'abc'): a string
/// without its JSON quotes, anything else as JSON.
std::string valueText(const QJsonValue& json) {
  return (json.isString() ? json.toString() : jsonText(json)).toStdString();
}

/// The JSON value of parameter `spec` as a typed value, checked by the core.
/// @throws ParamError (the core's, or one in its words for a value of the wrong JSON type).
Value valueFromJson(const ParamSpec& spec, const QJsonValue& json) {
  const auto wrongType = [&]() -> Value {
    throw ParamError(spec.id, valueText(json),
                     Message(kAllowedNotType,
                             {allowedMessage(spec), jsonTypeName(json).toStdString()}));
  };
  switch (spec.type) {
    case ParamType::Int: {
      if (!json.isDouble()) return wrongType();
      const auto whole = jsonWholeNumber(json);
      // A fraction or a number beyond int64: the core's range message, with the text given.
      if (!whole) throw ParamError(spec.id, valueText(json), allowedMessage(spec));
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
    case ParamType::Text:
      if (!json.isString()) return wrongType();
      return parseValue(spec, json.toString().toStdString());
    case ParamType::List: {
      if (!json.isArray()) return wrongType();
      NumberList list;
      const QJsonArray array = json.toArray();
      for (const auto& x : array) {
        if (!x.isDouble()) return wrongType();
        list.push_back(x.toDouble() == 0.0 ? 0.0 : x.toDouble());
      }
      Value v = std::move(list);
      checkValue(spec, v);
      return v;
    }
  }
  return wrongType();
}

// ---- document structure --------------------------------------------------------------------

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

const Scheme& readSessionScheme(const QJsonObject& root) {
  const QJsonValue value = root.value(QStringLiteral("scheme"));
  const QString known = QStringLiteral(" (known: %1)").arg(schemeIds().join(QStringLiteral(", ")));
  if (value.isUndefined()) refuse(QStringLiteral("scheme"), QStringLiteral("missing") + known);
  if (!value.isString())
    refuse(QStringLiteral("scheme"),
           jsonText(value) + QStringLiteral(" is not a scheme id") + known);
  const std::string id = value.toString().toStdString();
  for (const auto& s : allSchemes())
    if (s->info().id == id) return *s;
  refuse(QStringLiteral("scheme"),
         QStringLiteral("unknown scheme %1").arg(jsonText(value)) + known);
}

ParamSet readParams(const Scheme& scheme, const QJsonObject& root) {
  ParamSet params(scheme.info().params);
  const QJsonValue value = root.value(QStringLiteral("params"));
  if (value.isUndefined()) return params;
  if (!value.isObject())
    refuse(QStringLiteral("params"),
           QStringLiteral("must be an object of parameter values, not ") + jsonTypeName(value));
  // Every value is read, and every refused one is named: a person fixing the file by hand
  // sees all there is to fix at once.
  const QJsonObject object = value.toObject();
  QStringList parts, reasons;
  for (auto it = object.begin(); it != object.end(); ++it) {
    try {
      const ParamSpec& spec = findParam(scheme, it.key().toStdString());
      params.set(spec.id, valueFromJson(spec, it.value()));
    } catch (const ParamError& e) {
      parts << QStringLiteral("params.") + it.key();
      reasons << qs(ParamError(e.param(), valueText(it.value()), e.allowedMessage()).what());
    }
  }
  if (parts.size() == 1) refuse(parts.front(), reasons.front());
  if (parts.size() > 1) {
    QStringList each;
    for (qsizetype k = 0; k < parts.size(); ++k)
      each << parts[k] + QStringLiteral(": ") + reasons[k];
    refuse(QStringLiteral("params"), QStringLiteral("%1 values refused: %2")
                                         .arg(parts.size())
                                         .arg(each.join(QStringLiteral("; "))));
  }
  try {
    validateParams(scheme, params);
  } catch (const ParamError& e) {
    refuse(QStringLiteral("params.") + qs(e.param()), qs(e.what()));
  }
  return params;
}

QString readViewId(const Scheme& scheme, const QJsonValue& value, const QString& part) {
  const QString views = QStringLiteral(" (views of %1: %2)")
                            .arg(qs(scheme.info().id), viewIds(scheme).join(QStringLiteral(", ")));
  if (!value.isString())
    refuse(part, jsonText(value) + QStringLiteral(" is not a view id") + views);
  QString id = value.toString();
  if (!viewIds(scheme).contains(id))
    refuse(part,
           QStringLiteral("%1 is not a view of %2").arg(jsonText(value), qs(scheme.info().id)) +
               views);
  return id;
}

/// [a, b] with finite a < b.
std::pair<double, double> readInterval(const QJsonValue& value, const QString& part) {
  const QJsonArray a = value.toArray();
  if (!value.isArray() || a.size() != 2 || !a[0].isDouble() || !a[1].isDouble())
    refuse(part, QStringLiteral("must be two numbers [low, high], not ") +
                     (value.isUndefined() ? QStringLiteral("missing") : jsonText(value)));
  const double lo = a[0].toDouble(), hi = a[1].toDouble();
  if (!std::isfinite(lo) || !std::isfinite(hi))
    refuse(part, QStringLiteral("%1 is not finite").arg(jsonText(value)));
  if (!(lo < hi))
    refuse(part, QStringLiteral("%1 is inverted or empty (low must be less than high)")
                     .arg(jsonText(value)));
  return {lo, hi};
}

void readView(const Scheme& scheme, const QJsonObject& root, Session& session) {
  const QJsonValue value = root.value(QStringLiteral("view"));
  if (value.isUndefined()) return;
  if (!value.isObject())
    refuse(QStringLiteral("view"), QStringLiteral("must be an object, not ") + jsonTypeName(value));
  const QJsonObject view = value.toObject();

  if (view.contains(QStringLiteral("id")))
    session.view = readViewId(scheme, view.value(QStringLiteral("id")), QStringLiteral("view.id"));

  if (view.contains(QStringLiteral("layout"))) {
    const QJsonValue layout = view.value(QStringLiteral("layout"));
    if (!layout.isString() || !viewLayoutIds().contains(layout.toString()))
      refuse(QStringLiteral("view.layout"), QStringLiteral("%1 is not a layout (%2)")
                                                .arg(jsonText(layout), listText(viewLayoutIds())));
    session.layout = layout.toString();
  }

  if (view.contains(QStringLiteral("grid"))) {
    const QJsonValue grid = view.value(QStringLiteral("grid"));
    if (!grid.isArray() || grid.toArray().size() > kMaxGridViews)
      refuse(QStringLiteral("view.grid"),
             QStringLiteral("must be an array of at most %1 view ids, not %2")
                 .arg(kMaxGridViews)
                 .arg(jsonText(grid)));
    const QJsonArray cells = grid.toArray();
    for (qsizetype k = 0; k < cells.size(); ++k)
      session.gridViews << readViewId(scheme, cells[k], QStringLiteral("view.grid[%1]").arg(k));
  }

  if (view.contains(QStringLiteral("colormap"))) {
    const QJsonValue colormap = view.value(QStringLiteral("colormap"));
    if (!colormap.isString() ||
        (!colormap.toString().isEmpty() && !isColormap(colormap.toString())))
      refuse(QStringLiteral("view.colormap"),
             QStringLiteral("%1 is not a colour map (%2; \"\" = each view's default)")
                 .arg(jsonText(colormap), listText(colormapIds())));
    session.colormap = colormap.toString();
  }

  if (view.contains(QStringLiteral("zoom"))) {
    const QJsonValue zoom = view.value(QStringLiteral("zoom"));
    if (zoom.isNull()) return;  // written by hand as "no zoom"
    if (!zoom.isObject())
      refuse(QStringLiteral("view.zoom"),
             QStringLiteral("must be {\"x\": [x0, x1], \"y\": [y0, y1]}, not ") +
                 jsonTypeName(zoom));
    const QJsonObject z = zoom.toObject();
    const auto [x0, x1] = readInterval(z.value(QStringLiteral("x")), QStringLiteral("view.zoom.x"));
    const auto [y0, y1] = readInterval(z.value(QStringLiteral("y")), QStringLiteral("view.zoom.y"));
    session.zoom = Zoom{x0, x1, y0, y1};
  }
}

/// "model": the path or repo id of the model the parameters come from (optional). Only read
/// here: whether it can still be opened is the window's question (ModelActions::adopt).
QString readModel(const QJsonObject& root) {
  const QJsonValue value = root.value(QStringLiteral("model"));
  if (value.isUndefined() || value.isNull()) return {};
  if (!value.isString())
    refuse(QStringLiteral("model"),
           QStringLiteral("must be a model folder, file or repo id (a string), not ") +
               jsonTypeName(value));
  return value.toString();
}

/// "model_layer": the layer of "model" drawn, a whole number 0 .. 65535 (a model has at most
/// 65536 layers: config_layers.cpp), only with "model" (optional).
std::optional<qint64> readModelLayer(const QJsonObject& root, const QString& model) {
  const QJsonValue value = root.value(QStringLiteral("model_layer"));
  if (value.isUndefined() || value.isNull()) return std::nullopt;
  if (model.isEmpty())
    refuse(QStringLiteral("model_layer"),
           QStringLiteral("is a layer of the session's model, and the session names no model"));
  const double v = value.toDouble(-1);
  if (!value.isDouble() || v < 0 || v > 65535 || v != static_cast<double>(static_cast<qint64>(v)))
    refuse(QStringLiteral("model_layer"),
           QStringLiteral("must be a whole number from 0 to 65535 (a layer index), not ") +
               (value.isDouble() ? QString::number(v, 'g', 17) : jsonTypeName(value)));
  return static_cast<qint64>(v);
}

/// Reads a document already upgraded to kSessionVersion.
Session readCurrent(const QJsonObject& root) {
  const Scheme& scheme = readSessionScheme(root);
  Session session;
  session.scheme = qs(scheme.info().id);
  session.params = readParams(scheme, root);
  readView(scheme, root, session);
  session.model = readModel(root);
  session.modelLayer = readModelLayer(root, session.model);
  return session;
}

QJsonObject sessionToJson(const Session& session) {
  QJsonObject params;
  for (const auto& [key, value] : session.params.items())
    params.insert(qs(key), valueToJson(value));

  QJsonObject view;
  if (!session.view.isEmpty()) view.insert(QStringLiteral("id"), session.view);
  view.insert(QStringLiteral("layout"), session.layout);
  view.insert(QStringLiteral("grid"), QJsonArray::fromStringList(session.gridViews));
  view.insert(QStringLiteral("colormap"), session.colormap);
  if (session.zoom) {
    const Zoom& z = *session.zoom;
    view.insert(QStringLiteral("zoom"), QJsonObject{{QStringLiteral("x"), QJsonArray{z.x0, z.x1}},
                                                    {QStringLiteral("y"), QJsonArray{z.y0, z.y1}}});
  }

  QJsonObject root;
  root.insert(QStringLiteral("format"), QLatin1String(kSessionFormat));
  root.insert(QStringLiteral("version"), kSessionVersion);
  root.insert(QStringLiteral("scheme"), session.scheme);
  root.insert(QStringLiteral("params"), params);
  root.insert(QStringLiteral("view"), view);
  if (!session.model.isEmpty()) root.insert(QStringLiteral("model"), session.model);
  if (!session.model.isEmpty() && session.modelLayer)
    root.insert(QStringLiteral("model_layer"), static_cast<double>(*session.modelLayer));
  return root;
}

/// What the one JSON reader checks of a session or preset before readCurrent sees it.
const JsonFormat& sessionFormat() {
  static const JsonFormat format{QStringLiteral("session"),
                                 {QLatin1String(kSessionFormat), QLatin1String(kPresetFormat)},
                                 kSessionVersion,
                                 QStringLiteral("version"),
                                 kMaxSessionFileBytes,
                                 {}};
  return format;
}

struct PresetFile {
  PresetInfo info;
  qint64 order = 0;
  QByteArray bytes;
};

/// Every preset file that reads as a valid session, sorted by "order", then id.
QList<PresetFile> presetFiles() {
  ensureSessionResources();
  QList<PresetFile> out;
  const QDir dir(QString::fromLatin1(kPresetDir));
  const QStringList names = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
  for (const QString& name : names) {
    PresetFile p;
    try {
      p.bytes = readJsonFileBytes(dir.filePath(name), sessionFormat());
      (void)readSession(p.bytes);
    } catch (const ReadError& e) {
      qWarning("posenc: built-in preset %s: %s", qPrintable(name), e.what());
      continue;
    }
    const QJsonObject o = QJsonDocument::fromJson(p.bytes).object();
    p.info.id = o.value(QStringLiteral("id")).toString();
    p.info.name = o.value(QStringLiteral("name")).toString();
    p.info.description = o.value(QStringLiteral("description")).toString();
    p.order = jsonWholeNumber(o.value(QStringLiteral("order")))
                  .value_or(std::numeric_limits<qint64>::max());
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
  } catch (const ReadError& e) {
    throw ReadError(QString(), QString(),
                    QStringLiteral("not a valid session: ") + QString::fromUtf8(e.what()));
  }
  return bytes;
}

Session readSession(const QByteArray& json) {
  JsonDocumentRead read = readJsonDocument(json, sessionFormat());
  return readCurrent(upgradeToCurrent(std::move(read.root), read.version));
}

Session loadSessionFile(const QString& path) {
  const QByteArray bytes = readJsonFileBytes(path, sessionFormat());
  try {
    return readSession(bytes);
  } catch (const ReadError& e) {
    throw e.inFile(shownPath(path));
  }
}

void saveSessionFile(const QString& path, const Session& session) {
  QByteArray bytes;
  try {
    bytes = writeSession(session);
  } catch (const ReadError& e) {
    throw IoError("cannot write " + shownPath(path).toStdString() + ": " + e.what());
  }
  // Through the core's writeFileAtomically, like every file the program writes: a temporary
  // beside the file, synced and renamed into place, so a failure leaves the old session whole.
  writeFileAtomically(QFile::encodeName(path).toStdString(), [&](std::ostream& out) {
    out.write(bytes.constData(), static_cast<std::streamsize>(bytes.size()));
  });
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
  throw ReadError(QString(), QString(),
                  QStringLiteral("unknown preset '%1' (built-in presets: %2)")
                      .arg(id, ids.join(QStringLiteral(", "))));
}

}  // namespace posenc::ui
