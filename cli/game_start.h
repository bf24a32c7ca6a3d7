// What a new game is started from on the command line (`play`, `simulate`): the
// seats, the seed and the options, a --mode's included.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/definition.h"
#include "core/value.h"

namespace parlor {

// --option NAME=VALUE pairs as an object of option id -> text (NewState coerces the
// text to the option's type). A StateError for a pair without a name or given twice.
Value ParseOptions(const std::vector<std::string>& pairs);

struct GameStart {
  int players = 0;
  Value options;
};

// The seats (`players`, or the mode's fewest, or the definition's fewest when 0) and
// the options (the mode's, with the --option values given winning over them).
GameStart StartOf(const Definition& def, int players, const std::vector<std::string>& option_pairs,
                  const std::string& mode);

}  // namespace parlor
