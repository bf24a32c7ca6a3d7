"""docs/definition-format.md, "Boards" (grid and track), claim by claim: each test
writes the board a claim is about and checks what the page says of it, through a
probe set-up hook's variables or the loader's problems (session 39)."""
import parlor

from definition_claims_s39 import one_problem, problems, root, run, variables

# The page's grid example, as written.
GRID = '''board:
  grid:
    map: |
      ##1##
      KK..B
    legend:
      "#": wall
      ".": square                       # a corridor square: one token
      "1": {square: start, tags: [start:red]}   # square of kind "start"
      "K": {area: kitchen}              # cells of one area (a room): one place, any number of tokens
      "B": {area: ballroom}
    areas:
      kitchen: {kind: room, tags: [corner]}   # optional; kind defaults to "room"
    doors:
      - {area: kitchen, at: [1, 2], dir: left}   # the square just outside the door, and the direction into the area
    passages:
      - [kitchen, ballroom]             # joins two areas, both ways
'''

# The page's track example, as written, with a piece of the lane's owner.
TRACK = '''board:
  track:
    loop: 60                 # loop squares t0..t59, moving forward from i to i+1 (at most 100,000)
    id_format: "t{i}"
    capacity: 1              # occupying pieces a loop or lane square holds (default 1; 2, unlimited...)
    lanes:                   # owner-only lanes forking off the loop
      - {owner: red, from: 2, places: [red_s1, red_s2, red_s3, red_s4, red_s5, red_home]}
    places:                  # places not joined by edges (START areas and the like)
      red_start: {kind: start, capacity: unlimited, owner: red, tags: [start]}
    tags:                    # tags of loop and lane squares, by id (g:has_tag, g:place_tags)
      t8: [safe, star]
      red_s1: [safe]
    closed: true             # false: the loop does not close (see below)
pieces:
  red_1: {owner: red, start: red_start}
  red_2: {owner: red, start: red_start}
'''


def grid_root(tmp_path, grid_lines, probe="", name="claim"):
    return root(tmp_path, "board:\n  grid:\n" + grid_lines, probe=probe, name=name)


# --- Grid ------------------------------------------------------------------------------

def test_the_grid_example_makes_squares_named_row_col_and_areas_by_id(tmp_path):
    folder = root(tmp_path, GRID, probe='g:set("_places", g:places())')
    assert variables(folder, "_places") == {"_places": ["kitchen", "ballroom", "0,2", "1,2", "1,3"]}


def test_a_legend_square_kind_and_tags_are_the_squares(tmp_path):
    folder = root(tmp_path, GRID, probe='g:set("_kind", g:place_kind("0,2")); g:set("_tags", g:place_tags("0,2")); '
                                        'g:set("_plain", g:place_kind("1,2"))')
    assert variables(folder, "_kind", "_tags", "_plain") == {"_kind": "start", "_tags": ["start:red"],
                                                             "_plain": "square"}


def test_an_area_kind_defaults_to_room_and_its_tags_are_under_areas(tmp_path):
    folder = root(tmp_path, GRID, probe='g:set("_k", g:place_kind("kitchen")); g:set("_b", g:place_kind("ballroom")); '
                                        'g:set("_t", g:place_tags("kitchen")); g:set("_area", g:is_area("kitchen"))')
    assert variables(folder, "_k", "_b", "_t", "_area") == {"_k": "room", "_b": "room", "_t": ["corner"],
                                                            "_area": True}


def test_areas_touch_squares_only_through_doors(tmp_path):
    # 1,3 lies beside the ballroom's cell (1,4), which has no door: no step between them.
    folder = root(tmp_path, GRID, probe='g:set("_k", g:neighbours("kitchen")); g:set("_b", g:neighbours("ballroom")); '
                                        'g:set("_sq", g:neighbours("1,3"))')
    assert variables(folder, "_k", "_b", "_sq") == {"_k": ["1,2"], "_b": [], "_sq": ["1,2"]}


