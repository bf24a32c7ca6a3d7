#include "cli/board_render.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace parlor {

namespace {

// ANSI colours for pieces whose owner tag is a common colour word; any other tag is
// printed without colour. This is presentation only: the core knows no colours.
std::string AnsiFor(const std::string& tag) {
  static const std::map<std::string, std::string> kCodes = {
      {"red", "31"}, {"green", "32"}, {"yellow", "33"}, {"blue", "34"}, {"purple", "35"},
      {"magenta", "35"}, {"cyan", "36"}, {"white", "97"}, {"black", "90"}, {"orange", "33"}};
  auto it = kCodes.find(tag);
  return it == kCodes.end() ? "" : it->second;
}

std::string Paint(const std::string& text, const std::string& code, bool colour) {
  if (!colour || code.empty()) return text;
  return "\033[" + code + "m" + text + "\033[0m";
}

// One letter per occupying piece, none of them a character the board's map already
// draws (an area's fill letter, a start square's digit), so that a token on a square
// never reads as a room: the first letter of its id in upper case, else in lower
// case ("scarlet" beside a Study drawn with S is "s"), else the next letters of its
// id the same way; '?' when every one is taken.
std::map<int, char> Glyphs(const Definition& def, const std::set<char>& map_chars) {
  std::map<int, char> glyphs;
  std::set<char> used(map_chars);
  for (size_t p = 0; p < def.pieces.size(); ++p) {
    if (!def.pieces[p].occupies) continue;
    char chosen = '?';
    for (char c : def.pieces[p].id) {
      if (!std::isalpha(static_cast<unsigned char>(c))) continue;
      const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      const char low = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (!used.count(up)) chosen = up;
      else if (!used.count(low)) chosen = low;
      else continue;
      break;
    }
    used.insert(chosen);
    glyphs[static_cast<int>(p)] = chosen;
  }
  return glyphs;
}

// Two letters for a piece on a track: its owner's initial and the last letter or
// digit of its id ("red_3" -> "R3"); without an owner, the first two of its id.
std::string TrackGlyph(const PieceSpec& piece) {
  std::string g;
  if (!piece.owner.empty()) {
    g += static_cast<char>(std::toupper(static_cast<unsigned char>(piece.owner[0])));
    for (auto it = piece.id.rbegin(); it != piece.id.rend(); ++it)
      if (std::isalnum(static_cast<unsigned char>(*it))) {
        g += *it;
        break;
      }
  } else {
    for (char c : piece.id)
      if (std::isalnum(static_cast<unsigned char>(c)) && g.size() < 2) g += c;
  }
  while (g.size() < 2) g += ' ';
  return g;
}

// An empty place's mark from the definition's `marks:` (a slide's arrow, say), in
// its owner's colour; "" when it has none.
std::string MarkOf(const Definition& def, const std::string& place, bool colour) {
  auto it = def.marks.find(place);
  return it == def.marks.end() ? "" : Paint(it->second.symbol, AnsiFor(it->second.owner), colour);
}

// The key line for the drawing's other symbols: each symbol the drawing used, with
// what it means, in the order of their ranks (then of first use). Symbols that mean
// the same are listed together ("'1'-'6' empty start square"). Quoted, because some
// are blanks or '=' ("' ' 'X' wall", "'=' slide").
class SymbolKey {
 public:
  void Add(int rank, const std::string& symbol, const std::string& meaning) {
    for (Entry& e : entries_)
      if (e.meaning == meaning) {
        if (std::find(e.symbols.begin(), e.symbols.end(), symbol) == e.symbols.end()) e.symbols.push_back(symbol);
        return;
      }
    entries_.push_back({rank, meaning, {symbol}});
  }
  // "" when nothing was added; else the line, with its newline.
  std::string Line() const {
    std::vector<Entry> sorted = entries_;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Entry& a, const Entry& b) { return a.rank < b.rank; });
    std::string line;
    for (const Entry& e : sorted) line += (line.empty() ? "" : "  ") + Quoted(e.symbols) + " " + e.meaning;
    return line.empty() ? "" : line + "\n";
  }

 private:
  struct Entry {
    int rank;
    std::string meaning;
    std::vector<std::string> symbols;
  };
  // "'1'-'6'" for a run of three or more consecutive characters, else each quoted.
  static std::string Quoted(std::vector<std::string> symbols) {
    std::sort(symbols.begin(), symbols.end());
    std::string out;
    for (size_t i = 0; i < symbols.size();) {
      size_t j = i;
      while (j + 1 < symbols.size() && symbols[j].size() == 1 && symbols[j + 1].size() == 1 &&
             symbols[j + 1][0] == symbols[j][0] + 1)
        ++j;
      out += (out.empty() ? "" : " ");
      if (j >= i + 2) {
        out += "'" + symbols[i] + "'-'" + symbols[j] + "'";
        i = j + 1;
      } else {
        out += "'" + symbols[i] + "'";
        ++i;
      }
    }
    return out;
  }
  std::vector<Entry> entries_;
};

