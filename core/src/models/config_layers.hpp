// SPDX-License-Identifier: GPL-3.0-or-later
// A model's layers from its config (config_layers.cpp): the layer types as the config lists them
// or as the family's configuration class builds them by default (model_families.hpp LayerRule),
// the window of each, which layers have no positional encoding, and each layer's parameters
// from the scheme's SchemeModel::layer hook.
#pragma once

#include <string>

#include "posenc/models/model_config.hpp"

namespace posenc::detail {

class ConfigReader;  // models/config_reader.hpp
struct ModelFamily;  // models/model_families.hpp

/// The scheme of a layer without positional encoding.
extern const char* const kNoPositionScheme;

/// Fills m.layers (one per num_hidden_layers / n_layer / num_layers; none when the config has
/// no count) after the scheme's map hook has filled m.scheme and m.params. `fam` may be null (a
/// model_type of no row: every layer alike unless the config lists layer_types).
/// @throws ModelError for a layer count past 65536 or a malformed layer_types / no_rope_layers.
void buildLayers(const ConfigReader& c, const std::string& type, const std::string& file,
                 const ModelFamily* fam, ModelMapping& m);

}  // namespace posenc::detail
