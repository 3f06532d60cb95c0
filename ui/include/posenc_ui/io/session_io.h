// SPDX-License-Identifier: GPL-3.0-or-later
// Sessions and presets: versioned JSON files holding a scheme, its parameters and the view state.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

#include "posenc/base/params.hpp"
#include "posenc_ui/io/json_reader.h"
#include "posenc_ui/plot/zoom.h"

namespace posenc::ui {

/// Everything a user would expect to find again when reopening their work.
struct Session {
  QString scheme;            ///< Scheme id, e.g. "rope".
  posenc::ParamSet params;   ///< Every parameter of the scheme (defaults filled in).
  QString view;              ///< Current view id; empty = not given (a preset without one).
  QString layout = "tabs";   ///< "tabs", "grid1", "grid2" or "grid4".
  QStringList gridViews;     ///< View ids shown in the grid cells, in order.
  QString colormap;          ///< Colour map id; empty = each view's default.
  std::optional<Zoom> zoom;  ///< Zoom of the current view; none = whole view.
  /// The model the parameters come from (File > Open Model: a path or a repo id of the
  /// Hugging Face cache), so its name comes back with them; empty = none.
  QString model;
  /// The layer of `model` drawn (ModelSetup::layer); none: the model's default layer.
  std::optional<qint64> modelLayer;
  friend bool operator==(const Session&, const Session&) = default;
};

/// The io layer's ReadError, under the name the session readers' callers catch it by (the
/// same type: a catch of either catches both).
using SessionError = ReadError;

/// Current session format version. Readers accept every version <= this one.
inline constexpr int kSessionVersion = 1;

/// Largest session or preset readSession and loadSessionFile read (16 MiB); a real session is
/// a few hundred bytes.
inline constexpr qint64 kMaxSessionFileBytes = qint64{16} * 1024 * 1024;

/// Session as JSON: {"format":"posenc-session","version":1,"scheme":...,"params":{...},
/// "view":{"id","layout","grid":[...],"colormap","zoom":{"x":[x0,x1],"y":[y0,y1]}},
/// "model":"PATH or repo id","model_layer":N} ("model" only when a model's parameters are shown,
/// "model_layer" only with it, when a layer is drawn).
/// Ints are JSON integers, reals shortest round-trip text, bools, choices as their ids, lists
/// as arrays of numbers; "id"
/// is left out when `view` is empty and "zoom" when there is none.
/// @throws ReadError ("not a valid session: REASON") when readSession would refuse the result
///         (unknown scheme, invalid parameter, non-finite zoom, ...), so a file that cannot be
///         opened is never written.
[[nodiscard]] QByteArray writeSession(const Session& session);

/// Parses a session (or a preset: "format":"posenc-preset", params may be partial and the
/// view part absent; missing parameters take their defaults). Every parameter is validated
/// against the scheme exactly as the command line does.
/// The document goes through readJsonDocument (BOM, syntax with line and column, "format",
/// "version"; at most kMaxSessionFileBytes), older versions are upgraded, then every part is
/// read. @throws ReadError naming the part ("params.dim: ...", "view.grid[1]: ...") and what
/// is wrong (not JSON, wrong format, a version newer than this program, unknown scheme, bad
/// parameter with the core's message, ...); no file.
[[nodiscard]] Session readSession(const QByteArray& json);

/// Reads a session file (at most kMaxSessionFileBytes). @throws ReadError ("PATH: reason").
[[nodiscard]] Session loadSessionFile(const QString& path);

/// Writes a session file atomically (a temporary beside it, synced and renamed into place:
/// posenc::writeFileAtomically). @throws posenc::IoError ("cannot write PATH: reason"; the
/// reason is writeSession's when the session itself is refused). The old file stays whole.
void saveSessionFile(const QString& path, const Session& session);

/// One built-in preset (resources/presets/*.json, compiled into the binary).
struct PresetInfo {
  QString id;           ///< e.g. "llama2-rope".
  QString name;         ///< e.g. "LLaMA-2 RoPE (theta 10000, d_head 128)".
  QString description;  ///< One line: the model and where the numbers come from.
};

/// Every built-in preset, in menu order (the files' "order" numbers, then ids). A preset file
/// that does not load is left out with a warning (the tests load every one).
[[nodiscard]] QList<PresetInfo> presets();

/// The session a preset describes. @throws ReadError for an unknown id.
[[nodiscard]] Session presetSession(const QString& id);

}  // namespace posenc::ui
