#include "cli/board_render.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
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

// One cell of a track drawing as drawn: its text, and the piece it shows by its two
// letters (-1 for none) or the symbol and meaning the key gives it (no symbol:
// nothing); `owner`, when its first letter is an owner's initial (an owned area, a
// stack of one owner's pieces), which the owners' line under the drawing names.
struct RingCell {
  std::string text;
  int piece = -1;
  int rank = 0;
  std::string symbol, meaning, owner;
};

// A track's squares, lanes and areas laid out on a grid of three-character cells,
// with the keys under it. RenderTrackRing and RenderTrackPath place the cells.
class TrackDrawing {
 public:
  TrackDrawing(const Definition& def, const Board& board, const std::map<PlaceIndex, std::vector<int>>& at,
               const std::string& lang, bool colour, int rows, int cols)
      : def_(def), board_(board), at_(at), lang_(lang), colour_(colour), rows_(rows), cols_(cols),
        cells_(static_cast<size_t>(rows), std::vector<std::string>(static_cast<size_t>(cols), "   ")),
        used_(static_cast<size_t>(rows), std::vector<bool>(static_cast<size_t>(cols), false)) {}

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  bool Free(int r, int c) const {
    return r >= 0 && c >= 0 && r < rows_ && c < cols_ && !used_[static_cast<size_t>(r)][static_cast<size_t>(c)];
  }

  // Draws a cell unless the cell is taken or off the drawing; only what is drawn is keyed.
  bool Set(int r, int c, const RingCell& cell) {
    if (!Free(r, c)) return false;
    cells_[static_cast<size_t>(r)][static_cast<size_t>(c)] = cell.text;
    used_[static_cast<size_t>(r)][static_cast<size_t>(c)] = true;
    if (cell.piece >= 0) drawn_[cell.piece] = TrackGlyph(def_.pieces[static_cast<size_t>(cell.piece)]);
    if (!cell.symbol.empty()) symbols_.Add(cell.rank, cell.symbol, cell.meaning);
    if (!cell.owner.empty()) owners_.insert(cell.owner);
    return true;
  }

  // A square of the track or a lane: its piece (or stack), else `empty`.
  RingCell Square(PlaceIndex p, const RingCell& empty) const {
    const int piece = Occupant(p);
    return piece >= 0 ? PieceCell(piece, p) : empty;
  }

  // An empty loop square: its mark, else '.'.
  RingCell LoopCell(PlaceIndex p) const {
    auto mark = def_.marks.find(board_.place(p).id);
    if (mark == def_.marks.end()) return {" . ", -1, kRingSquare, ".", "empty square", ""};
    return {" " + MarkOf(def_, board_.place(p).id, colour_) + " ", -1, kRingMark, mark->second.symbol,
            MarkMeaning(def_, mark->second, lang_), ""};
  }

  // An area (a START, a HOME, a yard) as its kind's initial, after its owner's
  // initial when it has an owner ("RS": Red's START; without colour, four START
  // areas drawn "S" could not be told apart), and how many pieces it holds
  // ("RS4"; unowned "S:4").
  RingCell AreaCell(char letter, PlaceIndex p) const {
    const Place& place = board_.place(p);
    const int n = Count(p);
    const std::string kind = place.kind.empty() ? "area" : place.kind;
    const std::string digit = std::to_string(std::min(n, 9));
    if (!place.owner.empty()) {
      const std::string mine = std::string(1, Initial(place.owner)) + letter;
      if (n == 0) return {Paint(mine + " ", AnsiFor(place.owner), colour_), -1, kRingArea, mine, "empty " + kind, place.owner};
      return {Paint(mine + digit, AnsiFor(place.owner), colour_), -1, kRingArea, mine + "n", kind + " holding n pieces",
              place.owner};
    }
    if (n == 0) return {std::string(" ") + letter + " ", -1, kRingArea, std::string(1, letter), "empty " + kind, ""};
    return {std::string(1, letter) + ":" + digit, -1, kRingArea, std::string(1, letter) + ":n", kind + " holding n pieces", ""};
  }

