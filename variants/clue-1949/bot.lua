-- The deduction bot shared by the Cluedo family (variants/lib/deduction_bot.lua).
hooks.bot = require("deduction_bot").choose
