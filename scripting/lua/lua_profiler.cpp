#include "scripting/lua/lua_profiler.h"

#include <luajit.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

namespace parlor::lua {

LuaProfiler::LuaProfiler(lua_State* L, int interval_ms) : L_(L) {
  const std::string mode = "i" + std::to_string(std::max(1, interval_ms));
  luaJIT_profile_start(L_, mode.c_str(), &LuaProfiler::OnSample, this);
  running_ = true;
}

LuaProfiler::~LuaProfiler() { Stop(); }

void LuaProfiler::Stop() {
  if (running_) luaJIT_profile_stop(L_);
  running_ = false;
}

// Called by LuaJIT at a safe point after the timer fired: the stack is the script's.
void LuaProfiler::OnSample(void* data, lua_State* L, int samples, int vmstate) {
  auto* self = static_cast<LuaProfiler*>(data);
  self->total_ += samples;
  self->states_[static_cast<char>(vmstate)] += samples;
  size_t n = 0;
  const char* where = luaJIT_profile_dumpstack(L, "l", 1, &n);
  self->lines_[std::string(where, n)] += samples;
  const char* function = luaJIT_profile_dumpstack(L, "F", 1, &n);
  self->functions_[std::string(function, n)] += samples;
}

namespace {
void Top(std::ostringstream& out, const std::map<std::string, long>& counts, long total, size_t top) {
  std::vector<std::pair<long, std::string>> sorted;
  for (const auto& [key, count] : counts) sorted.emplace_back(count, key);
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  for (size_t i = 0; i < sorted.size() && i < top; ++i)
    out << "  " << 100.0 * static_cast<double>(sorted[i].first) / static_cast<double>(total) << "%  "
        << (sorted[i].second.empty() ? "?" : sorted[i].second) << "\n";
}
}  // namespace

std::string LuaProfiler::Report(size_t top) const {
  std::ostringstream out;
  out.precision(3);
  out << "Lua profile: " << total_ << " samples\n";
  if (total_ == 0) return out.str();
  out << "where (LuaJIT's VM state):";
  const std::pair<char, const char*> names[] = {{'I', "interpreted Lua"}, {'C', "C functions"},
                                                {'G', "garbage collector"}, {'N', "compiled Lua"},
                                                {'J', "JIT compiler"}};
  for (const auto& [state, name] : names)
    if (auto it = states_.find(state); it != states_.end())
      out << "  " << name << " " << 100.0 * static_cast<double>(it->second) / static_cast<double>(total_) << "%";
  out << "\nlines (the running Lua line; in a C function, the line that called it):\n";
  Top(out, lines_, total_, top);
  out << "functions:\n";
  Top(out, functions_, total_, top);
  return out.str();
}

}  // namespace parlor::lua
