#include "cli/check.h"

#include <iostream>

#include "checking/check_run.h"

namespace parlor {

int CmdCheck(const std::string& path, const std::vector<std::string>& mods) {
  return RunCheck(path, mods, std::cout).exit_code();
}

}  // namespace parlor
