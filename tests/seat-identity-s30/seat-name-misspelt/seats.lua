function hooks.seat_nme(g, seat) return "The Boss" end
