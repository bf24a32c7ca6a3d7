local base_setup = hooks.setup
function hooks.setup(g)
  g:set("lucky", g.options.lucky)
  base_setup(g)
end
