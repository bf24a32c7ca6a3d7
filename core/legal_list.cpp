#include "core/legal_list.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "core/errors.h"

namespace parlor {

namespace {

// Listings up to this long are sorted in place by insertion (SortUnique). The
// general way allocates three vectors, which cost more than the sorting itself
// for the handful of actions most decisions offer (one to four moves in a race
// game): ~850 instructions a decision, of which a sorted list of three needs two
// comparisons.
constexpr size_t kInsertionSortMax = 16;

// SortUnique for a short list: a pass that finds it in order (the usual case) or
// else a stable insertion sort, then duplicates dropped (the first of equal ones
// kept, as the general way's stable merge does).
void SortUniqueShort(std::vector<Action>& actions, const std::vector<SortedSpan>& sorted) {
  const size_t n = actions.size();
  bool in_order = true;
  size_t k = 0;  // the first known span that may still cover a pair
  for (size_t i = 1; i < n && in_order; ++i) {
    while (k < sorted.size() && sorted[k].end <= i) ++k;
    const bool known = k < sorted.size() && sorted[k].begin + 1 <= i && i < sorted[k].end;
    in_order = known || Action::TextLess(actions[i - 1], actions[i]);
  }
  if (in_order) return;
  for (size_t i = 1; i < n; ++i) {
    if (!Action::TextLess(actions[i], actions[i - 1])) continue;
    Action moving = std::move(actions[i]);
    size_t j = i;
    do {
      actions[j] = std::move(actions[j - 1]);
      --j;
    } while (j > 0 && Action::TextLess(moving, actions[j - 1]));
    actions[j] = std::move(moving);
  }
  actions.erase(std::unique(actions.begin(), actions.end(), Action::SameText), actions.end());
}

}  // namespace

// Sorts by canonical text (without building texts) and drops duplicates. Hooks list
// actions in runs that are in order already (a product of sorted lists is one long
// run, and the rules may say so: no comparison is made inside a `sorted` span). The
// strictly increasing runs are found; when they do not overlap (the usual case: each
// kind of action is one run) they are put in order by moving each action once, with
// no duplicate possible; otherwise they are merged pairwise and duplicates dropped.
// Short lists take SortUniqueShort instead.
void SortUnique(std::vector<Action>& actions, const std::vector<SortedSpan>& sorted) {
  const size_t n = actions.size();
  if (n < 2) return;
  if (n <= kInsertionSortMax) {
    SortUniqueShort(actions, sorted);
    return;
  }
  std::vector<size_t> starts{0};
  size_t k = 0;  // the first known span that may still cover a pair
  for (size_t i = 1; i < n; ++i) {
    while (k < sorted.size() && sorted[k].end <= i) ++k;
    const bool known = k < sorted.size() && sorted[k].begin + 1 <= i && i < sorted[k].end;
    if (!known && !Action::TextLess(actions[i - 1], actions[i])) starts.push_back(i);
  }
  starts.push_back(n);
  const size_t runs = starts.size() - 1;
  if (runs == 1) return;  // strictly increasing already

  std::vector<size_t> order(runs);
  for (size_t r = 0; r < runs; ++r) order[r] = r;
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return Action::TextLess(actions[starts[a]], actions[starts[b]]); });
  bool disjoint = true;
  for (size_t r = 1; r < runs && disjoint; ++r)
    disjoint = Action::TextLess(actions[starts[order[r - 1] + 1] - 1], actions[starts[order[r]]]);
  if (disjoint) {
    std::vector<Action> out;
    out.reserve(n);
    for (size_t r : order)
      for (size_t i = starts[r]; i < starts[r + 1]; ++i) out.push_back(std::move(actions[i]));
    actions.swap(out);
    return;
  }
  while (starts.size() > 2) {
    std::vector<size_t> merged;
    for (size_t r = 0; r + 1 < starts.size(); r += 2) {
      merged.push_back(starts[r]);
      if (r + 2 < starts.size())
        std::inplace_merge(actions.begin() + static_cast<std::ptrdiff_t>(starts[r]),
                           actions.begin() + static_cast<std::ptrdiff_t>(starts[r + 1]),
                           actions.begin() + static_cast<std::ptrdiff_t>(starts[r + 2]),
                           Action::TextLess);
    }
    merged.push_back(n);
    starts = std::move(merged);
  }
  actions.erase(std::unique(actions.begin(), actions.end(), Action::SameText), actions.end());
}