def test_a_corridor_square_holds_one_token_and_an_area_any_number(tmp_path):
    folder = root(tmp_path, GRID + "pieces: {a: {}, b: {}, c: {}}\n",
                  probe='g:move("a", "1,2"); g:set("_square_refused", not pcall(g.move, g, "b", "1,2")); '
                        'g:move("b", "kitchen"); g:move("c", "kitchen"); g:set("_kitchen", g:pieces_at("kitchen"))')
    assert variables(folder, "_square_refused", "_kitchen") == {"_square_refused": True, "_kitchen": ["b", "c"]}


def test_a_passage_joins_two_areas_both_ways(tmp_path):
    folder = root(tmp_path, GRID, probe='g:set("_k", g:passages("kitchen")); g:set("_b", g:passages("ballroom"))')
    assert variables(folder, "_k", "_b") == {"_k": ["ballroom"], "_b": ["kitchen"]}


def test_a_legend_value_is_wall_square_or_a_map_and_the_message_names_all_three(tmp_path):
    folder = grid_root(tmp_path, '    map: ".x"\n    legend: {".": square, "x": floor}\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:7:32: board.grid.legend.x: expected wall, square or a map with 'square: <kind>' or "
        "'area: <area id>', got 'floor' (a square of kind 'floor' is {square: floor}, a cell of area 'floor' is "
        "{area: floor})")


def test_a_legend_word_close_to_wall_or_square_is_named(tmp_path):
    folder = grid_root(tmp_path, '    map: ".x"\n    legend: {".": square, "x": wal}\n')
    assert one_problem(folder).endswith("got 'wal'; did you mean 'wall'?")


def test_a_legend_map_has_exactly_one_of_square_and_area(tmp_path):
    folder = grid_root(tmp_path, '    map: ".K"\n    legend: {".": square, K: {area: k, square: x}}\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:7:30: board.grid.legend.K: expected exactly one of 'square: <kind>' or "
        "'area: <area id>'")


