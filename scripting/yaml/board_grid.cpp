// Reading `board.grid` into a GridSpec, checking references where their positions
// are known so that a modder is pointed at the exact door or legend line.
#include <algorithm>
#include <set>

#include "core/utf8.h"
#include "scripting/yaml/board_builder.h"
#include "scripting/yaml/suggest.h"

namespace parlor::yaml {
namespace {

std::string CellName(int row, int col) {
  std::string name = "(";
  name += std::to_string(row);
  name += ',';
  name += std::to_string(col);
  name += ')';
  return name;
}

std::string QuoteChar(char c) {
  if (c == ' ') return "' ' (a space)";
  return std::string("'") + c + "'";
}

class GridReader {
 public:
  GridReader(std::string path, NodeReader* reader) : path_(std::move(path)), r_(reader) {}

  std::optional<GridSpec> Read(const Node& grid) {
    if (!r_->ExpectMap(grid, path_)) return std::nullopt;
    const size_t before = r_->problems()->size();
    r_->CheckKeys(grid, path_, {"map", "legend", "areas", "doors", "passages"});
    const Node* map = grid.Find("map");
    const Node* legend = grid.Find("legend");
    if (map == nullptr) r_->Missing(grid, path_, "map");
    if (legend == nullptr) r_->Missing(grid, path_, "legend");
    if (map == nullptr || legend == nullptr) return std::nullopt;
    ReadLegend(*legend, JoinKey(path_, "legend"));
    if (!ReadMap(*map, JoinKey(path_, "map"))) return std::nullopt;
    // References into the map only make sense once every cell is known.
    if (r_->problems()->size() != before) return std::nullopt;
    if (const Node* areas = grid.Find("areas")) ReadAreas(*areas, JoinKey(path_, "areas"));
    if (const Node* doors = grid.Find("doors")) ReadDoors(*doors, JoinKey(path_, "doors"));
    if (const Node* passages = grid.Find("passages")) {
      ReadPassages(*passages, JoinKey(path_, "passages"));
    }
    if (r_->problems()->size() != before) return std::nullopt;
    return spec_;
  }

 private:
  int rows() const { return static_cast<int>(spec_.rows.size()); }
  int cols() const { return spec_.rows.empty() ? 0 : static_cast<int>(spec_.rows[0].size()); }

  // Where a cell is written: exact for a literal block (`map: |`), else the map.
  static Location CellWhere(const Node& map, int row, int col) {
    if (map.content.line == map.where.line) return map.where;
    return Location{map.content.file, map.content.line + row, map.content.column + col};
  }

  void ReadLegend(const Node& legend, const std::string& path) {
    if (!r_->ExpectMap(legend, path)) return;
    for (size_t i = 0; i < legend.keys.size(); ++i) {
      const Key& key = legend.keys[i];
      const std::string entry_path = JoinKey(path, key.name);
      if (key.name.size() != 1) {
        r_->problems()->Add(key.where, entry_path,
                            "legend keys are single map characters, got '" + key.name + "'");
        continue;
      }
      declared_.insert(key.name[0]);
      if (auto entry = ReadLegendEntry(legend.items[i], entry_path)) {
        spec_.legend[key.name[0]] = *entry;
      }
    }
  }

