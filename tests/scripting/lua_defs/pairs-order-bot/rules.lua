local WORDS = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
               "juliett", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo"}

function hooks.setup(g)
  g:set("moves", 0)
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  if g:get("moves") >= 20 then out:add("stop") return end
  for _, w in ipairs(WORDS) do out:add("pick", w) end
end

function hooks.apply(g, a)
  if a.type == "stop" then return g:finish({}, "done") end
  g:set("moves", g:get("moves") + 1)
  g:end_turn()
end

-- Chooses the legal text `pairs` visits k-th, k counting the bot's decisions: over
-- a game, every place in the visiting order shows.
function hooks.bot(view, legal, cards, memory)
  memory = (memory or 0) + 1
  -- Keyed by scrambled strings: LuaJIT hashes strings that differ little (texts
  -- after a common "pick ", or words in alphabetical order) almost in sequence, and
  -- two runtimes then often visit them in the same order.
  local set = {}
  for i, text in ipairs(legal) do set[string.format("%08x", (i * 2654435761) % 4294967296) .. text] = text end
  local k = memory % #legal
  for _, text in pairs(set) do
    if k == 0 then return text, memory end
    k = k - 1
  end
end
