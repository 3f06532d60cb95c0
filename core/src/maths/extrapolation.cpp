// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/maths/extrapolation.hpp"

#include <algorithm>
#include <numbers>

namespace posenc {

std::vector<Index> chartPositions(Index count, Index maxPoints, const std::vector<Index>& marks) {
  std::vector<Index> out = sampleIndices(0, count, maxPoints);
  if (static_cast<Index>(out.size()) == count) return out;
  for (Index m : marks)
    if (m >= 0 && m < count) out.push_back(m);
  if (count > 0) {
    out.push_back(0);
    out.push_back(count - 1);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

double periodsCompleted(double w, Index length) {
  return static_cast<double>(std::max<Index>(length - 1, 0)) * w / (2.0 * std::numbers::pi);
}

SeriesResult periodsChart(const std::vector<PeriodsLine>& lines) {
  SeriesResult out;
  const Index pairs = lines.front().w.size();
  out.x.resize(static_cast<std::size_t>(pairs));
  for (Index k = 0; k < pairs; ++k) out.x[static_cast<std::size_t>(k)] = static_cast<double>(k);
  for (const PeriodsLine& line : lines) {
    Curve c{line.name, {}, CurveStyle::Line};
    c.y.resize(out.x.size());
    for (Index k = 0; k < pairs; ++k) {
      const double periods = periodsCompleted(line.w(k), line.length);
      c.y[static_cast<std::size_t>(k)] = periods > 0 ? periods : kMasked;  // log axis
    }
    out.curves.push_back(std::move(c));
  }
  out.curves.push_back(
      {"one full period", std::vector<double>(out.x.size(), 1.0), CurveStyle::Line});
  Curve never{"never a full period in training", {}, CurveStyle::Points};
  never.y.resize(out.x.size());
  const Curve& training = out.curves.front();
  for (std::size_t k = 0; k < out.x.size(); ++k)
    never.y[k] = training.y[k] < 1.0 ? training.y[k] : kMasked;
  out.curves.push_back(std::move(never));
  return out;
}

ViewSpec periodsView(std::string title, std::string description) {
  ViewSpec v;
  v.id = "extrapolation";
  v.kind = ViewKind::Series;
  v.title = std::move(title);
  v.xLabel = "pair index k";
  v.yLabel = "full periods over the positions (log)";
  v.logY = true;
  v.description = std::move(description);
  return v;
}

}  // namespace posenc
