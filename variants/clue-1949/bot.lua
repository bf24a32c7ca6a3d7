-- The deduction bot shared by the Cluedo family (variants/lib/deduction_bot.lua).
hooks.bot = require("deduction_bot").choose
hooks.bot_legal = "shared"   -- the deduction bot never keeps nor changes `legal` (docs/hooks.md)
hooks.notebook = require("deduction_bot").notebook   -- `notes` in parlor play, Game.notebook
