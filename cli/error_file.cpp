#include "cli/error_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace parlor {

namespace {

std::string Key(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  return ec ? path : absolute.lexically_normal().string();
}

}  // namespace

std::string ErrorFiles::Keep(const std::string& save, const std::string& message) {
  const std::string file = Of(save);
  const bool again = !written_.insert(Key(file)).second;
  std::ofstream out(file, again ? std::ios::app : std::ios::trunc);
  if (again) out << "\n";
  out << message << "\n";
  out.flush();
  if (!out) return "could not be written to " + file + ": " + std::strerror(errno);
  return "is in " + file;
}

std::string ErrorFiles::RemoveStale(const std::string& save) {
  const std::string file = Of(save);
  if (written_.count(Key(file))) return "";
  std::error_code ec;
  std::filesystem::remove(file, ec);  // false without an error when there is none
  if (!ec) return "";
  return "the error file " + file + " of an earlier game could not be removed (" + ec.message() +
         "): it is not this game's";
}

}  // namespace parlor
