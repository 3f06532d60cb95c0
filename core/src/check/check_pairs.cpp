// SPDX-License-Identifier: GPL-3.0-or-later
// Two slips at once (check_diagnosis.hpp addPairSlip): a half-layout cache built with base
// 500000 checked against layout=interleaved, an interleaved cache whose positions start at 1,
// a scaled cache with another base and no attention factor. No single slip explains such
// numbers, and the base fitted under the wrong layout is meaningless, so each first slip
// recomputes ours under it (its setting, or its shift of the region) and the whole single-slip
// diagnosis runs again over that: the base is fitted, the rounding and the shifts tried, under
// the first slip. Each first slip is tried on the first kBlockRows rows before all of them,
// the no-op ones skipped, and none is started after kPairBudgetMs.
#include <algorithm>
#include <chrono>
#include <exception>
#include <optional>

#include "check/check_diagnosis.hpp"

namespace posenc::detail {

namespace {

constexpr Index kBlockRows = 64;  // rows each first slip is tried on before the whole region

const MessageTemplate kPairHeadline{"%1; then: %2",
                                    "two slips at once: %1 the first one's headline, %2 the "
                                    "second one's"};
const MessageTemplate kWithSetting{"With %1 set", "%1: KEY=VALUE, the first slip's setting"};
const MessageTemplate kWithPositionsFromZero{"With your positions counted from 0"};
const MessageTemplate kPairDetail{
    "%1 %2, one more: %3",
    "two slips at once: %1 the first one's sentence; %2 \"With KEY=VALUE set\" or \"With your "
    "positions counted from 0\"; %3 the second one's sentence"};
const MessageTemplate kPairDetailWithSettings{
    "%1 %2, one more: %3 Ours equals yours with %4.",
    "two slips at once: %1 the first one's sentence; %2 \"With KEY=VALUE set\" or \"With your "
    "positions counted from 0\"; %3 the second one's sentence; %4 both settings, "
    "space-separated"};

/// A first slip of a pair: ours recomputed under it.
struct Move {
  std::string id{};
  Message headline{};
  Message detail{};
  std::string setting{};  ///< KEY=VALUE, empty for a shift
  Message with{};         ///< joins the two sentences: "With layout=interleaved set"
  ParamSet params{};
  Index dr = 0;  ///< yours' row i is ours' row i + dr
  Index dc = 0;  ///< likewise columns
  int priority = 0;
};

/// The usual slips first: another layout (the commonest), the attention factor, positions
/// from 1, other choices and flags, then the fitted base (meaningless when something else is
/// off, so last).
int priorityOf(const std::string& id) {
  if (id == "layout") return 0;
  if (id == "attention_factor") return 1;
  if (id == "rows_shifted" || id == "cols_shifted") return 2;
  if (id == "base") return 4;
  return 3;
}

std::string keyOf(const std::string& setting) { return setting.substr(0, setting.find('=')); }

/// `params` with the one assignment `setting` (KEY=VALUE); false when it is not one or refused.
bool applySetting(const Scheme& scheme, const ParamSet& params, const std::string& setting,
                  ParamSet& out) {
  const std::size_t eq = setting.find('=');
  if (eq == std::string::npos || eq == 0 ||
      setting.find_first_of(" =", eq + 1) != std::string::npos)
    return false;
  ParamSet p;
  if (!withParam(scheme, params, setting.substr(0, eq), setting.substr(eq + 1), p)) return false;
  out = std::move(p);
  return true;
}

std::vector<Move> makeMoves(const DiagnosisContext& ctx, const std::vector<Slip>& tried) {
  std::vector<Move> moves;
  const auto addSetting = [&](const std::string& id, const Message& headline, const Message& detail,
                              const std::string& setting) {
    if (setting.empty()) return;
    for (const Move& m : moves)
      if (m.setting == setting) return;
    ParamSet p;
    if (!applySetting(ctx.scheme, ctx.params, setting, p)) return;
    moves.push_back({id, headline, detail, setting, Message(kWithSetting, {setting}), std::move(p),
                     0, 0, priorityOf(id)});
  };
  for (const Slip& s : tried) addSetting(s.id, s.headline, s.detail, s.setting);
  try {
    for (const SlipCandidate& c : factorSettings(ctx))
      addSetting(c.id, c.headline, c.detail, c.setting);
  } catch (const std::exception&) {
    // no named factor for these parameters
  }
  if (ctx.view.kind == ViewKind::Matrix) {
    // One position more at the end, as the single shifted slip asks for.
    ParamSet longer = ctx.params;
    if (ctx.params.has("length")) {
      ParamSet p;
      if (withParam(ctx.scheme, ctx.params, "length",
                    std::to_string(ctx.params.getInt("length") + 1), p))
        longer = std::move(p);
    }
    const Message with(kWithPositionsFromZero);
    moves.push_back({"rows_shifted", Message(kRowsShiftedHeadline), Message(kRowsFromOneDetail), "",
                     with, longer, 1, 0, priorityOf("rows_shifted")});
    if (!ctx.view.dimensionColumns)
      moves.push_back({"cols_shifted", Message(kColsShiftedHeadline), Message(kColsFromOneDetail),
                       "", with, longer, 0, 1, priorityOf("cols_shifted")});
  }
  std::stable_sort(moves.begin(), moves.end(),
                   [](const Move& a, const Move& b) { return a.priority < b.priority; });
  return moves;
}

/// The first `rows` rows of the compared region of yours, as an array checkArray reads.
Against regionRows(const CheckReport& r, const Against& yours, Index rows) {
  Against a;
  a.file = yours.file;
  a.textDigits = yours.textDigits;
  a.array.type = yours.array.type;
  a.array.shape = {rows, r.yours.cols()};
  a.array.values.reserve(static_cast<std::size_t>(rows * r.yours.cols()));
  for (Index i = 0; i < rows; ++i)
    for (Index j = 0; j < r.yours.cols(); ++j) a.array.values.push_back(r.yours(i, j));
  return a;
}

/// `part` (the region's first rows) against ours under `m`, nothing diagnosed; nullopt when
/// the parameters or the shifted region are refused, or the shapes differ.
std::optional<CheckReport> underMove(const Scheme& scheme, const ViewSpec& view, const Move& m,
                                     const Against& part, const CheckOptions& options,
                                     const CheckReport& r) {
  CheckOptions o = options;
  o.diagnose = false;
  const Index rows = part.array.shape[0];
  o.region = {r.rowStart + m.dr, r.rowStart + m.dr + rows, r.colStart + m.dc,
              r.colStart + m.dc + r.ours.cols()};
  if (o.region.r0 < 0 || o.region.c0 < 0) return std::nullopt;
  try {
    CheckReport rep = checkArray(scheme, m.params, view.id, part, o);
    if (!rep.shapeMatches || rep.compared * 2 < r.compared * rows / r.ours.rows())
      return std::nullopt;
    return rep;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

/// Whether `s` is the first slip `m` again (undoing it, or another value of its parameter):
/// no pair.
bool sameKind(const Move& m, const Slip& s) {
  if (s.id == m.id) return true;
  if (m.dr != 0 || m.dc != 0) return s.id == "rows_shifted" || s.id == "cols_shifted";
  if (!s.setting.empty() && keyOf(s.setting) == keyOf(m.setting)) return true;
  return m.id == "attention_factor" && s.id == "scale";
}

/// After `m`, the slip that explains `rep` (best first, another kind than `m`); a Slip with
/// an empty id when `m` alone does; nullopt when nothing does.
std::optional<Slip> secondSlip(const Scheme& scheme, const ViewSpec& view, const Move& m,
                               const CheckReport& rep) {
  if (rep.mismatches == 0) return Slip{};
  for (const Slip& s : diagnoseSlips(scheme, m.params, view, rep)) {
    if (!s.explains) break;
    if (!sameKind(m, s)) return s;
  }
  return std::nullopt;
}

Slip pairSlip(const Move& m, const Slip& second, const CheckReport& rep) {
  if (second.id.empty())  // the first slip alone, found here rather than among the singles
    return {m.id, m.detail.english(), m.setting, 1.0, rep.largestAbs.absError,
            true, m.headline,         m.detail};
  Slip both;
  both.id = m.id + "+" + second.id;
  both.setting = m.setting;
  if (!second.setting.empty()) both.setting += (both.setting.empty() ? "" : " ") + second.setting;
  both.headline = Message(kPairHeadline, {m.headline, second.headline});
  both.detail =
      both.setting.find(' ') != std::string::npos
          ? Message(kPairDetailWithSettings, {m.detail, m.with, second.detail, both.setting})
          : Message(kPairDetail, {m.detail, m.with, second.detail});
  both.text = both.detail.english();
  both.matchedShare = 1.0;
  both.maxAbsError = second.maxAbsError;
  both.explains = true;
  return both;
}

}  // namespace

void addPairSlip(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                 const Against& yours, const CheckOptions& options, const std::vector<Slip>& tried,
                 CheckReport& r) {
  if (r.ours.size() == 0 || r.mismatches == 0 || r.randomStandIns) return;
  if (!r.diagnosis.empty() && r.diagnosis.front().explains) return;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kPairBudgetMs);
  const DiagnosisContext ctx{scheme, params, view, r};
  const std::vector<Move> moves = makeMoves(ctx, tried);
  const Index n = r.ours.rows();
  const Index nb = n > 2 * kBlockRows ? kBlockRows : n;
  const Against block = regionRows(r, yours, nb);
  std::optional<Against> all;
  for (const Move& m : moves) {
    if (std::chrono::steady_clock::now() > deadline) break;
    std::optional<CheckReport> rep = underMove(scheme, view, m, block, options, r);
    if (!rep) continue;
    // A first slip that changes nothing here (scaling=dynamic within the trained length, a
    // factor of 1) is ours again: the singles have been tried on it.
    if (m.dr == 0 && m.dc == 0 && rep->ours.cwiseEqual(r.ours.topRows(nb)).all()) continue;
    std::optional<Slip> second = secondSlip(scheme, view, m, *rep);
    if (!second) continue;
    if (nb < n) {
      if (!all) all = regionRows(r, yours, n);
      rep = underMove(scheme, view, m, *all, options, r);
      if (!rep) continue;
      second = secondSlip(scheme, view, m, *rep);
      if (!second) continue;
    }
    r.diagnosis = {pairSlip(m, *second, *rep)};  // the partial singles are part of it
    return;
  }
}

}  // namespace posenc::detail