  std::optional<GridLegendEntry> ReadLegendEntry(const Node& value, const std::string& path) {
    GridLegendEntry entry;
    if (value.is_scalar()) {
      // A word other than these is most often a kind of square or an area meant
      // (`".": floor`); "expected wall or square" named only two of the three forms.
      if (value.text != "wall" && value.text != "square") {
        const std::string mean = DidYouMean(value.text, {"wall", "square"});
        const std::string word = CutText(value.text);
        r_->Report(value, path,
                   "expected wall, square or a map with 'square: <kind>' or 'area: <area id>', got " +
                       Describe(value) +
                       (mean.empty() && value.plain && !word.empty()
                            ? " (a square of kind '" + word + "' is {square: " + word + "}, a cell of area '" + word +
                                  "' is {area: " + word + "})"
                            : mean));
        return std::nullopt;
      }
      entry.kind = value.text == "wall" ? GridLegendEntry::Kind::kWall : GridLegendEntry::Kind::kSquare;
      return entry;
    }
    if (!value.is_map()) {
      r_->Report(
          value, path,
          "expected wall, square or a map with 'square:' or 'area:', got " + Describe(value));
      return std::nullopt;
    }
    r_->CheckKeys(value, path, {"square", "area", "tags"});
    const Node* square = value.Find("square");
    const Node* area = value.Find("area");
    if ((square == nullptr) == (area == nullptr)) {
      // `aera:` was reported with "did you mean 'area'?", which says it already.
      const bool misspelt = r_->Suggested(value, "square") || r_->Suggested(value, "area");
      if (!misspelt) {
        r_->Report(value, path, "expected exactly one of 'square: <kind>' or 'area: <area id>'");
      }
      return std::nullopt;
    }
    if (square != nullptr) {
      const auto kind = r_->String(*square, JoinKey(path, "square"));
      if (!kind) return std::nullopt;
      entry.kind = GridLegendEntry::Kind::kSquare;
      entry.place_kind = *kind;
    } else {
      const auto id = r_->String(*area, JoinKey(path, "area"));
      if (!id) return std::nullopt;
      entry.kind = GridLegendEntry::Kind::kArea;
      entry.area = *id;
    }
    if (const Node* tags = value.Find("tags")) {
      const std::string tags_path = JoinKey(path, "tags");
      if (area != nullptr) {
        // An area is one place however many cells it has; its tags live in areas:.
        r_->Report(*tags, tags_path, "tags of an area go under board.grid.areas." + entry.area);
        return std::nullopt;
      }
      const auto list = r_->StringList(*tags, tags_path);
      if (!list) return std::nullopt;
      entry.tags = *list;
    }
    return entry;
  }

  // Splits the map into rows and checks every cell against the legend.
  bool ReadMap(const Node& map, const std::string& path) {
    const auto text = r_->String(map, path);
    if (!text) return false;
    std::string body = *text;
    if (!body.empty() && body.back() == '\n') body.pop_back();
    if (body.empty()) {
      r_->Report(map, path, "expected at least one row");
      return false;
    }
    size_t start = 0;
    while (true) {
      const size_t end = body.find('\n', start);
      spec_.rows.push_back(body.substr(start, end == std::string::npos ? end : end - start));
      if (end == std::string::npos) break;
      start = end + 1;
    }
    // A row's width is counted in characters: a row holding an 'é' in place of a
    // '.' was "too long", its width counted in bytes (the 'é' is two). Such a
    // character is reported too (once, whole), whatever the widths, so that one
    // reading says all that is wrong with the rows.
    bool ok = true;
    const size_t width0 = Characters(spec_.rows[0]);
    for (int r = 1; r < rows(); ++r) {
      const size_t width = Characters(spec_.rows[r]);
      if (width == width0) continue;
      r_->problems()->Add(CellWhere(map, r, 0), path,
                          "row " + std::to_string(r) + " has " + std::to_string(width) +
                              " characters, expected " + std::to_string(width0) +
                              " like row 0 (all rows must have the same length)");
      ok = false;
    }
    const bool ascii = ReportNonAscii(map, path);
    if (!ok) return false;
    ok = ascii;
    // Each cell against the legend, a character that is no ASCII (reported above)
    // passed over: its cell is counted in characters, its column in bytes (as every
    // column of a problem is, yaml-cpp's).
    std::set<char> reported;
    std::set<std::string> seen_area;
    for (int r = 0; r < rows(); ++r) {
      const std::string& row = spec_.rows[r];
      int c = 0;
      for (size_t b = 0; b < row.size(); ++b, ++c) {
        const char ch = row[b];
        if (static_cast<unsigned char>(ch) >= 0x80) {
          while (b + 1 < row.size() && (static_cast<unsigned char>(row[b + 1]) & 0xC0) == 0x80) ++b;
          continue;
        }
        const auto it = spec_.legend.find(ch);
        if (it == spec_.legend.end()) {
          // A character whose legend entry is broken was reported already.
          if (!declared_.count(ch) && reported.insert(ch).second) {
            r_->problems()->Add(CellWhere(map, r, static_cast<int>(b)), path,
                                "character " + QuoteChar(ch) + " at " + CellName(r, c) + " is not in the legend");
          }
          ok = false;
        } else if (it->second.kind == GridLegendEntry::Kind::kArea &&
                   seen_area.insert(it->second.area).second) {
          area_ids_.push_back(it->second.area);
        }
      }
    }
    return ok;
  }