  // The rows drawn, each after `left[r]` and before `right[r]` when given (an open
  // track's square numbers), then the keys: the pieces drawn by their two letters,
  // every other symbol, the owners whose initials the drawing uses, and `notes`.
  std::string Text(const std::vector<std::string>& left = {}, const std::vector<std::string>& right = {},
                   const std::vector<std::string>& notes = {}) const {
    std::string out;
    for (size_t r = 0; r < cells_.size(); ++r) {
      if (r < left.size()) out += left[r];
      for (const auto& cell : cells_[r]) out += cell;
      if (r < right.size()) out += right[r];
      out += "\n";
    }
    std::string pieces;
    for (const auto& [piece, glyph] : drawn_)
      pieces += (pieces.empty() ? "" : "  ") + glyph + "=" +
                Paint(def_.Name(def_.pieces[static_cast<size_t>(piece)].id, lang_),
                      AnsiFor(def_.pieces[static_cast<size_t>(piece)].owner), colour_);
    if (!pieces.empty()) out += pieces + "\n";
    out += symbols_.Line();
    // "owners: R=Red  B=Blue": what the first letter of "RS" and "R:2" stands for,
    // which the pieces' key says only while one of that owner's pieces is drawn alone.
    std::map<char, std::string> by_initial;
    for (const std::string& owner : owners_) {
      std::string& names = by_initial[Initial(owner)];
      names += (names.empty() ? "" : " or ") + def_.Name(owner, lang_);
    }
    std::string owners;
    for (const std::string& owner : owner_order_)
      if (auto it = by_initial.find(Initial(owner)); it != by_initial.end()) {
        owners += (owners.empty() ? "owners: " : "  ") + std::string(1, it->first) + "=" + it->second;
        by_initial.erase(it);
      }
    if (!owners.empty()) out += owners + "\n";
    for (const std::string& note : notes) out += note + "\n";
    return out;
  }

  // The order owners are named in: the pieces' order (Red, Blue, Yellow, Green).
  void OrderOwners() {
    for (const PieceSpec& piece : def_.pieces)
      if (!piece.owner.empty() && std::find(owner_order_.begin(), owner_order_.end(), piece.owner) == owner_order_.end())
        owner_order_.push_back(piece.owner);
    for (PlaceIndex p = 0; p < board_.size(); ++p) {
      const std::string& owner = board_.place(p).owner;
      if (!owner.empty() && std::find(owner_order_.begin(), owner_order_.end(), owner) == owner_order_.end())
        owner_order_.push_back(owner);
    }
  }

  static char Initial(const std::string& owner) {
    return owner.empty() ? '*' : static_cast<char>(std::toupper(static_cast<unsigned char>(owner[0])));
  }

 private:
  // The piece a square shows: its first occupying piece, else its first piece (a
  // game whose tokens share squares may make them non-occupying).
  int Occupant(PlaceIndex p) const {
    auto it = at_.find(p);
    if (it == at_.end()) return -1;
    for (int piece : it->second)
      if (def_.pieces[static_cast<size_t>(piece)].occupies) return piece;
    return it->second.front();
  }
  int Count(PlaceIndex p) const {
    auto it = at_.find(p);
    return it == at_.end() ? 0 : static_cast<int>(it->second.size());
  }
  // One piece as its two letters ("R3"); a stack as its owner's initial (or '*' for
  // owners mixed) and how many ("R:2"), listed by name under the drawing.
  RingCell PieceCell(int piece, PlaceIndex p) const {
    const PieceSpec& pd = def_.pieces[static_cast<size_t>(piece)];
    const int n = Count(p);
    if (n <= 1) {
      RingCell one;
      one.text = " " + Paint(TrackGlyph(pd), "1;" + AnsiFor(pd.owner), colour_);
      one.piece = piece;
      return one;
    }
    std::string owner = pd.owner;
    for (int other : at_.find(p)->second)
      if (def_.pieces[static_cast<size_t>(other)].owner != owner) owner.clear();
    const std::string initial(1, Initial(owner));
    return {Paint(initial + ":" + std::to_string(std::min(n, 9)), "1;" + AnsiFor(owner), colour_), -1, kRingStack,
            initial + ":n", owner.empty() ? "n pieces of several owners (named below)" : "n pieces of one owner (named below)",
            owner};
  }