ActionProduct::ActionProduct(std::string type, const std::vector<std::vector<std::string>>& plain)
    : type(std::move(type)) {
  lists.reserve(plain.size());
  for (const auto& list : plain) lists.push_back(std::make_shared<const std::vector<std::string>>(list));
}

bool ActionProduct::operator==(const ActionProduct& o) const {
  if (type != o.type || lists.size() != o.lists.size()) return false;
  for (size_t k = 0; k < lists.size(); ++k)
    if (lists[k] != o.lists[k] && *lists[k] != *o.lists[k]) return false;
  return true;
}

size_t ActionProduct::size() const {
  for (const auto& list : lists)
    if (list->empty()) return 0;
  size_t n = 1;
  for (const auto& list : lists) {
    if (n > kMostMembers / list->size()) return kTooMany;
    n *= list->size();
  }
  return n;
}

namespace {

// "out:add_product('trio', 65536 x 65536 x 65536 x 65536 words)".
std::string Describe(const ActionProduct& p) {
  std::string sizes;
  for (const auto& list : p.lists) sizes += (sizes.empty() ? "" : " x ") + std::to_string(list->size());
  return "out:add_product('" + p.type + "', " + (sizes.empty() ? "no lists" : sizes + " words") + ")";
}

}  // namespace

void ActionProduct::Member(size_t i, int actor, Action& out) const {
  out.type = type;
  out.actor = actor;
  out.args.resize(lists.size());
  for (size_t k = lists.size(); k-- > 0;) {
    const std::vector<std::string>& list = *lists[k];
    const size_t n = list.size();
    out.args[k] = list[i % n];
    i /= n;
  }
}

size_t ActionProduct::IndexOf(const Action& a) const {
  if (a.type != type || a.args.size() != lists.size()) return npos;
  size_t index = 0;
  for (size_t k = 0; k < lists.size(); ++k) {
    const std::vector<std::string>& list = *lists[k];
    auto it = std::lower_bound(list.begin(), list.end(), a.args[k]);
    if (it == list.end() || *it != a.args[k]) return npos;
    index = index * list.size() + static_cast<size_t>(it - list.begin());
  }
  return index;
}

LegalList& LegalList::operator=(const LegalList& o) {
  if (this == &o) return *this;
  actor_ = o.actor_;
  listed_ = o.listed_;
  products_ = o.products_;
  MakeRuns();
  return *this;
}

Action LegalList::at(size_t i) const {
  // The run holding position i: the last whose first position is <= i.
  const size_t r = static_cast<size_t>(std::upper_bound(run_start_.begin(), run_start_.end(), i) -
                                       run_start_.begin()) - 1;
  const Run& run = runs_.at(r);
  const size_t offset = i - run_start_[r];
  if (offset >= run.count) throw std::out_of_range("LegalList::at: no action " + std::to_string(i));
  if (run.listed) return run.listed[offset];
  Action a;
  run.product->Member(offset, actor_, a);
  return a;
}

Action LegalList::Take(size_t i) {
  const size_t r = static_cast<size_t>(std::upper_bound(run_start_.begin(), run_start_.end(), i) -
                                       run_start_.begin()) - 1;
  const Run& run = runs_.at(r);
  const size_t offset = i - run_start_[r];
  if (offset >= run.count) throw std::out_of_range("LegalList::Take: no action " + std::to_string(i));
  if (run.listed == nullptr) return at(i);
  // The run points into listed_ (MakeRuns): the same action, reached without const.
  return std::move(listed_.at(static_cast<size_t>(run.listed - listed_.data()) + offset));
}

size_t LegalList::IndexOf(const Action& a) const {
  for (size_t r = 0; r < runs_.size(); ++r) {
    const Run& run = runs_[r];
    if (run.product) {
      size_t i = run.product->IndexOf(a);
      if (i != ActionProduct::npos) return run_start_[r] + i;
      continue;
    }
    const Action* end = run.listed + run.count;
    const Action* it = std::lower_bound(run.listed, end, a, Action::TextLess);
    if (it != end && Action::SameText(*it, a)) return run_start_[r] + static_cast<size_t>(it - run.listed);
  }
  return ActionProduct::npos;
}

