// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's slips of xPos code (its SchemeSlips hooks, base/scheme_hooks.hpp): the scale
// applied in the other direction. microsoft/torchscale's XPOS (torchscale/component/xpos_
// relative_position.py) upscales q by ζ^(m/B) and downscales k (downscale=True: 1/ζ^(n/B)),
// so q′·k′ decays as ζ^((m − n)/B); downscaling q instead gives ζ^(−(m − n)/B) = 1/ours on
// the decay view: a factor that grows with the distance.
#include <string>
#include <vector>

#include "check/check_diagnosis.hpp"
#include "schemes/xpos/xpos_hooks.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kDirectionHeadline{
    "Your xPos scale goes the other way (q downscaled, k upscaled)"};
const MessageTemplate kDirectionDetail{
    "Your decay is exp(−(m − n) ln ζⱼ / scale_base) = 1/ours, growing with the distance: you "
    "downscaled q (1/ζⱼ^(m/B)) and upscaled k where torchscale's XPOS upscales q by ζⱼ^(m/B) and "
    "downscales k (downscale=True, 1/ζⱼ^(n/B)); swap the two."};

void addXposSlips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  if (ctx.view.id != "decay") return;
  const Matrix* ours = &ctx.report.ours;
  out.push_back({"xpos_direction", Message(kDirectionHeadline), Message(kDirectionDetail), "",
                 [ours](std::span<const Index> rows, std::span<const Index> cols) {
                   Matrix v(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
                   for (std::size_t a = 0; a < rows.size(); ++a)
                     for (std::size_t b = 0; b < cols.size(); ++b)
                       v(static_cast<Index>(a), static_cast<Index>(b)) =
                           1.0 / (*ours)(rows[a], cols[b]);
                   return v;
                 }});
}

}  // namespace

SchemeSlips xposSlips() { return {.add = addXposSlips}; }

}  // namespace posenc::detail