def test_tags_go_on_squares_only_an_areas_under_areas(tmp_path):
    folder = grid_root(tmp_path, '    map: ".K"\n    legend: {".": square, K: {area: k, tags: [x]}}\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:7:46: board.grid.legend.K.tags: tags of an area go under board.grid.areas.k")


def test_a_door_at_is_row_then_column_counted_from_zero(tmp_path):
    folder = grid_root(tmp_path, '    map: |\n      ..\n      K.\n    legend: {".": square, K: {area: k}}\n'
                                 '    doors:\n      - {area: k, at: [0, 0], dir: down}\n',
                       probe='g:set("_n", g:neighbours("k"))')
    assert variables(folder, "_n") == {"_n": ["0,0"]}


def test_a_door_direction_must_lead_into_its_area(tmp_path):
    folder = grid_root(tmp_path, '    map: ".K"\n    legend: {".": square, K: {area: k}}\n'
                                 '    doors:\n      - {area: k, at: [0, 0], dir: left}\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:9:36: board.grid.doors[0].dir: door of k at (0,0), direction left: cell (0,-1) is "
        "outside the map, not k")


def test_every_row_has_as_many_characters_as_the_first(tmp_path):
    folder = grid_root(tmp_path, '    map: |\n      ..\n      .\n    legend: {".": square}\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:8:7: board.grid.map: row 1 has 1 characters, expected 2 like row 0 (all rows must "
        "have the same length)")


def test_a_character_other_than_ascii_is_reported_once_whole_at_its_cell_not_as_a_row_too_long(tmp_path):
    folder = grid_root(tmp_path, '    map: |\n      ..\n      é.\n    legend: {".": square}\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:8:7: board.grid.map: character 'é' at (1,0) is no ASCII character: a map's cells "
        "and its legend's keys are ASCII characters, one byte each")


def test_a_legend_key_is_one_character(tmp_path):
    folder = grid_root(tmp_path, '    map: ".."\n    legend: {"..": square}\n')
    text = problems(folder)
    assert f"{folder}/variant.yaml:7:14: board.grid.legend[\"..\"]: legend keys are single map characters, got '..'" \
        in text


def test_a_cell_not_in_the_legend_is_reported_at_its_cell(tmp_path):
    folder = grid_root(tmp_path, '    map: |\n      ..\n      .X\n    legend: {".": square}\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:8:8: board.grid.map: character 'X' at (1,1) is not in the legend")


def test_an_area_under_areas_has_cells_in_the_map(tmp_path):
    folder = grid_root(tmp_path, '    map: ".K"\n    legend: {".": square, K: {area: kitchen}}\n'
                                 '    areas:\n      kichen: {kind: room}\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:9:7: board.grid.areas.kichen: area 'kichen' has no cells in the map; did you mean "
        "'kitchen'?")


def test_a_passage_joins_two_different_areas(tmp_path):
    folder = grid_root(tmp_path, '    map: ".K"\n    legend: {".": square, K: {area: k}}\n'
                                 '    passages:\n      - [k, k]\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:9:9: board.grid.passages[0]: a passage joins two different areas, got 'k' twice")


# --- Track -----------------------------------------------------------------------------

def test_the_track_example_forks_red_into_its_lane_and_others_go_on(tmp_path):
    folder = root(tmp_path, TRACK, probe='g:set("_red", g:advance("t2", 1, "red")); '
                                         'g:set("_blue", g:advance("t2", 1, "blue")); '
                                         'g:set("_none", g:advance("t2", 1))')
    assert variables(folder, "_red", "_blue", "_none") == {"_red": "red_s1", "_blue": "t3", "_none": "t3"}


def test_a_lane_from_may_be_the_loop_squares_id(tmp_path):
    folder = root(tmp_path, TRACK.replace("from: 2,", "from: t2,"), probe='g:set("_red", g:advance("t2", 1, "red"))')
    assert variables(folder, "_red") == {"_red": "red_s1"}


def test_the_loop_closes_by_default(tmp_path):
    folder = root(tmp_path, TRACK.replace("    closed: true             # false: the loop does not close (see below)\n",
                                          ""),
                  probe='g:set("_next", g:advance("t59", 1))')
    assert variables(folder, "_next") == {"_next": "t0"}


def test_the_id_format_defaults_to_t_i(tmp_path):
    folder = root(tmp_path, "board: {track: {loop: 3}}\n", probe='g:set("_places", g:places())')
    assert variables(folder, "_places") == {"_places": ["t0", "t1", "t2"]}


def test_an_id_format_holds_i(tmp_path):
    folder = root(tmp_path, 'board: {track: {loop: 3, id_format: "sq"}}\n')
    assert one_problem(folder) == (
        f'{folder}/variant.yaml:4:37: board.track.id_format: expected a pattern containing {{i}}, got the string "sq"')


def test_a_loop_has_at_most_100000_squares(tmp_path):
    folder = root(tmp_path, "board: {track: {loop: 100001}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:23: board.track.loop: expected an integer from 1 to 100000, got 100001")


def test_place_kinds_are_square_lane_home_and_an_extra_places_own(tmp_path):
    folder = root(tmp_path, TRACK, probe='local k = {} for _, p in ipairs({"t0", "red_s1", "red_home", "red_start"}) '
                                         'do k[#k + 1] = g:place_kind(p) end g:set("_kinds", k)')
    assert variables(folder, "_kinds") == {"_kinds": ["square", "lane", "home", "start"]}


def test_a_lanes_end_area_is_unlimited_and_end_square_makes_it_a_lane_square(tmp_path):
    probe = ('g:move("red_1", "red_home"); g:move("red_2", "red_home"); g:set("_home", g:pieces_at("red_home")); '
             'g:set("_kind", g:place_kind("red_home"))')
    assert variables(root(tmp_path, TRACK, probe=probe), "_home", "_kind") == {"_home": ["red_1", "red_2"],
                                                                               "_kind": "home"}
    square = TRACK.replace("red_home]}", "red_home], end: square}")
    folder = root(tmp_path, square, name="end-square",
                  probe='g:move("red_1", "red_home"); g:set("_kind", g:place_kind("red_home")); '
                        'g:set("_full", not pcall(g.move, g, "red_2", "red_home"))')
    assert variables(folder, "_kind", "_full") == {"_kind": "lane", "_full": True}


def test_a_loop_square_holds_one_occupying_piece_by_default(tmp_path):
    track = TRACK.replace("    capacity: 1              # occupying pieces a loop or lane square holds (default 1; "
                          "2, unlimited...)\n", "")
    folder = root(tmp_path, track, probe='g:move("red_1", "t5"); g:set("_refused", not pcall(g.move, g, "red_2", "t5"))')
    assert variables(folder, "_refused") == {"_refused": True}


def test_capacity_may_be_larger_or_unlimited(tmp_path):
    for capacity in ("2", "unlimited"):
        folder = root(tmp_path, TRACK.replace("capacity: 1 ", f"capacity: {capacity} "), name=f"cap-{capacity}",
                      probe='g:move("red_1", "t5"); g:move("red_2", "t5"); g:set("_at", g:pieces_at("t5"))')
        assert variables(folder, "_at") == {"_at": ["red_1", "red_2"]}


def test_capacity_is_a_number_or_unlimited(tmp_path):
    folder = root(tmp_path, "board: {track: {loop: 3, capacity: 0}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:36: board.track.capacity: expected a number of pieces (1 or more) or 'unlimited', "
        "got '0'")


def test_an_extra_places_capacity_defaults_to_unlimited(tmp_path):
    track = TRACK.replace("{kind: start, capacity: unlimited, owner: red, tags: [start]}",
                          "{kind: start, owner: red, tags: [start]}")
    folder = root(tmp_path, track, probe='g:set("_at", g:pieces_at("red_start"))')
    assert variables(folder, "_at") == {"_at": ["red_1", "red_2"]}


def test_an_extra_places_kind_is_required(tmp_path):
    folder = root(tmp_path, "board: {track: {loop: 3, places: {yard: {owner: red}}}}\n")
    assert one_problem(folder) == f"{folder}/variant.yaml:4:41: board.track.places.yard: missing required key 'kind'"


def test_track_tags_name_loop_and_lane_squares(tmp_path):
    folder = root(tmp_path, TRACK, probe='g:set("_t8", g:place_tags("t8")); g:set("_safe", g:has_tag("red_s1", "safe")); '
                                         'g:set("_start", g:place_tags("red_start"))')
    assert variables(folder, "_t8", "_safe", "_start") == {"_t8": ["safe", "star"], "_safe": True,
                                                           "_start": ["start"]}


def test_a_track_tag_on_an_extra_place_is_refused_pointing_at_its_places_entry(tmp_path):
    folder = root(tmp_path, TRACK.replace("      red_s1: [safe]\n", "      red_start: [safe]\n"))
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:15:7: board.track.tags.red_start: 'red_start' is an extra place: give its tags under "
        "board.track.places.red_start.tags; expected a loop or lane square here")


def test_a_track_tag_on_an_unknown_square_is_refused_with_the_id_meant(tmp_path):
    folder = root(tmp_path, TRACK.replace("      red_s1: [safe]\n", "      red_s7: [safe]\n"))
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:15:7: board.track.tags.red_s7: unknown place 'red_s7': expected "
                           "a loop square (t0 .. t59) or a lane's place")
    assert text.endswith("did you mean 'red_s1'?")


def test_a_place_id_used_twice_is_refused_at_its_own_line(tmp_path):
    folder = root(tmp_path, TRACK.replace("red_s5, red_home]", "red_s5, t3]"))
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:10:80: board.track.lanes[0].places[5]: 't3' is already the id of a loop square: "
        "expected an id no other place of the board has")


