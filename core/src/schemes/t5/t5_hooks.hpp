// SPDX-License-Identifier: GPL-3.0-or-later
// The hooks of the `t5` scheme (base/scheme_hooks.hpp) that its folder's sources fill in and
// t5_scheme.cpp hands to the registry: what the core's generic machinery asks of it.
#pragma once

#include "base/scheme_hooks.hpp"

namespace posenc::detail {

/// The oracle's slips of t5 code (t5_slips.cpp).
[[nodiscard]] SchemeSlips t5Slips();

/// How a model's config and checkpoint map to t5 (t5_model.cpp).
[[nodiscard]] SchemeModel t5Model();

}  // namespace posenc::detail