  const Definition& def_;
  const Board& board_;
  const std::map<PlaceIndex, std::vector<int>>& at_;
  const std::string& lang_;
  const bool colour_;
  const int rows_, cols_;
  std::vector<std::vector<std::string>> cells_;
  std::vector<std::vector<bool>> used_;
  SymbolKey symbols_;
  std::map<int, std::string> drawn_;  // piece -> its two letters, for the pieces' key
  std::set<std::string> owners_;      // owners whose initial a cell shows
  std::vector<std::string> owner_order_;
};

// The next place along a lane (its track edge), kNoPlace at its end.
PlaceIndex NextInLane(const Board& board, PlaceIndex p) {
  for (const Edge& e : board.place(p).out)
    if (e.kind == EdgeKind::kTrack) return e.to;
  return kNoPlace;
}

// A lane square's cell: its piece or stack, else '-'; the lane's end area (a HOME:
// any place the core did not make a "lane" square) as an area, whatever its capacity
// (Ludo's lane squares hold any number of tokens, and are squares all the same).
RingCell LaneCell(const TrackDrawing& drawing, const Board& board, PlaceIndex p, bool colour) {
  const Place& place = board.place(p);
  if (place.area || place.kind != "lane")
    return drawing.AreaCell(static_cast<char>(std::toupper(static_cast<unsigned char>(place.kind.empty() ? 'E' : place.kind[0]))), p);
  return drawing.Square(p, {Paint(" - ", AnsiFor(place.owner), colour), -1, kRingLane, "-",
                            "empty lane square (its owner's pieces only)", ""});
}

// True when the loop's last square leads back to its first (`closed: true`).
bool TrackIsClosed(const Board& board) {
  const int loop = board.track_loop();
  for (const Edge& e : board.place(loop - 1).out)
    if (e.kind == EdgeKind::kTrack && e.to == 0) return true;
  return false;
}

// The places (a START area, a yard, a lane square) a drawing could not place, as a
// note saying so: "not drawn (no room inside the ring): Red yard, Green yard (the
// pieces there are listed below)". "" when every one was drawn.
std::string UndrawnNote(const Definition& def, const Board& board, const std::vector<PlaceIndex>& undrawn,
                        const std::string& why, const std::string& lang) {
  if (undrawn.empty()) return "";
  std::string names;
  for (PlaceIndex p : undrawn) names += (names.empty() ? "" : ", ") + def.Name(board.place(p).id, lang);
  return "not drawn (" + why + "): " + names + " (the pieces there are listed below)";
}

// Whether a place is one of a track's extra places (not joined to it by any edge).
bool IsExtraPlace(const Board& board, PlaceIndex p) {
  const Place& place = board.place(p);
  return p >= board.track_loop() && place.out.empty() && place.in.empty();
}