// What a definition's mark means, for the key: the display name of its `meaning`
// (an id looked up in `names:`), or a plain "marked square" when it has none.
std::string MarkMeaning(const Definition& def, const Definition::PlaceMark& mark, const std::string& lang) {
  return mark.meaning.empty() ? "marked square" : def.Name(mark.meaning, lang);
}

// Ranks of the ring key's entries: squares, marks, lanes, areas, stacks.
enum RingKeyRank { kRingSquare, kRingMark, kRingLane, kRingArea, kRingStack };

// One cell of a ring as drawn: its text, and the piece it shows by its two letters
// (-1 for none) or the symbol and meaning the key gives it (no symbol: nothing).
struct RingCell {
  std::string text;
  int piece = -1;
  int rank = 0;
  std::string symbol, meaning;
};

// A looping track drawn as a ring (loop index 0 at the top-left corner, moving
// clockwise): a square for a loop of a multiple of 4 squares, else a rectangle whose
// right and left sides are one square longer (a 90-square loop: 22 across, 23 down),
// each owner-only lane as a column of squares running inwards from its fork, its end
// area (HOME) after it, and the extra place of the same owner (a START area) two
// cells beside the lane's second square, each area showing how many pieces it holds.
// Cells are three characters wide. Under the ring, a key names the pieces drawn
// by their two letters and says what every other symbol drawn means. Returns ""
// when the loop cannot be drawn as a ring (an odd length, or below 8).
std::string RenderTrackRing(const Definition& def, const Board& board,
                            const std::map<PlaceIndex, std::vector<int>>& at, const std::string& lang, bool colour) {
  const int loop = board.track_loop();
  if (loop < 8 || loop % 2 != 0) return "";
  const int across = loop / 4, down = loop / 2 - across;  // squares along the top side and the right side
  const int rows = down + 1, cols = across + 1;
  std::vector<std::vector<std::string>> cells(static_cast<size_t>(rows), std::vector<std::string>(static_cast<size_t>(cols), "   "));
  auto cell_of = [&](int i) -> std::pair<int, int> {
    if (i < across) return {0, i};
    if (i < across + down) return {i - across, across};
    if (i < 2 * across + down) return {down, across - (i - across - down)};
    return {down - (i - 2 * across - down), 0};
  };
  auto side_of = [&](int i) { return i < across ? 0 : i < across + down ? 1 : i < 2 * across + down ? 2 : 3; };
  // Inward and forward directions of each side of the ring.
  const int in_r[4] = {1, 0, -1, 0}, in_c[4] = {0, -1, 0, 1};
  const int fw_r[4] = {0, 1, 0, -1}, fw_c[4] = {1, 0, -1, 0};
  // The piece a square shows: its first occupying piece, else its first piece (a
  // game whose tokens share squares may make them non-occupying).
  auto occupant = [&](PlaceIndex p) -> int {
    auto it = at.find(p);
    if (it == at.end()) return -1;
    for (int piece : it->second)
      if (def.pieces[static_cast<size_t>(piece)].occupies) return piece;
    return it->second.front();
  };
  auto count = [&](PlaceIndex p) {
    auto it = at.find(p);
    return it == at.end() ? 0 : static_cast<int>(it->second.size());
  };
  // One piece as its two letters ("R3"); a stack as its owner's initial (or '*' for
  // owners mixed) and how many ("R:2"), listed by name under the drawing.
  auto piece_cell = [&](int piece, PlaceIndex p) -> RingCell {
    const PieceSpec& pd = def.pieces[static_cast<size_t>(piece)];
    const int n = count(p);
    if (n <= 1) {
      RingCell one;
      one.text = " " + Paint(TrackGlyph(pd), "1;" + AnsiFor(pd.owner), colour);
      one.piece = piece;
      return one;
    }
    std::string owner = pd.owner;
    for (int other : at.find(p)->second)
      if (def.pieces[static_cast<size_t>(other)].owner != owner) owner.clear();
    const std::string initial(1, owner.empty() ? '*' : static_cast<char>(std::toupper(static_cast<unsigned char>(owner[0]))));
    return {Paint(initial + ":" + std::to_string(std::min(n, 9)), "1;" + AnsiFor(owner), colour), -1, kRingStack,
            initial + ":n", owner.empty() ? "n pieces of several owners (named below)" : "n pieces of one owner (named below)"};
  };
  // An area (a START, a HOME) as its kind's initial, with how many pieces it holds.
  auto area_cell = [&](char letter, PlaceIndex p, const std::string& owner) -> RingCell {
    const int n = count(p);
    const std::string kind = board.place(p).kind.empty() ? "area" : board.place(p).kind;
    if (n == 0) return {Paint(std::string(" ") + letter + " ", AnsiFor(owner), colour), -1, kRingArea, std::string(1, letter), "empty " + kind};
    return {Paint(std::string(1, letter) + ":" + std::to_string(std::min(n, 9)), AnsiFor(owner), colour), -1, kRingArea,
            std::string(1, letter) + ":n", kind + " holding n pieces"};
  };
  // An empty loop square: its mark, else '.'.
  auto loop_cell = [&](PlaceIndex p) -> RingCell {
    auto mark = def.marks.find(board.place(p).id);
    if (mark == def.marks.end()) return {" . ", -1, kRingSquare, ".", "empty square"};
    return {" " + MarkOf(def, board.place(p).id, colour) + " ", -1, kRingMark, mark->second.symbol, MarkMeaning(def, mark->second, lang)};
  };
  std::vector<std::vector<bool>> used(static_cast<size_t>(rows), std::vector<bool>(static_cast<size_t>(cols), false));
  SymbolKey symbols;
  std::map<int, std::string> drawn;  // piece -> its two letters, for the pieces' key
  // Draws a cell unless the cell is taken or off the drawing; only what is drawn is keyed.
  auto set = [&](int r, int c, const RingCell& cell) {
    if (r < 0 || c < 0 || r >= rows || c >= cols || used[static_cast<size_t>(r)][static_cast<size_t>(c)]) return false;
    cells[static_cast<size_t>(r)][static_cast<size_t>(c)] = cell.text;
    used[static_cast<size_t>(r)][static_cast<size_t>(c)] = true;
    if (cell.piece >= 0) drawn[cell.piece] = TrackGlyph(def.pieces[static_cast<size_t>(cell.piece)]);
    if (!cell.symbol.empty()) symbols.Add(cell.rank, cell.symbol, cell.meaning);
    return true;
  };
  for (int i = 0; i < loop; ++i) {
    auto [r, c] = cell_of(i);
    int piece = occupant(i);
    set(r, c, piece >= 0 ? piece_cell(piece, i) : loop_cell(i));
  }
  std::set<std::string> lane_owners;
  std::map<std::string, std::pair<int, int>> start_cell;  // owner -> cell for its extra place
  for (int i = 0; i < loop; ++i) {
    for (const Edge& edge : board.place(i).out) {
      if (edge.kind != EdgeKind::kBranch) continue;
      const int s = side_of(i);
      auto [r, c] = cell_of(i);
      PlaceIndex p = edge.to;
      for (int step = 1; p != kNoPlace; ++step) {
        const Place& place = board.place(p);
        int rr = r + in_r[s] * step, cc = c + in_c[s] * step;
        int piece = occupant(p);
        const RingCell lane_square{Paint(" - ", AnsiFor(place.owner), colour), -1, kRingLane, "-", "empty lane square (its owner's pieces only)"};
        set(rr, cc, (place.area || place.capacity == kUnlimited) ? area_cell(static_cast<char>(std::toupper(static_cast<unsigned char>(place.kind.empty() ? 'E' : place.kind[0]))), p, place.owner)
                    : piece >= 0 ? piece_cell(piece, p) : lane_square);
        PlaceIndex next = kNoPlace;
        for (const Edge& e : place.out)
          if (e.kind == EdgeKind::kTrack) next = e.to;
        p = next;
      }
      lane_owners.insert(edge.owner);
      start_cell[edge.owner] = {r + 2 * in_r[s] + 2 * fw_r[s], c + 2 * in_c[s] + 2 * fw_c[s]};
    }
  }
  // Extra places (not joined to the track) of a lane's owner, beside that lane.
  for (PlaceIndex p = 0; p < board.size(); ++p) {
    const Place& place = board.place(p);
    if (p < loop || !place.out.empty() || !place.in.empty() || place.owner.empty()) continue;
    auto it = start_cell.find(place.owner);
    if (it == start_cell.end()) continue;
    char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(place.kind.empty() ? 'A' : place.kind[0])));
    if (set(it->second.first, it->second.second, area_cell(letter, p, place.owner))) start_cell.erase(it);
  }
  std::string out;
  for (const auto& row : cells) {
    for (const auto& cell : row) out += cell;
    out += "\n";
  }
  std::string pieces;
  for (const auto& [piece, glyph] : drawn)
    pieces += (pieces.empty() ? "" : "  ") + glyph + "=" +
              Paint(def.Name(def.pieces[static_cast<size_t>(piece)].id, lang), AnsiFor(def.pieces[static_cast<size_t>(piece)].owner), colour);
  if (!pieces.empty()) out += pieces + "\n";
  return out + symbols.Line();
}

