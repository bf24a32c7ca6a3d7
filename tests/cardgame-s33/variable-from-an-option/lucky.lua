local base_setup = hooks.setup
function hooks.setup(g)
  g:set("lucky", g.options.lucky)
  g:set("unlucky", g:data().unlucky)
  base_setup(g)
end
