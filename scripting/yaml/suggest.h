// "Did you mean" for the loader: core/suggest.h's functions, under parlor::yaml where
// the loader's code names them.
#pragma once

#include "core/suggest.h"

namespace parlor::yaml {

using parlor::ClosestMatch;
using parlor::DidYouMean;
using parlor::EditDistance;

}  // namespace parlor::yaml
