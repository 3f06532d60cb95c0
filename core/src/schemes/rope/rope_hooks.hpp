// SPDX-License-Identifier: GPL-3.0-or-later
// The hooks of the `rope` scheme (base/scheme_hooks.hpp) that its folder's sources fill in and
// rope_scheme.cpp hands to the registry: what the core's generic machinery asks of it.
#pragma once

#include "base/scheme_hooks.hpp"

namespace posenc::detail {

/// The oracle's slips of rope code (rope_slips.cpp).
[[nodiscard]] SchemeSlips ropeSlips();

/// How a model's config and checkpoint map to rope (rope_model.cpp).
[[nodiscard]] SchemeModel ropeModel();

}  // namespace posenc::detail