void LegalList::ExpandInto(std::vector<Action>& out) const {
  out.reserve(out.size() + size_);
  for (const Run& run : runs_) {
    if (run.listed) {
      out.insert(out.end(), run.listed, run.listed + run.count);
      continue;
    }
    for (size_t i = 0; i < run.count; ++i) {
      out.emplace_back();
      run.product->Member(i, actor_, out.back());
    }
  }
}

void LegalList::Assign(int actor, std::vector<Action>& listed, std::vector<ActionProduct>& products,
                       const std::vector<SortedSpan>& sorted) {
  actor_ = actor;
  listed_.swap(listed);
  products_.swap(products);
  products.clear();
  products_.erase(std::remove_if(products_.begin(), products_.end(), [](const ActionProduct& p) { return p.size() == 0; }),
                  products_.end());
  // Counted with care: a count past 2^64 wrapped, to 0 for four lists of 65,536
  // words ("no legal action"), to a wrong number otherwise.
  size_t total = listed_.size();
  for (const auto& p : products_) {
    const size_t n = p.size();
    if (n == ActionProduct::kTooMany || total > ActionProduct::kMostMembers - n)
      throw ScriptError(Describe(p) + " lists more than 2^62 actions, more than a listing holds");
    total += n;
  }
  SortUnique(listed_, sorted);
  if (!products_.empty() && !ProductsStandApart()) {
    // Rare: a product's range holds listed actions or another product's members.
    // Expand them all, as if the rules had listed every member.
    if (total > kMostExpanded) {
      std::string what;
      for (const auto& p : products_) what += (what.empty() ? "" : ", ") + Describe(p);
      throw ScriptError("the actions listed (" + std::to_string(total) + ": " + what + " and " +
                        std::to_string(listed_.size()) + " out:add) would all be made, as a product's range of " +
                        "actions in text order holds another product's or a listed action, and that is more than " +
                        std::to_string(kMostExpanded) + ": keep each product apart (a type, or a first word, of " +
                        "its own)");
    }
    std::vector<SortedSpan> spans{{0, listed_.size()}};
    for (const auto& p : products_) {
      const size_t begin = listed_.size(), n = p.size();
      listed_.resize(begin + n);
      for (size_t i = 0; i < n; ++i) p.Member(i, actor, listed_[begin + i]);
      spans.push_back({begin, begin + n});
    }
    products_.clear();
    SortUnique(listed_, spans);
  }
  MakeRuns();
}

namespace {

// The first or the last member of a product (none empty), read where it is: its
// type and, from each list, the first or the last argument. Comparing a product's
// range with actions so costs no member made (an Action with its strings copied).
struct ProductEnd {
  const ActionProduct* product;
  bool last;
};

const std::string& Type(const Action& a) { return a.type; }
size_t Arity(const Action& a) { return a.args.size(); }
const std::string& Arg(const Action& a, size_t k) { return a.args[k]; }
const std::string& Type(const ProductEnd& e) { return e.product->type; }
size_t Arity(const ProductEnd& e) { return e.product->lists.size(); }
const std::string& Arg(const ProductEnd& e, size_t k) {
  return e.last ? e.product->lists[k]->back() : e.product->lists[k]->front();
}

// Action::TextLess for actions and product ends alike.
template <typename A, typename B>
bool TextLess(const A& a, const B& b) {
  if (int c = CompareTokens(Type(a), Type(b)); c != 0) return c < 0;
  const size_t n = std::min(Arity(a), Arity(b));
  for (size_t k = 0; k < n; ++k)
    if (int c = CompareTokens(Arg(a, k), Arg(b, k)); c != 0) return c < 0;
  return Arity(a) < Arity(b);
}

}  // namespace

