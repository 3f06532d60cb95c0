// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/io/scheme_json.hpp"

#include <sstream>

#include "posenc/io/data_io.hpp"

namespace posenc {

namespace {

void writeParamJson(std::ostream& out, const ParamSpec& p) {
  out << "{\"id\": " << jsonString(p.id) << ", \"type\": " << jsonString(toString(p.type))
      << ", \"default\": " << valueJson(p.defaultValue);
  if (p.type == ParamType::Int || p.type == ParamType::Real || p.type == ParamType::List)
    out << ", \"min\": " << jsonNumber(p.min) << ", \"max\": " << jsonNumber(p.max);
  if (p.openMin) out << ", \"min_exclusive\": true";
  if (p.type == ParamType::List) out << ", \"max_count\": " << p.maxCount;
  if (p.type == ParamType::Int) out << ", \"even\": " << (p.even ? "true" : "false");
  if (p.type == ParamType::Choice) {
    out << ", \"choices\": [";
    for (std::size_t c = 0; c < p.choices.size(); ++c)
      out << (c ? ", " : "") << jsonString(p.choices[c]);
    out << "]";
  }
  out << ", \"description\": " << jsonString(p.description) << "}";
}

void writeViewJson(std::ostream& out, const ViewSpec& v) {
  out << "{\"id\": " << jsonString(v.id)
      << ", \"kind\": " << jsonString(v.kind == ViewKind::Matrix ? "matrix" : "series")
      << ", \"title\": " << jsonString(v.title) << ", \"x_label\": " << jsonString(v.xLabel)
      << ", \"y_label\": " << jsonString(v.yLabel)
      << ", \"value_label\": " << jsonString(v.valueLabel)
      << ", \"signed\": " << (v.signedValues ? "true" : "false")
      << ", \"random_stand_ins\": " << (v.randomStandIns ? "true" : "false")
      << ", \"deterministic\": " << (v.randomStandIns ? "false" : "true")
      << ", \"description\": " << jsonString(v.description) << "}";
}

}  // namespace

void writeSchemeJson(std::ostream& out, const Scheme& scheme) {
  const SchemeInfo& info = scheme.info();
  out << "{\"id\": " << jsonString(info.id) << ", \"name\": " << jsonString(info.name)
      << ", \"description\": " << jsonString(info.description) << ",\n  \"params\": [";
  for (std::size_t k = 0; k < info.params.size(); ++k) {
    out << (k ? ",\n   " : "\n   ");
    writeParamJson(out, info.params[k]);
  }
  out << "],\n  \"views\": [";
  for (std::size_t k = 0; k < info.views.size(); ++k) {
    out << (k ? ",\n   " : "\n   ");
    writeViewJson(out, info.views[k]);
  }
  out << "]}";
}

std::string schemeJson(const Scheme& scheme) {
  std::ostringstream out;
  writeSchemeJson(out, scheme);
  return out.str();
}

std::string standInsNote(const ViewSpec& view) {
  return view.randomStandIns ? "(random stand-ins: only our export reproduces it)" : "";
}

}  // namespace posenc
