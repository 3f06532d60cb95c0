// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/maths/t5_bucket.hpp"

#include <algorithm>
#include <cmath>

namespace posenc {

std::int64_t t5Bucket(std::int64_t r, bool bidirectional, std::int64_t buckets,
                      std::int64_t maxDistance) {
  std::int64_t bucket = 0;
  std::int64_t nb = buckets;
  std::int64_t n = 0;
  if (bidirectional) {
    nb = buckets / 2;
    if (r > 0) bucket += nb;
    n = r < 0 ? -r : r;
  } else {
    n = std::max<std::int64_t>(-r, 0);
  }
  const std::int64_t maxExact = nb / 2;
  if (n < maxExact) return bucket + n;
  // HF: torch.log(rel.float() / max_exact) / math.log(max_distance / max_exact)
  //     * (num_buckets - max_exact), all in float32 (the Python scalars are rounded to
  //     float32 when they meet a float32 tensor), then .to(torch.long) truncates.
  const float ratio = static_cast<float>(n) / static_cast<float>(maxExact);
  const auto logScale = static_cast<float>(
      std::log(static_cast<double>(maxDistance) / static_cast<double>(maxExact)));
  const float scaled = std::log(ratio) / logScale * static_cast<float>(nb - maxExact);
  const auto large = maxExact + static_cast<std::int64_t>(scaled);
  return bucket + std::min(large, nb - 1);
}

}  // namespace posenc
