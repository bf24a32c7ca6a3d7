hooks.bot_legal = "share"   -- a typo: the engine must say what it expects
function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out) out:add("end") end
function hooks.apply(g, a) g:finish({0}, "done") end
function hooks.bot(view, legal) return 1 end
