// SPDX-License-Identifier: GPL-3.0-or-later
// What the Compare and Animate modes know about a scheme, as data in its SchemeInfo: the
// panel Compare puts beside it, and what Animate draws for it. The user interface reads
// these and never branches on a scheme id.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace posenc {

/// One panel of Compare: a scheme, one of its views, and parameter overrides as KEY=VALUE
/// words separated by spaces (the command line's --set syntax, e.g. "scaling=linear factor=4").
/// Compare applies its common length on top.
struct PanelSpec {
  std::string scheme{};
  std::string view{};
  std::string overrides{};
  friend bool operator==(const PanelSpec&, const PanelSpec&) = default;
};

/// A rule for the panel Compare shows beside a scheme: the same scheme and view, with the
/// parameters changed by `sets`. The rules of a scheme are tried in order and the first whose
/// parameter `param` has the value `when` applies; an empty `when` matches any value (the
/// "otherwise" rule, last). Values are the text form of parseValue (choice ids, numbers).
struct CompanionRule {
  std::string param{};  ///< A parameter of the scheme.
  std::string when{};   ///< Its value (text form) for which the rule applies; empty = any.
  std::vector<std::pair<std::string, std::string>> sets{};  ///< KEY, VALUE applied in order.
  friend bool operator==(const CompanionRule&, const CompanionRule&) = default;
};

/// What Animate draws for a scheme.
enum class AnimationKind {
  None,          ///< No animation.
  ClockHands,    ///< One clock face per sin/cos pair: the hand at angle p w_i (sinusoidal).
  RotatingPair,  ///< One rotation pair of q at m and of k at n = m - gap (RoPE).
};

/// The animation of a scheme: its kind, the parameters that decide what is drawn, and the
/// controls it needs. Positions run over 0 .. `lengthParam` - 1.
struct AnimationSpec {
  AnimationKind kind = AnimationKind::None;
  std::string lengthParam{};           ///< Parameter giving the positions (e.g. "length").
  std::vector<std::string> drivers{};  ///< Parameters choosing the hands (e.g. "bands", "pair").
  bool usesGap = false;  ///< The key sits `gap` positions before the query (m - n slider).
  /// Offered with one click when the current scheme has no animation (the first scheme in
  /// display order with this set).
  bool offered = false;
};

}  // namespace posenc
