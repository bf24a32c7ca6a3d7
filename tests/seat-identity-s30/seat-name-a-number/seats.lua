-- A number is no name: "seat 0 (1)" would show a seat number that is not the seat's.
function hooks.seat_name(g, seat)
  return seat + 1
end
