local base_apply = hooks.apply
function hooks.apply(g, a)
  local n = (g:get("_applied") or 0) + 1
  g:set("_applied", n)
  if n == 8 then error("a deliberate failure on action 8") end
  base_apply(g, a)
end