// A closed track drawn as a ring (loop index 0 at the top-left corner, moving
// clockwise): a square for a loop of a multiple of 4 squares, else a rectangle whose
// right and left sides are one square longer (a 90-square loop: 22 across, 23 down);
// an odd loop is drawn as the ring of one square more, its bottom-left corner left
// blank (the loop turns that corner on the diagonal). Each owner-only lane is a
// column of squares running inwards from its fork, its end area (HOME) after it, and
// the extra place of the same owner (a START area, a yard) two cells beside the
// lane's second square, or, that cell being taken (a lane forking next to a corner),
// in the free inner cell nearest to it; each area shows its owner and how many
// pieces it holds. Cells are three characters wide. Under the ring, a key names the
// pieces drawn by their two letters and says what every other symbol drawn means.
// Returns "" when the loop is below 8 squares (too small to draw as a ring).
std::string RenderTrackRing(const Definition& def, const Board& board,
                            const std::map<PlaceIndex, std::vector<int>>& at, const std::string& lang, bool colour) {
  const int loop = board.track_loop();
  if (loop < 8) return "";
  const int positions = loop + loop % 2;  // ring cells: an odd loop leaves one corner blank
  const int across = positions / 4, down = positions / 2 - across;  // squares along the top side and the right side
  const int skipped = loop % 2 ? 2 * across + down : -1;            // the bottom-left corner
  TrackDrawing drawing(def, board, at, lang, colour, down + 1, across + 1);
  drawing.OrderOwners();
  auto position = [&](int i) { return skipped >= 0 && i >= skipped ? i + 1 : i; };
  auto cell_of = [&](int i) -> std::pair<int, int> {
    i = position(i);
    if (i < across) return {0, i};
    if (i < across + down) return {i - across, across};
    if (i < 2 * across + down) return {down, across - (i - across - down)};
    return {down - (i - 2 * across - down), 0};
  };
  auto side_of = [&](int i) {
    i = position(i);
    return i < across ? 0 : i < across + down ? 1 : i < 2 * across + down ? 2 : 3;
  };
  // Inward and forward directions of each side of the ring.
  const int in_r[4] = {1, 0, -1, 0}, in_c[4] = {0, -1, 0, 1};
  const int fw_r[4] = {0, 1, 0, -1}, fw_c[4] = {1, 0, -1, 0};
  for (int i = 0; i < loop; ++i) {
    auto [r, c] = cell_of(i);
    drawing.Set(r, c, drawing.Square(i, drawing.LoopCell(i)));
  }
  std::map<std::string, std::pair<int, int>> start_cell;  // owner -> cell for its extra place
  std::vector<PlaceIndex> no_room, no_lane;                 // places given no cell
  for (int i = 0; i < loop; ++i) {
    for (const Edge& edge : board.place(i).out) {
      if (edge.kind != EdgeKind::kBranch) continue;
      const int s = side_of(i);
      auto [r, c] = cell_of(i);
      int step = 1;
      for (PlaceIndex p = edge.to; p != kNoPlace; p = NextInLane(board, p), ++step)
        if (!drawing.Set(r + in_r[s] * step, c + in_c[s] * step, LaneCell(drawing, board, p, colour)))
          no_room.push_back(p);  // crossing another lane on a small ring
      start_cell[edge.owner] = {r + 2 * in_r[s] + 2 * fw_r[s], c + 2 * in_c[s] + 2 * fw_c[s]};
    }
  }
  // Extra places (not joined to the track) of a lane's owner, beside that lane: in
  // the cell two beside it, else in the free cell inside the ring nearest to that
  // one (the first in reading order among the nearest). One that finds no cell, or
  // whose owner has no lane, is said not to be drawn (it was left out silently).
  for (PlaceIndex p = 0; p < board.size(); ++p) {
    const Place& place = board.place(p);
    if (!IsExtraPlace(board, p)) continue;
    auto it = start_cell.find(place.owner);
    if (place.owner.empty() || it == start_cell.end()) {
      no_lane.push_back(p);
      continue;
    }
    const RingCell cell = drawing.AreaCell(
        static_cast<char>(std::toupper(static_cast<unsigned char>(place.kind.empty() ? 'A' : place.kind[0]))), p);
    auto [want_r, want_c] = it->second;
    bool placed = drawing.Set(want_r, want_c, cell);
    int best = -1, best_r = 0, best_c = 0;
    for (int r = 1; !placed && r + 1 < drawing.rows(); ++r)
      for (int c = 1; c + 1 < drawing.cols(); ++c) {
        const int d = std::abs(r - want_r) + std::abs(c - want_c);
        if (drawing.Free(r, c) && (best < 0 || d < best)) best = d, best_r = r, best_c = c;
      }
    if (!placed && best >= 0) placed = drawing.Set(best_r, best_c, cell);
    if (!placed) no_room.push_back(p);
  }
  std::vector<std::string> notes;
  if (const std::string n = UndrawnNote(def, board, no_room, "no room inside the ring", lang); !n.empty()) notes.push_back(n);
  if (const std::string n = UndrawnNote(def, board, no_lane, "no lane of their owner to draw them beside", lang); !n.empty())
    notes.push_back(n);
  return drawing.Text({}, {}, notes);
}

