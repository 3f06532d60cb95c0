// SPDX-License-Identifier: GPL-3.0-or-later
// The hooks of the `sinusoidal` scheme (base/scheme_hooks.hpp) that its folder's sources fill in
// and sinusoidal_scheme.cpp hands to the registry: what the core's generic machinery asks of it.
#pragma once

#include "base/scheme_hooks.hpp"

namespace posenc::detail {

/// The oracle's slips of sinusoidal code (sinusoidal_slips.cpp).
[[nodiscard]] SchemeSlips sinusoidalSlips();

}  // namespace posenc::detail