def test_a_second_lane_of_one_owner_at_one_fork_is_refused_at_its_line(tmp_path):
    track = TRACK.replace("red_home]}\n", "red_home]}\n      - {owner: red, from: t2, places: [red_x]}\n")
    text = one_problem(root(tmp_path, track))
    assert ": board.track.lanes[1].from: a second lane of 'red' forks here" in text
    assert "variant.yaml:11:28: " in text


def test_a_lane_owner_no_piece_has_is_said(tmp_path):
    folder = root(tmp_path, TRACK.replace("{owner: red, from: 2", "{owner: rde, from: 2"))
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:10:17: board.track.lanes[0].owner: no piece has owner 'rde', so no piece can enter "
        "this lane; did you mean 'red'?")


def test_an_open_track_ends_advance_retreat_and_distance_at_its_ends(tmp_path):
    folder = root(tmp_path, "board: {track: {loop: 10, closed: false}}\n",
                  probe='g:set("_past", g:advance("t8", 2) == nil); g:set("_last", g:advance("t8", 1)); '
                        'g:set("_before", g:retreat("t0", 1) == nil); '
                        'g:set("_round", g:track_distance("t8", "t1") == nil); '
                        'g:set("_ahead", g:track_distance("t1", "t8"))')
    assert variables(folder, "_past", "_last", "_before", "_round", "_ahead") == {
        "_past": True, "_last": "t9", "_before": True, "_round": True, "_ahead": 7}