  // The characters (code points) of a row of UTF-8 text: its bytes but the
  // continuation bytes (10xxxxxx).
  static size_t Characters(const std::string& row) {
    size_t n = 0;
    for (const char b : row) n += (static_cast<unsigned char>(b) & 0xC0) != 0x80;
    return n;
  }

  // Reports the first character of the map that is no ASCII; false when there is one.
  // A cell is a byte and a legend key an ASCII character: a character such as 'é'
  // was reported byte by byte, each quoted alone, no UTF-8 text (libFuzzer,
  // fuzz_yaml). Said once, the whole character quoted, at its cell counted in
  // characters (the first such character of its row: its byte is its column too).
  bool ReportNonAscii(const Node& map, const std::string& path) {
    for (int r = 0; r < rows(); ++r) {
      const std::string& row = spec_.rows[r];
      for (size_t c = 0; c < row.size(); ++c) {
        if (static_cast<unsigned char>(row[c]) < 0x80) continue;
        size_t len = 1;
        while (len < 4 && c + len < row.size() && (static_cast<unsigned char>(row[c + len]) & 0xC0) == 0x80) ++len;
        const int col = static_cast<int>(c);
        r_->problems()->Add(CellWhere(map, r, col), path,
                            "character '" + ShowUtf8(row.substr(c, len)) + "' at " + CellName(r, col) +
                                " is no ASCII character: a map's cells and its legend's keys are ASCII "
                                "characters, one byte each");
        return false;
      }
    }
    return true;
  }

  // Reports `id` unless it is an area with cells in the map.
  bool CheckArea(const std::string& id, const Node& node, const std::string& path) {
    if (std::find(area_ids_.begin(), area_ids_.end(), id) != area_ids_.end()) return true;
    r_->Report(node, path,
               "unknown area '" + id + "' (areas are the legend's 'area:' entries " +
                   "that appear in the map)" + DidYouMean(id, area_ids_));
    return false;
  }

  void ReadAreas(const Node& areas, const std::string& path) {
    if (!r_->ExpectMap(areas, path)) return;
    for (size_t i = 0; i < areas.keys.size(); ++i) {
      const Key& key = areas.keys[i];
      const Node& value = areas.items[i];
      const std::string area_path = JoinKey(path, key.name);
      if (std::find(area_ids_.begin(), area_ids_.end(), key.name) == area_ids_.end()) {
        r_->problems()->Add(
            key.where, area_path,
            "area '" + key.name + "' has no cells in the map" + DidYouMean(key.name, area_ids_));
        continue;
      }
      if (!r_->ExpectMap(value, area_path)) continue;
      r_->CheckKeys(value, area_path, {"kind", "tags"});
      GridSpec::AreaInfo info;
      if (const Node* kind = value.Find("kind")) {
        if (auto k = r_->String(*kind, JoinKey(area_path, "kind"))) info.kind = *k;
      }
      if (const Node* tags = value.Find("tags")) {
        if (auto t = r_->StringList(*tags, JoinKey(area_path, "tags"))) info.tags = *t;
      }
      spec_.areas[key.name] = info;
      spec_.area_order.push_back(key.name);
    }
  }

  // What occupies a cell, for messages: "a wall", "area 'hall'", "square 3,4".
  std::string DescribeCell(int row, int col) const {
    if (row < 0 || row >= rows() || col < 0 || col >= cols()) return "outside the map";
    const GridLegendEntry& entry = spec_.legend.at(spec_.rows[row][col]);
    switch (entry.kind) {
      case GridLegendEntry::Kind::kWall:
        return "a wall";
      case GridLegendEntry::Kind::kArea:
        return "part of area '" + entry.area + "'";
      case GridLegendEntry::Kind::kSquare:
        break;
    }
    return "square " + std::to_string(row) + "," + std::to_string(col);
  }

  const GridLegendEntry* EntryAt(int row, int col) const {
    if (row < 0 || row >= rows() || col < 0 || col >= cols()) return nullptr;
    return &spec_.legend.at(spec_.rows[row][col]);
  }

  void ReadDoors(const Node& doors, const std::string& path) {
    if (!r_->ExpectList(doors, path)) return;
    for (size_t i = 0; i < doors.items.size(); ++i) {
      if (auto door = ReadDoor(doors.items[i], JoinIndex(path, i))) spec_.doors.push_back(*door);
    }
  }

