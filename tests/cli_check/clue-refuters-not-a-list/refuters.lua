function hooks.refuters(g, suggester) return 6 end
