"""The classic mansion board, copied from the board document
(../shared/boards/clue-classic.md): the independent reference the Clue movement
tests compare the engine's board with. Rows top to bottom, 24 columns; `#` wall,
`.` corridor, `1`-`6` start squares, `X` the staircase, one letter per room."""

MAP = """\
#########3####4#########
KKKKKK#...BBBB...#CCCCCC
KKKKKK..BBBBBBBB..CCCCCC
KKKKKK..BBBBBBBB..CCCCCC
KKKKKK..BBBBBBBB..CCCCCC
KKKKKK..BBBBBBBB...CCCC#
#KKKKK..BBBBBBBB.......5
........BBBBBBBB.......#
#.................RRRRRR
DDDDD.............RRRRRR
DDDDDDDD..XXXXX...RRRRRR
DDDDDDDD..XXXXX...RRRRRR
DDDDDDDD..XXXXX...RRRRRR
DDDDDDDD..XXXXX........#
DDDDDDDD..XXXXX...LLLLL#
DDDDDDDD..XXXXX..LLLLLLL
#.........XXXXX..LLLLLLL
2................LLLLLLL
#........HHHHHH...LLLLL#
OOOOOOO..HHHHHH........6
OOOOOOO..HHHHHH........#
OOOOOOO..HHHHHH..SSSSSSS
OOOOOOO..HHHHHH..SSSSSSS
OOOOOOO..HHHHHH..SSSSSSS
OOOOOO#1#HHHHHH#.#SSSSSS
""".splitlines()
assert len(MAP) == 25 and all(len(row) == 24 for row in MAP)

# Corridor and start squares, as (row, column).
WALKABLE = {(r, c) for r, row in enumerate(MAP) for c, ch in enumerate(row) if ch in ".123456"}
