// SPDX-License-Identifier: GPL-3.0-or-later
// The presets of real models with layers of more than one kind (issue 29), read a second time
// from the config.json they were made from (tests/data/model-configs) through the core's own
// mapping, posenc::mapConfig, as `posenc inspect` prints it: a preset's scheme and every one of
// its parameters must be the mapped layer's. Editing any value of such a preset, or the mapping
// of the model, fails here.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include <QList>
#include <QString>
#include <gtest/gtest.h>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc_ui/io/session_io.h"

namespace posenc::ui {
namespace {

/// A built-in preset and the layer of a config it draws.
struct ModelPreset {
  const char* preset;  ///< Preset id (resources/presets/<id>.json).
  const char* config;  ///< File in tests/data/model-configs.
  /// The type of the layer the preset draws, its first layer of that type; nullptr: the
  /// mapping's top level, the long-range layer (ModelMapping::scheme and params).
  const char* layerType;
};

constexpr ModelPreset kModelPresets[] = {
    {"llama4-scout-rope", "llama4_scout_excerpt.json", nullptr},
    {"gemma3-27b-global-rope", "medgemma_27b_it.json", nullptr},
    {"gemma3-27b-local-rope", "medgemma_27b_it.json", "sliding_attention"},
    {"gemma4-26b-global-rope", "gemma4_26b_a4b_v5.json", nullptr},
    {"gemma4-26b-local-rope", "gemma4_26b_a4b_v5.json", "sliding_attention"},
    {"gpt-oss-20b-yarn", "gpt_oss_20b.json", nullptr},
    {"qwen3-next-80b-rope", "qwen3_next_80b_a3b.json", nullptr},
    {"deepseek-v3-yarn", "deepseek_v3.json", nullptr},
    {"kimi-k2-yarn", "kimi_k2_instruct.json", nullptr},
};

std::string readConfig(const char* name) {
  std::ifstream in(std::string(POSENC_SOURCE_DIR "/tests/data/model-configs/") + name,
                   std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The scheme and parameters `p` should have: its config mapped, at the layer it names.
struct Expected {
  std::string scheme;
  ParamAssignments params;
};

Expected expectedOf(const ModelPreset& p) {
  const ModelMapping m = mapConfig(readConfig(p.config), p.config);
  if (p.layerType == nullptr) return {m.scheme, m.params};
  for (const ModelLayer& layer : m.layers)
    if (layer.type == p.layerType) return {layer.scheme, layer.params};
  ADD_FAILURE() << p.config << " has no layer of type " << p.layerType;
  return {};
}

TEST(Presets, LayeredModelPresetsEqualTheirMappedConfigs) {
  for (const ModelPreset& p : kModelPresets) {
    SCOPED_TRACE(std::string(p.preset) + " from " + p.config);
    const Expected want = expectedOf(p);
    ASSERT_FALSE(want.scheme.empty());
    const Session got = presetSession(QString::fromLatin1(p.preset));
    EXPECT_EQ(got.scheme.toStdString(), want.scheme);
    const Scheme& scheme = findScheme(want.scheme);
    const ParamSet mapped = makeParams(scheme, want.params);
    for (const ParamSpec& spec : scheme.info().params)
      EXPECT_EQ(formatValue(got.params.get(spec.id)), formatValue(mapped.get(spec.id))) << spec.id;
  }
}

TEST(Presets, LayeredModelPresetsNameTheirConfigFile) {
  const QList<PresetInfo> all = presets();
  for (const ModelPreset& p : kModelPresets) {
    SCOPED_TRACE(p.preset);
    const auto it = std::find_if(all.begin(), all.end(), [&](const PresetInfo& i) {
      return i.id == QLatin1String(p.preset);
    });
    ASSERT_NE(it, all.end());
    EXPECT_TRUE(it->description.contains(QLatin1String(p.config))) << it->description.toStdString();
  }
}

// A local-layer preset exists only because its layer is drawn differently from the model's
// long-range one (gpt-oss's sliding layers share the YaRN of its full ones: no second preset).
TEST(Presets, LocalLayerPresetsDifferFromTheirModelsLongRangePreset) {
  for (const ModelPreset& p : kModelPresets) {
    if (p.layerType == nullptr) continue;
    SCOPED_TRACE(p.preset);
    const ModelMapping m = mapConfig(readConfig(p.config), p.config);
    const Scheme& scheme = findScheme(m.scheme);
    EXPECT_NE(presetSession(QString::fromLatin1(p.preset)).params, makeParams(scheme, m.params));
  }
}

}  // namespace
}  // namespace posenc::ui
