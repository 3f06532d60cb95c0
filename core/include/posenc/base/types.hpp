// SPDX-License-Identifier: GPL-3.0-or-later
// Basic numeric types shared by every positional-encoding scheme of PosEnc Explorer.
#pragma once

#include <cstdint>
#include <limits>

#include <Eigen/Core>

namespace posenc {

/// Signed index type, the same as Eigen's.
using Index = Eigen::Index;

/// Dense double matrix in row-major order (rows = first axis), so that `data()` is C order,
/// the layout NPY and JSON rows use.
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// Dense double column vector.
using Vector = Eigen::VectorXd;

/// The value a masked cell holds in the core (written as `null` in JSON).
inline constexpr double kMasked = std::numeric_limits<double>::quiet_NaN();

/// Largest sequence length any scheme accepts (2^20 positions).
inline constexpr std::int64_t kMaxLength = std::int64_t{1} << 20;

}  // namespace posenc
