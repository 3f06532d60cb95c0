// SPDX-License-Identifier: GPL-3.0-or-later
// The list of built-in schemes, in the order the window and `posenc list` show them.
#include <string>

#include "posenc/base/scheme.hpp"
#include "posenc/schemes/alibi/alibi.hpp"
#include "posenc/schemes/deberta/deberta.hpp"
#include "posenc/schemes/kerple/kerple.hpp"
#include "posenc/schemes/learned/learned.hpp"
#include "posenc/schemes/nope/nope.hpp"
#include "posenc/schemes/rope/rope.hpp"
#include "posenc/schemes/sandwich/sandwich.hpp"
#include "posenc/schemes/shaw/shaw.hpp"
#include "posenc/schemes/sinusoidal/sinusoidal.hpp"
#include "posenc/schemes/t5/t5_bias.hpp"
#include "posenc/schemes/tupe/tupe.hpp"
#include "posenc/schemes/xl/transformer_xl.hpp"
#include "posenc/schemes/xpos/xpos.hpp"

namespace posenc {

namespace {

const MessageTemplate kRowCapped{
    "a length the %1 view can draw: it needs every key of a row before any weight is known "
    "(softmax), so rows are capped at %2 keys and %3 = %4 is longer; the other views go to %5 "
    "positions",
    "%1: a view id; %2: the most keys of a row; %3: what the row length is made of, e.g. "
    "'length' or 'q_len + mlen = 5 + 3 = k_len'; %4: the row length; %5: the most positions"};

}  // namespace

void checkRowLength(const ViewSpec& view, const std::string& param, const std::string& value,
                    Index rowLength, const std::string& lengthText) {
  if (view.maxRowLength <= 0 || rowLength <= view.maxRowLength) return;
  throw ParamError(param, value,
                   Message(kRowCapped, {view.id, std::to_string(view.maxRowLength), lengthText,
                                        std::to_string(rowLength), std::to_string(kMaxLength)}));
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
