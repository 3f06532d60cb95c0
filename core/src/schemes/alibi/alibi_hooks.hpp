// SPDX-License-Identifier: GPL-3.0-or-later
// The hooks of the `alibi` scheme (base/scheme_hooks.hpp) that its folder's sources fill in and
// alibi_scheme.cpp hands to the registry: what the core's generic machinery asks of it.
#pragma once

#include "base/scheme_hooks.hpp"

namespace posenc::detail {

/// The oracle's slips of alibi code (alibi_slips.cpp).
[[nodiscard]] SchemeSlips alibiSlips();

/// How a model's config and checkpoint map to alibi (alibi_model.cpp).
[[nodiscard]] SchemeModel alibiModel();

}  // namespace posenc::detail
