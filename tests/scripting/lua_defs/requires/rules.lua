local helper = require "helper"          -- this definition's folder
local again = require "helper"           -- cached: the same table
assert(helper == again)
local ok, err = pcall(require, "no_such_module")
assert(not ok and err:find("module 'no_such_module' not found"))
function hooks.setup(g) g:set("value", helper.double(21)) g:begin_turn(0) end
function hooks.actions(g, seat, out) out:add("stop") end
function hooks.apply(g, a) g:finish({0}, "stopped") end
