local D = require "deduction"
hooks.check_end = D.last_one_standing_win
