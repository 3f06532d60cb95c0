// SPDX-License-Identifier: GPL-3.0-or-later
// The list of built-in schemes, in the order the window and `posenc list` show them.
#include <string>

#include "posenc/alibi.hpp"
#include "posenc/deberta.hpp"
#include "posenc/kerple.hpp"
#include "posenc/learned.hpp"
#include "posenc/nope.hpp"
#include "posenc/rope.hpp"
#include "posenc/sandwich.hpp"
#include "posenc/scheme.hpp"
#include "posenc/shaw.hpp"
#include "posenc/sinusoidal.hpp"
#include "posenc/t5_bias.hpp"
#include "posenc/transformer_xl.hpp"
#include "posenc/tupe.hpp"
#include "posenc/xpos.hpp"

namespace posenc {

void checkRowLength(const ViewSpec& view, const std::string& param, const std::string& value,
                    Index rowLength, const std::string& lengthText) {
  if (view.maxRowLength <= 0 || rowLength <= view.maxRowLength) return;
  throw ParamError(param, value,
                   "a length the " + view.id +
                       " view can draw: it needs every key of a row "
                       "before any weight is known (softmax), so rows are capped at " +
                       std::to_string(view.maxRowLength) + " keys and " + lengthText + " = " +
                       std::to_string(rowLength) +
                       " is longer; the other views go to 1048576 positions");
}

const std::vector<std::unique_ptr<Scheme>>& allSchemes() {
  static const std::vector<std::unique_ptr<Scheme>> schemes = [] {
    std::vector<std::unique_ptr<Scheme>> v;
    v.push_back(makeSinusoidalScheme());
    v.push_back(makeLearnedScheme());
    v.push_back(makeT5Scheme());
    v.push_back(makeAlibiScheme());
    v.push_back(makeRopeScheme());
    v.push_back(makeXlScheme());
    v.push_back(makeTupeScheme());
    v.push_back(makeShawScheme());
    v.push_back(makeDebertaScheme());
    v.push_back(makeXposScheme());
    v.push_back(makeNopeScheme());
    v.push_back(makeKerpleScheme());
    v.push_back(makeSandwichScheme());
    return v;
  }();
  return schemes;
}

}  // namespace posenc
