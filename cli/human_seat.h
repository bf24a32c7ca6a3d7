// A seat played by a person at the terminal (`parlor play --human SEAT`): a Bot whose
// choice is typed. It shows only what its seat may know (the seat's view and the
// events the seat sees), so a person can play against the bots without seeing their
// cards; a wrong entry is refused with the rules' own reason and asked again.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/bot.h"
#include "core/game.h"

namespace parlor {

// Thrown by HumanSeat::Choose when the person types `quit` (or input ends): the
// game stops where it is, and `parlor play` saves it when asked to.
struct HumanQuit : std::runtime_error {
  HumanQuit() : std::runtime_error("the game was left by a human seat") {}
};

// What people sharing a terminal are told of an error raised while a game is played
// (`parlor play --human`): `what`, the full message, may name an action only some
// seats saw (a card shown, a private action's arguments) and the rules' message may
// tell anything, so only the seat, the action's number (`seat` and `action`: the seat
// to act when it failed, the number the failed action would have had) and where the
// rules failed (the hook with the file and line that defines it, and the file and line
// that raised the error) are kept. docs/cli.md, "Several people".
// A definition's bot failing (hook 'bot') is said as "seat 1's bot failed choosing
// its action (action 2 of the game)".
std::string ErrorForTheTable(const std::string& what, int seat, size_t action);
// The part of that kept from a hook's error `what`: ": hook 'setup' of ID (rules.lua:3)
// failed at rules.lua:5", or "" for an error that is not a hook's. The place it failed
// at is a frame of the traceback the engine adds to the error, never read from the
// rules' message alone (which may open with anything: "sapphire:12: ..."); without a
// traceback, none is said.
std::string WhereTheRulesFailed(const std::string& what);

class HumanSeat : public Bot {
 public:
  struct Io {
    std::istream& in;
    std::ostream& out;
    std::string lang;
    bool colour = false;
    // Every seat played at this terminal. With several, the shared log shows only
    // what all of them may see; each one's own events are shown at its decisions,
    // after the terminal is handed over (the others look away).
    SeatMask humans = 0;
    // The seat that last had the terminal (shared by the seats of one terminal).
    std::shared_ptr<int> at_terminal;
    // Writes the game so far to a file (the `save FILE` command).
    std::function<void(const std::string& path)> save;
    // `--board`: the board is drawn before every turn already, so the seat's turn
    // does not draw it again (a choice of squares still does, with them marked).
    bool board_every_turn = false;
    // Keeps the whole message of a rules error the terminal is told only in part (a
    // hook failing on an action typed: ErrorForTheTable's reasons); returns where it
    // went (FILE.error.txt beside --save) or that it is lost.
    std::function<std::string(const std::string& whole)> keep_error;
  };

  // `game` must outlive the seat; only what `seat` may see of it is shown.
  HumanSeat(const Game& game, int seat, Io io) : game_(game), seat_(seat), io_(std::move(io)) {}

  size_t Choose(const Value& view, const LegalList& legal) override;
  bool wants_view() const override { return true; }

 private:
  bool SharedTerminal() const;
  void HandOver();
  // "seat 2 (Mrs. White)" (`also`: "seat 2 (Mrs. White, you)"): the seat with what it
  // plays (hook seat_name), in the seat's language.
  std::string Me(const std::string& also = "") const;
  [[noreturn]] void InputEnded();  // says so and throws HumanQuit
  // Returns whether anything was shown. `whole_game` (`log`): every event this seat
  // saw that not every seat saw; else (at a hand-over) those the shared log left out.
  bool ShowOwnEvents(size_t from, const char* heading, bool whole_game);
  void ShowSituation(const Value& view, const LegalList& legal);
  // Returns whether a zone was shown.
  bool ShowZones(const Value& view, bool in_full);
  // `view`: the zones in full, where the pieces stand, the public variables and the seat's own.
  void ShowView(const Value& view);
  // The map squares (not areas) the legal actions name: where a move may end.
  std::set<PlaceIndex> TargetSquares(const LegalList& legal) const;
  void ShowActions(const LegalList& legal, const std::string& prefix);
  void ShowHelp();
  // `notes`: the seat's detective notebook (hooks.notebook), or that the game keeps none.
  void ShowNotebook();
  // The index of the action `text` names (a listed action, or another way of writing
  // one that the rules accept: hook same_as), or npos after saying why it is refused.
  size_t Resolve(const std::string& text, const LegalList& legal);
  // `text` with the display names it gives as arguments, in the seat's language or
  // English, written as the ids the rules take ("suggest Cor. Mostaza Cuerda" with
  // --lang es is "suggest mustard rope"); words that are ids or no name stay as typed.
  std::string WithIds(const std::string& text, const LegalList& legal) const;
  // After a refusal for `why`: the typed words no legal action has, and the nearest
  // legal action when it is a few edits away; "" when every word is one of theirs
  // or `why` names each one already.
  std::string TypoNote(const std::string& text, const LegalList& legal, const std::string& why) const;

  const Game& game_;
  int seat_;
  Io io_;
  size_t seen_ = 0;           // log events already shown to this seat as its own
  int64_t last_turn_ = -1;    // the turn of the seat's previous decision
  std::vector<size_t> numbered_;  // the legal actions shown with numbers, in order
};

}  // namespace parlor
