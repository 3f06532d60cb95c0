// SPDX-License-Identifier: GPL-3.0-or-later
// Lessons: guided sequences of steps, each setting a scheme, its parameters and a view, with a
// short text in English and Simplified Chinese. The file format is documented in
// resources/lessons/README.md; built-in lessons are compiled in from resources/lessons/*.json.
#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <optional>

#include "posenc/base/types.hpp"
#include "posenc_ui/io/json_reader.h"
#include "posenc_ui/io/session_io.h"

namespace posenc::ui {

/// One text in several languages, keyed by language code ("en", "zh_CN", ...). Every text
/// of a lesson that loaded has a non-empty "en" and "zh_CN" entry. Step texts are HTML
/// fragments limited to <b> <i> <em> <strong> <sub> <sup> <code> <br> <p>, no attributes.
struct LocalizedText {
  QMap<QString, QString> texts;
  friend bool operator==(const LocalizedText&, const LocalizedText&) = default;
};

/// `html` (a lesson's or an explanation's rich text) with each script nested in a script
/// written as Unicode sub- or superscript characters inside its outer one:
/// "e<sup>i r θ<sub>k</sub></sup>" -> "e<sup>i r θₖ</sup>". Qt's rich text has one script
/// level only (a <sub> inside a <sup> is drawn as a subscript of the line, below the whole
/// exponent instead of under θ). A nested script holding a character that has no such form
/// (or markup) stays as it was.
[[nodiscard]] QString nestedScriptsAsCharacters(const QString& html);

/// A core description as a student reads it, in plain text: a `code word` between backticks
/// in quotes ("the `table` file" -> "the “table” file"), an exponent written with a caret as
/// superscript characters ("base^(-2i/d)" -> "base⁻²ⁱ⁄ᵈ", "std^2" -> "std²"; a character
/// with no superscript form stays as it is, the caret goes).
[[nodiscard]] QString studentText(const QString& text);

/// The text for `language` ("zh_CN", "zh-CN", "en_GB", ...): the exact code, else the bare
/// language ("en" for "en_GB"), else English; scripts nested in scripts are written as
/// Unicode script characters (nestedScriptsAsCharacters), which Qt's rich text can draw.
[[nodiscard]] QString lessonText(const LocalizedText& text, const QString& language);

/// A heatmap cell a step points at.
struct LessonCell {
  posenc::Index row = 0;  ///< Row of the step's view, 0 .. rows-1.
  posenc::Index col = 0;  ///< Column, 0 .. cols-1.
  friend bool operator==(const LessonCell&, const LessonCell&) = default;
};

/// One step: what to show and what to say about it.
struct LessonStep {
  LocalizedText title;
  LocalizedText text;  ///< A few sentences, simple HTML (see LocalizedText).
  /// What the window shows, ready for MainWindow::applySession: scheme, every parameter
  /// (the file's values over the defaults, validated by the core), view (= the step's
  /// "view"), layout ("tabs" unless the step says otherwise) and, for a grid, one view per
  /// cell with gridViews[0] == view. No colour map, no zoom.
  Session session;
  std::optional<LessonCell> highlight;  ///< A cell of `session.view` to point at (heatmaps only).
  friend bool operator==(const LessonStep&, const LessonStep&) = default;
};

/// A lesson: an ordered list of steps.
struct Lesson {
  QString id;  ///< Lowercase letters, digits and '-', e.g. "rope".
  LocalizedText title;
  LocalizedText summary;
  QList<LessonStep> steps;  ///< 1 .. kMaxLessonSteps steps.
  friend bool operator==(const Lesson&, const Lesson&) = default;
};

/// Current lesson format version. Readers accept every version <= this one.
inline constexpr int kLessonVersion = 1;
/// Largest lesson document accepted (1 MiB); a real lesson is a few kilobytes.
inline constexpr qint64 kMaxLessonBytes = qint64{1024} * 1024;
/// Most steps in one lesson.
inline constexpr int kMaxLessonSteps = 200;
/// Longest step text, in UTF-16 code units, per language.
inline constexpr int kMaxLessonTextLength = 4000;
/// Longest title or summary, per language.
inline constexpr int kMaxLessonTitleLength = 300;

/// Parses and checks a lesson document. Refuses, naming the step (1-based) and the field:
/// anything that is not JSON or not a lesson, a wrong format or version (a newer one: "written
/// by a newer PosEnc Explorer"), a missing or empty English or Chinese text, an unknown field,
/// scheme, view, layout or parameter, a value the core refuses, a highlight outside the view,
/// more than kMaxLessonSteps steps or more than kMaxLessonBytes bytes. The document goes
/// through readJsonDocument first (BOM, syntax with line and column, "format", "version").
/// Never computes a view, so any input is cheap to read.
/// @throws ReadError, and nothing else, e.g. "step 3: params.dim: parameter 'dim' ..." (no file;
///         running out of memory is "not enough memory to read this lesson").
[[nodiscard]] Lesson readLesson(const QByteArray& bytes);

/// The lesson as a version-1 document (indented JSON, UTF-8): parameters equal to their
/// defaults left out, "layout" only for a grid. For every lesson readLesson returns,
/// readLesson(writeLesson(lesson)) gives the same lesson back.
[[nodiscard]] QByteArray writeLesson(const Lesson& lesson);

/// Reads a lesson file (at most kMaxLessonBytes). @throws ReadError naming the file
/// ("PATH: step 2: params.heads: ...", "PATH: cannot open: ...").
[[nodiscard]] Lesson readLessonFile(const QString& path);

/// Every built-in lesson (resources/lessons/NN-id.json), in file-name order. A built-in file
/// that does not load, or whose "id" does not match its name, is left out with a warning (the
/// tests load every one).
[[nodiscard]] QList<Lesson> builtInLessons();

}  // namespace posenc::ui