def test_lanes_fork_off_an_open_track(tmp_path):
    folder = root(tmp_path, "board:\n  track:\n    loop: 10\n    closed: false\n"
                            "    lanes: [{owner: red, from: 9, places: [r1, r2]}]\npieces: {p: {owner: red}}\n",
                  probe='g:set("_in", g:advance("t9", 1, "red"))')
    assert variables(folder, "_in") == {"_in": "r1"}


def test_a_closed_loop_of_eight_squares_is_drawn_and_a_smaller_one_is_not(tmp_path):
    for loop, drawn in ((8, True), (7, False)):
        folder = root(tmp_path, f"board: {{track: {{loop: {loop}}}}}\n", name=f"loop-{loop}")
        code, out, err = run("play", folder, "-n", "1", "--board")
        assert code == 0, err
        # The drawing's key names the empty square; with no drawing there is none.
        assert ("'.' empty square" in out.split("--- turn 1")[0]) == drawn, out


def _drawing(tmp_path, yaml, name="drawn"):
    folder = root(tmp_path, yaml, name=name)
    code, out, err = run("play", folder, "-n", "1", "--board")
    assert code == 0, err
    return out.split("--- turn 1")[0]


def test_an_open_track_is_drawn_as_a_winding_path_framed_by_its_end_squares_numbers(tmp_path):
    drawing = _drawing(tmp_path, "board: {track: {loop: 12, closed: false, lanes: [{owner: red, from: 3, "
                                 "places: [r1]}]}}\npieces: {p: {owner: red, start: t0}}\n")
    rows = drawing.splitlines()[1:4]
    assert [r.split()[0] for r in rows] == ["0", "7", "8"] and [r.split()[-1] for r in rows] == ["3", "4", "11"]
    assert "not drawn: the lanes" in drawing


def test_an_area_is_drawn_as_owner_and_kind_initials_with_its_count_and_the_owners_named(tmp_path):
    drawing = _drawing(tmp_path, "board: {track: {loop: 12, lanes: [{owner: red, from: 3, places: [r1, rh]}], "
                                 "places: {rs: {kind: start, owner: red}, pool: {kind: pool}}}}\n"
                                 "pieces: {p: {owner: red, start: rs}, q: {owner: red, start: rs}}\n"
                                 "names: {en: {red: Red}}\n")
    assert " RS2 " in drawing
    assert "owners: R=Red" in drawing
    # The pieces an area drawn as a count holds are named under the drawing.
    assert "rs: p, q" in drawing
    # An extra place whose owner has no lane is named as not drawn.
    assert "not drawn (no lane of their owner to draw them beside): pool" in drawing