  std::optional<GridDoor> ReadDoor(const Node& value, const std::string& path) {
    if (!r_->ExpectMap(value, path)) return std::nullopt;
    r_->CheckKeys(value, path, {"area", "at", "dir"});
    const Node* area = value.Find("area");
    const Node* at = value.Find("at");
    if (area == nullptr) r_->Missing(value, path, "area");
    if (at == nullptr) r_->Missing(value, path, "at");
    if (area == nullptr || at == nullptr) return std::nullopt;
    GridDoor door;
    const std::string area_path = JoinKey(path, "area");
    const auto id = r_->String(*area, area_path);
    if (!id || !CheckArea(*id, *area, area_path)) return std::nullopt;
    door.area = *id;

    const std::string at_path = JoinKey(path, "at");
    if (!at->is_sequence() || at->items.size() != 2) {
      r_->Report(*at, at_path, "expected [row, column], got " + Describe(*at));
      return std::nullopt;
    }
    const auto row = r_->Int(at->items[0], JoinIndex(at_path, 0));
    const auto col = r_->Int(at->items[1], JoinIndex(at_path, 1));
    if (!row || !col) return std::nullopt;
    door.row = static_cast<int>(*row);
    door.col = static_cast<int>(*col);
    const std::string where = "door of " + door.area + " at " + CellName(door.row, door.col);
    const GridLegendEntry* entry = EntryAt(door.row, door.col);
    if (entry == nullptr || entry->kind != GridLegendEntry::Kind::kSquare) {
      r_->Report(*at, at_path,
                 where + ": the cell is " + DescribeCell(door.row, door.col) +
                     ", not a walkable square (give the square just outside the area)");
      return std::nullopt;
    }

    if (const Node* dir = value.Find("dir")) {
      const std::string dir_path = JoinKey(path, "dir");
      const auto name = r_->OneOf(*dir, dir_path, {"up", "down", "left", "right"});
      if (!name) return std::nullopt;
      door.direction = *name;
      const int dr = *name == "up" ? -1 : *name == "down" ? 1 : 0;
      const int dc = *name == "left" ? -1 : *name == "right" ? 1 : 0;
      const GridLegendEntry* inside = EntryAt(door.row + dr, door.col + dc);
      if (inside == nullptr || inside->kind != GridLegendEntry::Kind::kArea ||
          inside->area != door.area) {
        r_->Report(*dir, dir_path,
                   where + ", direction " + *name + ": cell " +
                       CellName(door.row + dr, door.col + dc) + " is " +
                       DescribeCell(door.row + dr, door.col + dc) + ", not " + door.area);
        return std::nullopt;
      }
    }
    return door;
  }

  void ReadPassages(const Node& passages, const std::string& path) {
    if (!r_->ExpectList(passages, path)) return;
    for (size_t i = 0; i < passages.items.size(); ++i) {
      const Node& pair = passages.items[i];
      const std::string pair_path = JoinIndex(path, i);
      if (!pair.is_sequence() || pair.items.size() != 2) {
        r_->Report(pair, pair_path, "expected [area, area], got " + Describe(pair));
        continue;
      }
      const auto a = r_->String(pair.items[0], JoinIndex(pair_path, 0));
      const auto b = r_->String(pair.items[1], JoinIndex(pair_path, 1));
      if (!a || !b) continue;
      const bool a_ok = CheckArea(*a, pair.items[0], JoinIndex(pair_path, 0));
      const bool b_ok = CheckArea(*b, pair.items[1], JoinIndex(pair_path, 1));
      if (!a_ok || !b_ok) continue;
      if (*a == *b) {
        r_->Report(pair, pair_path, "a passage joins two different areas, got '" + *a + "' twice");
        continue;
      }
      spec_.passages.emplace_back(*a, *b);
    }
  }

  std::string path_;
  NodeReader* r_;
  GridSpec spec_;
  std::vector<std::string> area_ids_;  // areas with cells, in order of appearance
  std::set<char> declared_;            // legend characters, valid or not
};

}  // namespace

std::optional<GridSpec> ReadGridSpec(const Node& grid, const std::string& path,
                                     NodeReader* reader) {
  return GridReader(path, reader).Read(grid);
}

}  // namespace parlor::yaml