// The character an empty door square is drawn with: the first of a few that neither
// the map nor a mark uses, so a door never reads as a room, a start or a mark; 0
// when every one is taken (doors are then not drawn).
char DoorSymbol(const Definition& def, const std::set<char>& map_chars) {
  for (char c : std::string("+:~^%&@")) {
    bool taken = map_chars.count(c) > 0;
    for (const auto& [place, mark] : def.marks) taken = taken || mark.symbol == std::string(1, c);
    if (!taken) return c;
  }
  return 0;
}

// The kinds of the areas a square has doors into ("room"), joined by " or "; ""
// when it has none.
std::string DoorKinds(const Board& board, PlaceIndex square) {
  std::set<std::string> kinds;
  for (const Edge& edge : board.place(square).out)
    if (edge.kind == EdgeKind::kDoor) kinds.insert(board.place(edge.to).kind);
  std::string out;
  for (const std::string& k : kinds) out += (out.empty() ? "" : " or ") + k;
  return out;
}

// Ranks of the grid key's entries: squares, doors, other squares, marks, walls.
enum GridKeyRank { kRankSquare, kRankDoor, kRankKind, kRankMark, kRankWall };

// One cell of a grid map as drawn, noting its symbol in the key: a wall (blank for
// '#', else its own character), an area's fill letter (keyed separately), a token's
// letter (keyed separately), a mark, a door square, '.' for a plain square, or the
// map's character for a square of another kind (a start square's digit).
std::string GridCell(const Definition& def, const Board& board, int r, int c,
                     const std::map<PlaceIndex, std::vector<int>>& at, std::map<int, char>& glyphs,
                     char door, const std::string& lang, bool colour, SymbolKey* key, std::set<int>* drawn) {
  const PlaceIndex p = board.FindCell(r, c);
  const char map_char = board.grid_map()[static_cast<size_t>(r)][static_cast<size_t>(c)];
  if (p == kNoPlace) {
    const char drawn = map_char == '#' ? ' ' : map_char;
    key->Add(kRankWall, std::string(1, drawn), "wall");
    return Paint(std::string(1, drawn), "90", colour);
  }
  const Place& place = board.place(p);
  if (place.area) return Paint(std::string(1, map_char), "2", colour);
  int token = -1;
  if (auto it = at.find(p); it != at.end())
    for (int piece : it->second)
      if (def.pieces[static_cast<size_t>(piece)].occupies) token = piece;
  if (token >= 0) {
    drawn->insert(token);  // keyed under the map: its letter is on it
    return Paint(std::string(1, glyphs[token]), "1;" + AnsiFor(def.pieces[static_cast<size_t>(token)].owner), colour);
  }
  if (auto mark = def.marks.find(place.id); mark != def.marks.end()) {
    key->Add(kRankMark, mark->second.symbol, MarkMeaning(def, mark->second, lang));
    return MarkOf(def, place.id, colour);
  }
  if (const std::string kinds = DoorKinds(board, p); door != 0 && !kinds.empty()) {
    key->Add(kRankDoor, std::string(1, door), "square at a " + kinds + " door");
    return std::string(1, door);
  }
  if (place.kind == "square") {
    key->Add(kRankSquare, ".", "empty square");
    return ".";
  }
  key->Add(kRankKind, std::string(1, map_char), "empty " + place.kind + " square");
  return std::string(1, map_char);
}

