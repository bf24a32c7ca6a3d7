// Readable one-line descriptions of events for `parlor play`.
#pragma once

#include <string>

#include "core/definition.h"
#include "core/state.h"

namespace parlor {

// "seat 1 rolls 4", "Ms Birch moves 4,0 -> 3,0", ... Ids are shown with their
// display names in `lang`. Unknown event types are shown as type and fields.
std::string DescribeEvent(const Definition& def, const Event& e, const std::string& lang);

}  // namespace parlor
