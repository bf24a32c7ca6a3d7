// Binds parlor.DeductionNotes (see deduction_notes_binding.cpp).
#pragma once

#include <pybind11/pybind11.h>

namespace parlor {

void BindDeductionNotes(pybind11::module_& m);

}  // namespace parlor
