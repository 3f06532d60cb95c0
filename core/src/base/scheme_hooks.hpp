// SPDX-License-Identifier: GPL-3.0-or-later
// What the core's generic machinery asks a scheme about its own code (hooksOf): the
// oracle's diagnoses of the slips an engineer makes in it (check/) and how a real model's
// config and checkpoint map to it (models/). Each scheme fills its hooks in its own folder
// (schemes/<id>/<id>_slips.cpp, <id>_model.cpp); the machinery calls them and never tests a
// scheme id (tests/core/base/scheme_knowledge_test.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "posenc/base/message.hpp"
#include "posenc/base/scheme.hpp"

namespace posenc {

struct ModelMapping;  // posenc/models/model_config.hpp

namespace detail {

struct DiagnosisContext;  // check/check_diagnosis.hpp
struct SlipCandidate;     // check/check_diagnosis.hpp
class ConfigReader;       // models/config_reader.hpp

/// The oracle's knowledge of one scheme's own code (check_diagnosis.hpp). Every hook is
/// optional (null: the generic diagnosis only); none may throw past a maker of candidates
/// (the diagnosis catches and leaves the maker's slips out).
struct SchemeSlips {
  /// The scheme's own slips (RoPE's float32 angles, ALiBi's simple slopes, ...), tried before
  /// the generic ones, in the order added. Each decides itself which views it applies to.
  void (*add)(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) = nullptr;
  /// Refines the generic slip "yours has choice or flag `param` = `yours` where ours has
  /// `ours`" (made with id `param`, setting `param=yours`, a generic headline and sentence and
  /// ours recomputed under the setting): the scheme's headline and sentence (what each value
  /// means in the code an engineer copies), another id, or values read off ours when the other
  /// value only reorders the columns (layoutColumns). Headlines and sentences are messages of
  /// templates in the scheme's folder, so the window shows a new scheme's slips translated.
  void (*choice)(const DiagnosisContext& ctx, const std::string& param, const std::string& yours,
                 const std::string& ours, SlipCandidate& slip) = nullptr;
  /// The sentence of generic slip `slipId` ("transpose", "sign") in the scheme's own words
  /// (T5's i − j, ALiBi's penalty), a message of the scheme's own template; empty: the
  /// generic sentence.
  Message (*text)(const DiagnosisContext& ctx, std::string_view slipId) = nullptr;
  /// A scalar factor k that names a known slip of the scheme (RoPE's attention factor missing
  /// or applied twice): fills the slip's id, headline, detail and setting, sets k to the exact
  /// factor and returns true (check_diagnosis.hpp nameFactor).
  bool (*nameFactor)(const DiagnosisContext& ctx, double& k, SlipCandidate& slip) = nullptr;
  /// The named factors as settings whatever yours is: first slips of a pair
  /// (check_diagnosis.hpp factorSettings).
  std::vector<SlipCandidate> (*factorSettings)(const DiagnosisContext& ctx) = nullptr;
};

/// How a real model maps to one scheme (models/model_config.cpp). The model_type -> scheme
/// table stays in models/ (data); what the scheme reads of the config and of the checkpoint
/// is the scheme's.
struct SchemeModel {
  /// Fills m.params (`--set` form), m.tensors, m.notes and m.notUnderstood from config `c` of
  /// model_type `type` (m.scheme and m.modelType are set). @throws ModelError.
  void (*map)(const ConfigReader& c, const std::string& type, const std::string& file,
              ModelMapping& m) = nullptr;
  /// The parameters of the layers of type `layerType` ("sliding_attention", ...) of config `c`
  /// (m.params are the long-range layers'; a scheme whose layers may differ says how, as
  /// Gemma 3's local base or v5's rope_parameters keyed by layer type); may add to
  /// m.notUnderstood. Null: every layer takes m.params.
  std::vector<std::pair<std::string, std::string>> (*layer)(const ConfigReader& c,
                                                            const std::string& type,
                                                            const std::string& file,
                                                            const std::string& layerType,
                                                            ModelMapping& m) = nullptr;
  /// The shape the mapped parameters give the scheme's trained tensors (TensorFound::
  /// expected), as the model builds them; empty when the mapping gives none.
  std::vector<std::int64_t> (*expectedShape)(const ModelMapping& m) = nullptr;
};

/// Everything hooksOf returns.
struct SchemeHooks {
  SchemeSlips slips{};
  SchemeModel model{};
};

/// A scheme with hooks (every built-in one: view_table.hpp's TableScheme). Core-internal: the
/// public Scheme interface, which user interfaces see, does not carry them.
class HookedScheme : public Scheme {
 public:
  [[nodiscard]] virtual const SchemeHooks& hooks() const = 0;
};

/// The hooks of `scheme`; empty ones for a scheme without (a test's own Scheme).
[[nodiscard]] inline const SchemeHooks& hooksOf(const Scheme& scheme) {
  static const SchemeHooks none{};
  const auto* hooked = dynamic_cast<const HookedScheme*>(&scheme);
  return hooked ? hooked->hooks() : none;
}

}  // namespace detail
}  // namespace posenc
