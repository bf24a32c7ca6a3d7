#include "cli/board_render.h"

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

// One letter per occupying piece: the first letter of its id not taken yet.
std::map<int, char> Glyphs(const Definition& def) {
  std::map<int, char> glyphs;
  std::set<char> used;
  for (size_t p = 0; p < def.pieces.size(); ++p) {
    if (!def.pieces[p].occupies) continue;
    char chosen = '?';
    for (char c : def.pieces[p].id) {
      char up = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (std::isalpha(static_cast<unsigned char>(up)) && !used.count(up)) {
        chosen = up;
        break;
      }
    }
    used.insert(chosen);
    glyphs[static_cast<int>(p)] = chosen;
  }
  return glyphs;
}

}  // namespace

std::string RenderBoard(const Definition& def, const State& state, const std::string& lang, bool colour) {
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
    auto glyphs = Glyphs(def);
    for (int r = 0; r < board.rows(); ++r) {
      for (int c = 0; c < board.cols(); ++c) {
        PlaceIndex p = board.FindCell(r, c);
        char map_char = board.grid_map()[static_cast<size_t>(r)][static_cast<size_t>(c)];
        if (p == kNoPlace) {
          out += Paint(std::string(1, map_char == '#' ? ' ' : map_char), "90", colour);
        } else if (board.place(p).area) {
          out += Paint(std::string(1, map_char), "2", colour);
        } else {
          auto it = at.find(p);
          int token = -1;
          if (it != at.end())
            for (int piece : it->second)
              if (def.pieces[static_cast<size_t>(piece)].occupies) token = piece;
          if (token >= 0)
            out += Paint(std::string(1, glyphs[token]), "1;" + AnsiFor(def.pieces[static_cast<size_t>(token)].owner), colour);
          else
            out += board.place(p).kind == "square" ? "." : std::string(1, map_char);
        }
      }
      out += "\n";
    }
    std::string key;
    for (const auto& [piece, glyph] : glyphs)
      key += (key.empty() ? "" : "  ") + std::string(1, glyph) + "=" + piece_name(piece);
    out += key + "\n";
  }
  // Areas (and, on boards without a map, every place) with what they hold.
  for (const auto& [place, pieces] : at) {
    if (board.rows() > 0 && !board.place(place).area) continue;
    std::string line = def.Name(board.place(place).id, lang) + ":";
    for (size_t i = 0; i < pieces.size(); ++i) line += (i ? ", " : " ") + piece_name(pieces[i]);
    out += line + "\n";
  }
  return out;
}

}  // namespace parlor