// An open track (`closed: false`: a race from its first square to its last, such as
// Snakes and Ladders) drawn as a path winding down a grid: square 0 at the top left,
// left to right along the first row, right to left along the next, and so on
// (boustrophedon), as wide as the square root of its length (101 squares: 11 across,
// 10 down), each row framed by the numbers of the squares at its two ends (a short
// last row's number at its left margin, before the blanks, when it runs leftwards). Its
// lanes and extra places are not drawn (a note says so: they are listed below the
// drawing with what they hold).
std::string RenderTrackPath(const Definition& def, const Board& board,
                            const std::map<PlaceIndex, std::vector<int>>& at, const std::string& lang, bool colour) {
  const int loop = board.track_loop();
  int across = 1;
  while (across * across < loop) ++across;
  const int rows = (loop + across - 1) / across;
  TrackDrawing drawing(def, board, at, lang, colour, rows, across);
  drawing.OrderOwners();
  const int width = static_cast<int>(std::to_string(loop - 1).size());
  auto pad = [&](const std::string& s) { return std::string(static_cast<size_t>(width) - s.size(), ' ') + s; };
  std::vector<std::string> left(static_cast<size_t>(rows), pad("") + " "), right(static_cast<size_t>(rows), "");
  for (int i = 0; i < loop; ++i) {
    const int r = i / across, k = i % across, c = r % 2 == 0 ? k : across - 1 - k;
    drawing.Set(r, c, drawing.Square(i, drawing.LoopCell(i)));
    // The squares at the row's two ends as drawn: a short last row running right to
    // left has its last square, not a blank, at its left end.
    const bool leftmost = r % 2 == 0 ? k == 0 : (k == across - 1 || i == loop - 1);
    const bool rightmost = r % 2 == 0 ? (k == across - 1 || i == loop - 1) : k == 0;
    if (leftmost) left[static_cast<size_t>(r)] = pad(std::to_string(i)) + " ";
    if (rightmost) right[static_cast<size_t>(r)] = " " + std::to_string(i);
  }
  std::vector<std::string> notes = {"the track runs from square 0 (top left) along each row and back along the next, to square " +
                                    std::to_string(loop - 1) + "; the numbers are those of the squares at each row's ends"};
  bool lanes = false;
  std::vector<PlaceIndex> extras;
  for (PlaceIndex p = board.track_loop(); p < board.size(); ++p) {
    if (IsExtraPlace(board, p)) extras.push_back(p);
    else lanes = true;
  }
  if (lanes) notes.push_back("not drawn: the lanes (the pieces there are listed below)");
  if (const std::string n = UndrawnNote(def, board, extras, "not on the track", lang); !n.empty()) notes.push_back(n);
  return drawing.Text(left, right, notes);
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
  // A track is drawn as a ring when it closes, as a winding path when it does not;
  // a loop below 8 squares is not drawn (only listed).
  bool track_drawn = false;
  if (board.rows() == 0 && board.is_track()) {
    out += TrackIsClosed(board) ? RenderTrackRing(def, board, at, lang, colour)
                                : RenderTrackPath(def, board, at, lang, colour);
    track_drawn = !out.empty();
  }
  // Areas (and, on boards without a map, every place) with what they hold; under
  // a drawn track, every place off the loop (lanes, START and HOME areas) and the
  // loop's stacks.
  for (const auto& [place, pieces] : at) {
    if (board.rows() > 0 && !board.place(place).area) continue;
    // A loop square's one piece is drawn in the ring; a stack is named here too.
    if (track_drawn && place < board.track_loop() && pieces.size() == 1)
      continue;
    std::string line = def.Name(board.place(place).id, lang) + ":";
    for (size_t i = 0; i < pieces.size(); ++i) line += (i ? ", " : " ") + piece_name(pieces[i]);
    out += line + "\n";
  }
  return out;
}

}  // namespace parlor
