// SPDX-License-Identifier: GPL-3.0-or-later
// How a model's config maps to `xl` (its SchemeModel hook, base/scheme_hooks.hpp):
// Transformer-XL's u and v (r_w_bias, r_r_bias), and the shape TransfoXL gives them,
// `nn.Parameter(n_head, d_head)` (huggingface/transformers
// models/deprecated/transfo_xl/modeling_transfo_xl.py).
#include <cstdint>
#include <string>
#include <vector>

#include "models/config_reader.hpp"
#include "schemes/xl/xl_hooks.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kStandInsNote{
    "u and v are the checkpoint's (layer 0 when untie_r); the content and W_q, W_k, W_R are "
    "random stand-ins"};

void mapXl(const ConfigReader& c, const std::string& /*type*/, const std::string& file,
           ModelMapping& m) {
  set(m.params, "d_model", wholeText(required(c, {"d_model"}, file)));
  set(m.params, "heads", wholeText(required(c, {"n_head"}, file)));
  if (const auto mem = c.whole("mem_len")) set(m.params, "mlen", wholeText(*mem));
  if (const auto clamp = c.whole("clamp_len"); clamp && *clamp > 0)
    set(m.params, "clamp_len", wholeText(*clamp));
  const bool untied = c.flag("untie_r").value_or(true);
  const std::string where = untied ? "transformer.layers.0." : "transformer.";
  m.tensors.push_back(
      {"u (r_w_bias)", {where + "dec_attn.r_w_bias", "transformer.r_w_bias"}, "u_table"});
  m.tensors.push_back(
      {"v (r_r_bias)", {where + "dec_attn.r_r_bias", "transformer.r_r_bias"}, "v_table"});
  m.notes.emplace_back(kStandInsNote);
}

std::vector<std::int64_t> xlShape(const ModelMapping& m) {
  const std::int64_t heads = mappedWhole(m, "heads");
  if (heads <= 0) return {};
  return {heads, mappedWhole(m, "d_model") / heads};
}

}  // namespace

SchemeModel xlModel() { return {.map = mapXl, .expectedShape = xlShape}; }

}  // namespace posenc::detail
