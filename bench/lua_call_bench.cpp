// What one call from Lua into the engine costs, by the way it is made: a C function
// of the Lua C API (how every `g` method is bound today), a C function declared to
// LuaJIT's FFI, and a plain Lua function reading a Lua table (what a read served
// from a Lua-side copy of the state would cost), each with LuaJIT's compiler off
// (the sandbox's default) and on. The numbers decide whether moving the `g` API to
// the FFI, or mirroring the state into Lua, would pay (bench/README.md).
//
// A bare lua_State is used, not the sandbox: the sandbox refuses the FFI to scripts,
// and what is measured here is LuaJIT's calling cost, not the engine's.
#include <lua.hpp>

#include <cstdio>
#include <initializer_list>

namespace {

int g_places[64];

int CWhere(lua_State* L) {
  lua_pushinteger(L, g_places[lua_tointeger(L, 2) & 63]);
  return 1;
}

// Each line times 20 million calls of f(g, i % 64) and prints ns per call.
constexpr const char* kScript = R"lua(
local ffi = require("ffi")
ffi.cdef("int parlor_bench_where(int piece);")
local C = ffi.C
local g = {}
local ffi_where = function(self, p) return C.parlor_bench_where(p) end
local places = {}
for i = 0, 63 do places[i] = i * 3 end
local table_where = function(self, p) return places[p] end
local n = 2e7
local function time(name, f)
  local t0, s = os.clock(), 0
  for i = 1, n do s = s + f(g, i % 64) end
  io.write(string.format("  %-26s %7.1f ns/call\n", name, (os.clock() - t0) / n * 1e9))
end
time("C API function", c_where)
time("FFI function", ffi_where)
time("Lua function, table read", table_where)
)lua";

}  // namespace

extern "C" __attribute__((visibility("default"), used)) int parlor_bench_where(int piece) {
  return g_places[piece & 63];
}

int main() {
  for (int i = 0; i < 64; ++i) g_places[i] = i * 3;
  for (bool jit : {false, true}) {
    lua_State* L = luaL_newstate();
    luaL_openlibs(L);
    luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | (jit ? LUAJIT_MODE_ON : LUAJIT_MODE_OFF));
    lua_pushcfunction(L, CWhere);
    lua_setglobal(L, "c_where");
    std::printf("compiler %s:\n", jit ? "on" : "off");
    std::fflush(stdout);
    if (luaL_dostring(L, kScript) != 0) {
      std::fprintf(stderr, "lua_call_bench: %s\n", lua_tostring(L, -1));
      lua_close(L);
      return 1;
    }
    lua_close(L);
  }
  return 0;
}
