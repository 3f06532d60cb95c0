// SPDX-License-Identifier: GPL-3.0-or-later
// A scheme described as JSON: its parameters and views, as `posenc list --json` lists them and
// the Python module's posenc.describe returns them. One writer for both, so they cannot drift.
#pragma once

#include <ostream>
#include <string>

#include "posenc/base/scheme.hpp"

namespace posenc {

/// Writes one scheme as a JSON object:
/// {"id", "name", "description",
///  "params": [{"id", "type", "default", "min", "max" (int, real, list), "min_exclusive": true
///              (when so), "max_count" (list), "even" (int), "choices" (choice),
///              "description"}],
///  "views": [{"id", "kind": "matrix"|"series", "title", "x_label", "y_label", "value_label",
///             "signed", "random_stand_ins", "deterministic", "description"}]}.
/// A view is "deterministic" when its values depend on the parameters only, so anyone can
/// reproduce them from the formula (sinusoidal encodings, RoPE angles, ALiBi slopes, T5
/// buckets, ...); it is exactly the opposite of "random_stand_ins" (values drawn from random
/// stand-in weights, which only our own export of the same seed reproduces).
/// The first line has no indentation; later lines are indented by one space, so that
/// `list --json` nests it in its "schemes" array.
void writeSchemeJson(std::ostream& out, const Scheme& scheme);

/// writeSchemeJson into a string.
[[nodiscard]] std::string schemeJson(const Scheme& scheme);

/// The note `posenc list` prints after a view with random stand-ins (ViewSpec::randomStandIns),
/// empty for a deterministic one: "(random stand-ins: only our export reproduces it)".
[[nodiscard]] std::string standInsNote(const ViewSpec& view);

}  // namespace posenc
