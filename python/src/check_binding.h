// parlor._parlor.check and Ruleset.check: `parlor check` for Python (parlor.check,
// docs/python.md), the command's own implementation (checking/check_run.h).
#pragma once

#include <pybind11/pybind11.h>

#include <memory>

#include "core/definition.h"

namespace parlor {

// Binds parlor._parlor.check(path, mods): the check of a variant or mod by id or
// folder, as `parlor check PATH --mod ...` runs it.
void BindCheck(pybind11::module_& m);

// The check of a definition loaded already (a Ruleset's), as a dict (see BindCheck).
pybind11::dict CheckLoaded(const std::shared_ptr<const Definition>& def);

}  // namespace parlor
