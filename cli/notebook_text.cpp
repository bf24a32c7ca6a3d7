#include "cli/notebook_text.h"

#include <algorithm>
#include <sstream>

#include "cli/event_text.h"

namespace parlor {

namespace {

// Characters on the screen: UTF-8 continuation bytes take no column ("Frau Weiß"
// lines up with the other names).
size_t Width(const std::string& s) {
  return static_cast<size_t>(std::count_if(s.begin(), s.end(), [](unsigned char c) { return (c & 0xC0) != 0x80; }));
}

std::string Pad(const std::string& s, size_t width) {
  const size_t w = Width(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}

// A row's blank cells at its end are no characters: a copied grid has no trailing spaces.
std::string Trimmed(std::string line) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

// `items` joined with ", " after `first`, broken into lines of at most 76 columns
// (where an item fits), the next lines starting with `indent`.
std::string Wrapped(const std::vector<std::string>& items, const std::string& first, const std::string& indent) {
  std::string out = first;
  size_t at = Width(first);
  for (size_t i = 0; i < items.size(); ++i) {
    const std::string item = items[i] + (i + 1 < items.size() ? "," : "");
    if (at > Width(indent) && at + 1 + Width(item) > 76) {
      out += "\n" + indent + item;
      at = Width(indent) + Width(item);
    } else {
      out += " " + item;
      at += 1 + Width(item);
    }
  }
  return out + "\n";
}

}  // namespace

std::string NotebookText(const Definition& def, const SeatNotebook& notebook, int num_seats,
                         const std::vector<std::string>& seat_names, const std::string& lang) {
  std::ostringstream out;
  out << "notebook of " << SeatLabel(notebook.seat, seat_names, "you")
      << ": what your own observations prove\n"
      << "  X holds the card, - does not hold it, blank: not known\n";
  if (notebook.broken)
    out << "  these notes contradict each other: what they show is not certain\n";
  std::vector<std::string> seats;
  for (int s = 0; s < num_seats; ++s) seats.push_back(SeatLabel(s, seat_names, s == notebook.seat ? "you" : ""));
  out << "  " << Wrapped(seats, "columns:", "    ");
  // The first column fits the longest card name (categories are indented less).
  size_t name_width = 0;
  for (const auto& card : def.cards) name_width = std::max(name_width, Width(def.Name(card.id, lang)) + 2);
  for (const auto& category : def.categories) name_width = std::max(name_width, Width(def.Name(category, lang)));
  const size_t cell = std::to_string(std::max(0, num_seats - 1)).size() + 2;  // " 10" or "  3"
  auto cell_text = [&](const std::string& mark) { return std::string(cell - Width(mark), ' ') + mark; };
  std::string header = "  " + std::string(name_width, ' ');
  for (int s = 0; s < num_seats; ++s) header += cell_text(std::to_string(s));
  out << header << "\n";
  std::vector<bool> in_solution(def.cards.size(), false);
  for (int c : notebook.solution) in_solution[static_cast<size_t>(c)] = true;
  for (const auto& category : def.categories) {
    out << "  " << def.Name(category, lang) << "\n";
    for (size_t c = 0; c < def.cards.size(); ++c) {
      if (def.cards[c].category != category) continue;
      std::string row = "  " + Pad("  " + def.Name(def.cards[c].id, lang), name_width);
      for (int s = 0; s < num_seats; ++s) {
        const SeatMask bit = SeatBit(s);
        row += cell_text(notebook.holder[c] == s ? "X" : (notebook.lacks[c] & bit) != 0 ? "-" : "");
      }
      if (in_solution[c]) row += "   solution";
      out << Trimmed(row) << "\n";
    }
  }
  std::vector<std::string> solution;
  for (int c : notebook.solution) solution.push_back(def.Name(def.cards[static_cast<size_t>(c)].id, lang));
  if (solution.empty()) out << "  solution: no card proved yet\n";
  else out << "  " << Wrapped(solution, "solution:", "    ");
  return out.str();
}

}  // namespace parlor
