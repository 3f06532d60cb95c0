// SPDX-License-Identifier: GPL-3.0-or-later
// The list of built-in schemes, in the order the window and `posenc list` show them.
#include <string>

#include "posenc/schemes/alibi/alibi.hpp"
#include "posenc/schemes/deberta/deberta.hpp"
#include "posenc/schemes/kerple/kerple.hpp"
#include "posenc/schemes/learned/learned.hpp"
#include "posenc/schemes/nope/nope.hpp"
#include "posenc/schemes/rope/rope.hpp"
#include "posenc/schemes/sandwich/sandwich.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/schemes/shaw/shaw.hpp"
#include "posenc/schemes/sinusoidal/sinusoidal.hpp"
#include "posenc/schemes/t5/t5_bias.hpp"
#include "posenc/schemes/xl/transformer_xl.hpp"
#include "posenc/schemes/tupe/tupe.hpp"
#include "posenc/schemes/xpos/xpos.hpp"

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
