// SPDX-License-Identifier: GPL-3.0-or-later
// The hooks of the `learned` scheme (base/scheme_hooks.hpp) that its folder's sources fill in and
// learned_scheme.cpp hands to the registry: what the core's generic machinery asks of it.
#pragma once

#include "base/scheme_hooks.hpp"

namespace posenc::detail {

/// How a model's config and checkpoint map to learned (learned_model.cpp).
[[nodiscard]] SchemeModel learnedModel();

}  // namespace posenc::detail
