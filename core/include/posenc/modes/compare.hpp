// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare mode's panels as data: what it starts with, what it adds, and the panel it puts
// beside a scheme (SchemeInfo::companions, or the default companion).
#pragma once

#include <optional>
#include <vector>

#include "posenc/base/mode_specs.hpp"
#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"

namespace posenc {

/// The panels Compare uses where no scheme's own data decides.
struct CompareDefaults {
  /// The panel beside a scheme that has no companion rules.
  PanelSpec companion{};
  /// The panels Compare shows before it is given any.
  std::vector<PanelSpec> initial{};
  /// Panels added when the panel count grows: panel k (0-based) appended to a list of k
  /// panels is extra[k % extra.size()] (3 panels: extra[0], 4 panels: extra[1]).
  std::vector<PanelSpec> extra{};
  /// Pads a list of fewer than two panels.
  PanelSpec filler{};
};

/// The defaults above for the built-in schemes (every scheme, view and override they name
/// exists; tests/core/modes/compare_test.cpp checks it).
[[nodiscard]] const CompareDefaults& compareDefaults();

/// The parameters of the panel Compare shows beside `scheme` at `params`: a copy of `params`
/// changed by the first of scheme.info().companions whose parameter has the rule's value (or
/// any value). Not validated: the panel shows any error as it would for a typed override.
/// @return nullopt when no rule matches (or the scheme has none): the caller then shows
///         compareDefaults().companion.
/// @throws ParamError when a rule sets an unknown parameter or a value its spec refuses.
[[nodiscard]] std::optional<ParamSet> companionParams(const Scheme& scheme, const ParamSet& params);

}  // namespace posenc
