// The legal actions of one decision, in text order and without duplicates, with
// products of argument lists kept unexpanded.
//
// Why: a deduction game offers every accusation (suspect x weapon x room: 324 in
// Clue) at most decisions. Making 324 actions, sorting them, looking up their
// texts for a bot and throwing them away cost more than the rest of the decision.
// Kept as one product, they are counted, indexed and checked by membership without
// being made; only callers that want the whole list (Game::LegalActions) expand it.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "core/action.h"

namespace parlor {

// Actions out[begin, end) of a listing, known to be in strictly increasing text order.
struct SortedSpan {
  size_t begin = 0, end = 0;
};

// Sorts `actions` by canonical text (without building texts) and drops duplicates;
// no comparison is made inside a span of `sorted`.
void SortUnique(std::vector<Action>& actions, const std::vector<SortedSpan>& sorted);

// Every action "type a1 a2 ..." with a_k taken from lists[k]. Each list is sorted and
// without repeats, so the members in mixed-radix order (the last list varying
// fastest) are in strictly increasing text order.
// The lists are shared and never changed once made: the rules' memo of argument
// lists hands the same list to every listing (Clue lists its hundreds of accusations
// at most decisions), so a product costs no copy of its strings, and two products
// over the same lists compare by pointer.
using ArgList = std::shared_ptr<const std::vector<std::string>>;

struct ActionProduct {
  std::string type;
  std::vector<ArgList> lists;

  ActionProduct() = default;
  ActionProduct(std::string type, std::vector<ArgList> lists) : type(std::move(type)), lists(std::move(lists)) {}
  // Copies plain lists into shared ones.
  ActionProduct(std::string type, const std::vector<std::vector<std::string>>& plain);

  // The number of members; kTooMany when it is above kMostMembers (a product of
  // five lists of 10,000 words, or four of 65,536, whose count wrapped past 2^64:
  // 0, and the product was dropped as empty).
  size_t size() const;
  static constexpr size_t kMostMembers = size_t{1} << 62;
  static constexpr size_t kTooMany = static_cast<size_t>(-2);
  // Member i (0 <= i < size()) in text order, written into `out` (reusing its memory).
  void Member(size_t i, int actor, Action& out) const;
  // The position of `a` among the members, or npos.
  size_t IndexOf(const Action& a) const;
  // Equal types and lists, by content (shared lists compare by pointer first).
  bool operator==(const ActionProduct& o) const;

  static constexpr size_t npos = static_cast<size_t>(-1);
};

class LegalList {
 public:
  LegalList() = default;
  // Runs point into the list's own vectors: a copy makes its own.
  LegalList(const LegalList& o) { *this = o; }
  LegalList& operator=(const LegalList& o);
  LegalList(LegalList&&) = default;  // vectors keep their buffers when moved
  LegalList& operator=(LegalList&&) = default;

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Action i in text order.
  Action at(size_t i) const;
  // Action i moved out of the list rather than copied (a product's member is made):
  // the list's action is left empty, so the list must be made again before it is
  // read. Why: Game::ApplyLegal applies an action and the list is stale after it
  // either way; the copy cost ~130 instructions an action and saved no allocation.
  Action Take(size_t i);
  // The position of `a` (same text; the actor is not compared), or ActionProduct::npos.
  size_t IndexOf(const Action& a) const;
  bool Contains(const Action& a) const { return IndexOf(a) != ActionProduct::npos; }
  // Appends every action, in order, to `out`.
  void ExpandInto(std::vector<Action>& out) const;

  // The list as runs in text order: each is either `count` listed actions from
  // `listed` or one whole product.
  struct Run {
    const Action* listed = nullptr;
    const ActionProduct* product = nullptr;
    size_t count = 0;
  };
  const std::vector<Run>& runs() const { return runs_; }

  // At most this many actions are made when products must be expanded (Assign):
  // about 2 GB of actions. Past it Assign throws ScriptError, where making them
  // ended in std::bad_alloc, or in the system killing the program.
  static constexpr size_t kMostExpanded = size_t{1} << 24;

  // Makes the list from the actions the rules listed (in any order, duplicates
  // allowed, actor set; `sorted` names spans already in strictly increasing order)
  // and the products they kept whole (lists sorted and unique, none empty), taking
  // both. A product stays whole when its members' range holds no listed action and
  // no other product's; otherwise every product is expanded among the listed ones.
  void Assign(int actor, std::vector<Action>& listed, std::vector<ActionProduct>& products,
              const std::vector<SortedSpan>& sorted);

  // Hands back the listed actions (for reuse of their memory) and empties the list.
  void ReleaseInto(std::vector<Action>& spare, size_t max_spare);

 private:
  // Whether every product can be kept whole; sorts products_ by first member.
  bool ProductsStandApart();
  void MakeRuns();

  int actor_ = -1;
  std::vector<Action> listed_;
  std::vector<ActionProduct> products_;
  std::vector<Run> runs_;
  std::vector<size_t> run_start_;  // index of each run's first action in the list
  size_t size_ = 0;
};

// The actions [begin, end) of one type in a legal list.
struct TypeSpan {
  size_t begin = 0, end = 0;
};

// Each type's stretch of `legal`, in list order. The list is in text order and a
// type is its actions' first word, so a type's actions stand together; each stretch's
// end is found by bisection, without expanding the products of arguments (a
// listing's product may hold up to 2^62 actions). For conform's games drawn by type
// (conformance/by_type_bot.h) and an illegal action's error (LegalActionsShown).
std::vector<TypeSpan> TypeSpans(const LegalList& legal);

// What an illegal action's error shows of the legal list (Game::Apply): "legal
// actions are: 'a' 'b' ... (N in all)", the first dozen, those of the refused
// action's `type` first when there are some and others too, followed by how many
// of that type there are and the other types. A mistyped suggestion in a game that
// lists hundreds of accusations first was shown only accusations.
std::string LegalActionsShown(const LegalList& legal, const std::string& type);

}  // namespace parlor
