local WORDS = {"ruby", "sapphire", "emerald"}

function hooks.setup(g)
  g:seat_set(1, "word", WORDS[g:random(#WORDS)])
  if g:option("how") == "setup" then error(g:seat_get(1, "word") .. ":4: is dealt", 0) end
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  if seat == 0 then out:add("wait") else out:add("whisper", g:seat_get(1, "word")) end
end

function hooks.turn_start(g, seat)
  if g:get("whispered") then error(g:get("whispered") .. ":14: was whispered", 0) end
end

local function refuse(how, word)
  if how == "level0" then error(word .. ":12: cannot be whispered yet", 0) end
  if how == "level1" then error("the word " .. word .. " cannot be whispered yet") end
  if how == "level2" then error("the word " .. word .. " cannot be whispered yet", 2) end
  local code = "error('" .. word .. "')"
  load(code, code)()  -- named by its text, as Lua's own loadstring names a chunk
end

function hooks.apply(g, a)
  if a.type == "whisper" and g:option("how") == "nested" then
    g:set("whispered", a.args[1])
    g:end_turn()  -- turn_start fails
  elseif a.type == "whisper" then
    refuse(g:option("how"), a.args[1])
  end
  g:begin_turn(1)
end
