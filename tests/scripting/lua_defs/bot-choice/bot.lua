-- bot-legal's actions, with a bot that returns the text given in the game variable
-- "pick" (the test sets it): the engine must find that text's index, in a product or
-- among the listed actions.
function hooks.bot(view, legal, cards, memory)
  return view.vars.pick
end