// The character a move's target square is drawn with: the first of a few that
// neither the map, a mark nor the door symbol uses; 0 when every one is taken.
char TargetSymbol(const Definition& def, const std::set<char>& map_chars, char door) {
  for (char c : std::string("*!$")) {
    bool taken = map_chars.count(c) > 0 || c == door;
    for (const auto& [place, mark] : def.marks) taken = taken || mark.symbol == std::string(1, c);
    if (!taken) return c;
  }
  return 0;
}

// Column numbers over a map of `cols` columns, indented by `indent`: the tens on one
// line (blank under 10), the units on the next.
std::string ColumnRuler(int cols, size_t indent) {
  std::string tens(indent, ' '), units(indent, ' ');
  for (int c = 0; c < cols; ++c) {
    tens += c < 10 ? ' ' : static_cast<char>('0' + (c / 10) % 10);
    units += static_cast<char>('0' + c % 10);
  }
  return (cols > 10 ? tens + "\n" : "") + units + "\n";
}

}  // namespace

std::string RenderBoard(const Definition& def, const State& state, const std::string& lang, bool colour,
                        const std::set<PlaceIndex>* targets) {
  if (!def.board || def.board->size() == 0) return "";
  const Board& board = *def.board;
  std::map<PlaceIndex, std::vector<int>> at;
  for (size_t p = 0; p < state.piece_place.size(); ++p)
    if (state.piece_place[p] != kNoPlace) at[state.piece_place[p]].push_back(static_cast<int>(p));
  auto piece_name = [&](int p) {
    return Paint(def.Name(def.pieces[static_cast<size_t>(p)].id, lang), AnsiFor(def.pieces[static_cast<size_t>(p)].owner), colour);
  };
  std::string out;
  if (board.rows() > 0) {
    // The map's characters, and each area's fill letter (for the key under the map).
    std::set<char> map_chars;
    std::map<PlaceIndex, char> area_letter;
    for (int r = 0; r < board.rows(); ++r)
      for (int c = 0; c < board.cols(); ++c) {
        const char ch = board.grid_map()[static_cast<size_t>(r)][static_cast<size_t>(c)];
        map_chars.insert(ch);
        const PlaceIndex p = board.FindCell(r, c);
        if (p != kNoPlace && board.place(p).area) area_letter.emplace(p, ch);
      }
    auto glyphs = Glyphs(def, map_chars);
    const char door = DoorSymbol(def, map_chars);
    SymbolKey symbols;
    std::set<int> drawn;  // the pieces whose letters the map shows
    const char target = targets ? TargetSymbol(def, map_chars, door) : 0;
    const size_t margin = std::to_string(std::max(board.rows() - 1, 0)).size() + 1;  // "24 "
    if (targets) out += ColumnRuler(board.cols(), margin);
    for (int r = 0; r < board.rows(); ++r) {
      if (targets) {
        const std::string n = std::to_string(r);
        out += std::string(margin - 1 - n.size(), ' ') + n + " ";
      }
      for (int c = 0; c < board.cols(); ++c) {
        const PlaceIndex p = board.FindCell(r, c);
        if (target != 0 && p != kNoPlace && !board.place(p).area && targets->count(p) && !at.count(p)) {
          symbols.Add(kRankMark, std::string(1, target), "a square you can move to (row,col: the numbers around the map)");
          out += Paint(std::string(1, target), "1;7", colour);
          continue;
        }
        out += GridCell(def, board, r, c, at, glyphs, door, lang, colour, &symbols, &drawn);
      }
      out += "\n";
    }
    // Letters are chosen for every piece (so a piece keeps its letter when it comes
    // back), but only the letters drawn are keyed: not those of pieces set-up put
    // away, nor of tokens in a room, which the map draws as the room's letter and
    // the lines below the key name ("Lounge: Miss Scarlet"): keyed, "s=Miss Scarlet"
    // sent a person looking for an s the map did not have.
    std::string key;
    for (const auto& [piece, glyph] : glyphs) {
      if (!drawn.count(piece)) continue;
      key += (key.empty() ? "" : "  ") + std::string(1, glyph) + "=" + piece_name(piece);
    }
    out += key + "\n";
    std::string areas;
    for (const auto& [place, letter] : area_letter)
      areas += (areas.empty() ? "" : "  ") + std::string(1, letter) + "=" + def.Name(board.place(place).id, lang);
    if (!areas.empty()) out += areas + "\n";
    out += symbols.Line();
  }
  const bool ring = board.rows() == 0 && board.is_track();
  if (ring) out += RenderTrackRing(def, board, at, lang, colour);
  // Areas (and, on boards without a map, every place) with what they hold; under
  // a drawn track ring, every place off the loop (lanes, START and HOME areas).
  for (const auto& [place, pieces] : at) {
    if (board.rows() > 0 && !board.place(place).area) continue;
    // A loop square's one piece is drawn in the ring; a stack is named here too.
    if (ring && !out.empty() && place < board.track_loop() && board.track_loop() % 2 == 0 && board.track_loop() >= 8 &&
        pieces.size() == 1)
      continue;
    std::string line = def.Name(board.place(place).id, lang) + ":";
    for (size_t i = 0; i < pieces.size(); ++i) line += (i ? ", " : " ") + piece_name(pieces[i]);
    out += line + "\n";
  }
  return out;
}

}  // namespace parlor