bool LegalList::ProductsStandApart() {
  auto first = [&](size_t i) { return ProductEnd{&products_[i], false}; };
  auto last = [&](size_t i) { return ProductEnd{&products_[i], true}; };
  std::vector<size_t> order(products_.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  if (order.size() > 1)
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return TextLess(first(a), first(b)); });
  for (size_t k = 0; k < order.size(); ++k) {
    const size_t p = order[k];
    if (k > 0 && !TextLess(last(order[k - 1]), first(p))) return false;
    auto it = std::lower_bound(listed_.begin(), listed_.end(), first(p),
                               [](const Action& a, const ProductEnd& e) { return TextLess(a, e); });
    if (it != listed_.end() && !TextLess(last(p), *it)) return false;
  }
  if (order.size() < 2) return true;
  std::vector<ActionProduct> sorted;
  sorted.reserve(products_.size());
  for (size_t i : order) sorted.push_back(std::move(products_[i]));
  products_.swap(sorted);
  return true;
}

void LegalList::MakeRuns() {
  runs_.clear();
  run_start_.clear();
  size_ = 0;
  auto add = [&](Run run) {
    if (run.count == 0) return;
    runs_.push_back(run);
    run_start_.push_back(size_);
    size_ += run.count;
  };
  size_t pos = 0;
  for (const auto& p : products_) {
    const size_t q = static_cast<size_t>(
        std::lower_bound(listed_.begin() + static_cast<std::ptrdiff_t>(pos), listed_.end(), ProductEnd{&p, false},
                         [](const Action& a, const ProductEnd& e) { return TextLess(a, e); }) -
        listed_.begin());
    add(Run{listed_.data() + pos, nullptr, q - pos});
    add(Run{nullptr, &p, p.size()});
    pos = q;
  }
  add(Run{listed_.data() + pos, nullptr, listed_.size() - pos});
}

void LegalList::ReleaseInto(std::vector<Action>& spare, size_t max_spare) {
  if (spare.empty()) {
    spare.swap(listed_);
  } else {
    for (auto& a : listed_) {
      if (spare.size() >= max_spare) break;
      spare.push_back(std::move(a));
    }
  }
  listed_.clear();
  products_.clear();
  runs_.clear();
  run_start_.clear();
  size_ = 0;
}

std::vector<TypeSpan> TypeSpans(const LegalList& legal) {
  std::vector<TypeSpan> spans;
  const size_t n = legal.size();
  for (size_t begin = 0; begin < n;) {
    const std::string type = legal.at(begin).type;
    // The first position past `begin` whose type sorts after this one (the list is
    // ordered by type first: Action::TextLess compares types before arguments).
    size_t lo = begin + 1, hi = n;
    while (lo < hi) {
      const size_t mid = lo + (hi - lo) / 2;
      if (CompareTokens(legal.at(mid).type, type) <= 0) lo = mid + 1; else hi = mid;
    }
    spans.push_back({begin, lo});
    begin = lo;
  }
  return spans;
}

namespace {

void AppendQuoted(std::string& msg, const LegalList& legal, size_t first, size_t end, size_t& shown) {
  for (size_t i = first; i < end && shown < 12; ++i, ++shown) msg += " '" + legal.at(i).Text() + "'";
}

}  // namespace

std::string LegalActionsShown(const LegalList& legal, const std::string& type) {
  std::string msg = "legal actions are:";
  const size_t n = legal.size();
  const std::vector<TypeSpan> spans = TypeSpans(legal);
  const auto own = std::find_if(spans.begin(), spans.end(),
                                [&](const TypeSpan& t) { return legal.at(t.begin).type == type; });
  size_t shown = 0;
  if (own == spans.end() || spans.size() == 1) {
    AppendQuoted(msg, legal, 0, n, shown);
    if (shown < n) msg += " ... (" + std::to_string(n) + " in all)";
    return msg;
  }
  AppendQuoted(msg, legal, own->begin, own->end, shown);
  AppendQuoted(msg, legal, 0, own->begin, shown);
  AppendQuoted(msg, legal, own->end, n, shown);
  if (shown < n) msg += " ...";
  msg += " (" + std::to_string(own->end - own->begin) + " '" + type + "' of " + std::to_string(n) +
         " in all; other types:";
  size_t types = 0;
  for (const TypeSpan& t : spans) {
    if (&t == &*own) continue;
    if (++types > 8) {
      msg += " ...";
      break;
    }
    msg += " '" + legal.at(t.begin).type + "'";
  }
  return msg + ")";
}

}  // namespace parlor
