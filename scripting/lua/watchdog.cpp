#include "scripting/lua/watchdog.h"

#include <pthread.h>

#include <algorithm>
#include <string>
#include <utility>
#include <thread>
#include <vector>

namespace parlor::lua {

// The thread that looks at every watched Lua state. It is made at the first sandbox
// and never destroyed (sandboxes owned by Python objects may outlive C++ statics at
// exit); it is detached, so the process exits without waiting for it.
class Watchdog {
 public:
  static Watchdog& Get() {
    static Watchdog* dog = new Watchdog;  // leaked on purpose, see above
    return *dog;
  }

  void Add(WatchedCalls* w) {
    std::lock_guard<std::mutex> lock(mutex_);
    watched_.push_back(w);
    StartIfStopped();
  }
  void StartIfStopped() {  // under mutex_
    if (WatchedCalls::watchdog_running_.load(std::memory_order_relaxed)) return;
    WatchedCalls::watchdog_running_.store(true, std::memory_order_relaxed);
    std::thread([this] { Run(); }).detach();
  }
  void Remove(WatchedCalls* w) {
    std::lock_guard<std::mutex> lock(mutex_);
    watched_.erase(std::remove(watched_.begin(), watched_.end(), w), watched_.end());
  }

 private:
  // Often enough that a limit is kept to within a few milliseconds, rarely enough
  // to cost nothing measurable.
  static constexpr std::chrono::milliseconds kTick{5};

  Watchdog() {
    // A forked child (Python's multiprocessing) inherits the sandboxes but not the
    // thread: the registry must not be locked across fork(), and the child starts
    // its own thread when it next makes a sandbox or runs a call.
    pthread_atfork([] { Get().mutex_.lock(); }, [] { Get().mutex_.unlock(); },
                   [] {
                     WatchedCalls::watchdog_running_.store(false, std::memory_order_relaxed);
                     Get().mutex_.unlock();
                   });
  }

  void Run() {
    for (;;) {
      std::this_thread::sleep_for(kTick);
      std::lock_guard<std::mutex> lock(mutex_);
      const auto now = std::chrono::steady_clock::now();
      for (WatchedCalls* w : watched_) {
        const uint64_t seq = w->current();
        if (seq % 2 == 0) continue;  // between calls
        if (seq != w->seen_seq_) {   // a call it has not seen yet: its clock starts now
          w->seen_seq_ = seq;
          w->seen_at_ = now;
        } else if (now - w->seen_at_ >= w->limit()) {
          w->RequestStop(seq);
        }
      }
    }
  }

  friend class WatchedCalls;
  std::mutex mutex_;
  std::vector<WatchedCalls*> watched_;
};

std::atomic<bool> WatchedCalls::watchdog_running_{false};

void WatchedCalls::StartWatchdog() {
  Watchdog& dog = Watchdog::Get();
  std::lock_guard<std::mutex> lock(dog.mutex_);
  dog.StartIfStopped();
}

namespace {
thread_local NewSandboxes* noting_sandboxes = nullptr;
}  // namespace

NewSandboxes::NewSandboxes() {
  if (noting_sandboxes != nullptr) return;
  noting_sandboxes = this;
  noting_ = true;
}

NewSandboxes::~NewSandboxes() {
  if (!noting_) return;
  noting_sandboxes = nullptr;
  // The sandboxes live on (a loaded definition's rules): they forget this one.
  std::lock_guard<std::mutex> lock(mutex_);
  for (WatchedCalls* w : calls_) w->noted_by_ = nullptr;
}

void NewSandboxes::Add(WatchedCalls* calls) {
  std::lock_guard<std::mutex> lock(mutex_);
  calls_.push_back(calls);
  calls->noted_by_ = this;
}

void NewSandboxes::Remove(WatchedCalls* calls) {
  std::lock_guard<std::mutex> lock(mutex_);
  calls_.erase(std::remove(calls_.begin(), calls_.end(), calls), calls_.end());
}

bool NewSandboxes::RequestStop(const std::string& reason) {
  std::lock_guard<std::mutex> lock(mutex_);
  bool running = false;
  for (WatchedCalls* w : calls_) {
    const uint64_t seq = w->current();
    if (seq & 1) {  // odd: a call runs
      w->RequestStop(seq, reason);
      running = true;
    }
  }
  return running;
}

WatchedCalls::WatchedCalls(lua_State* L, lua_Hook on_stop) : L_(L), on_stop_(on_stop) {
  Watchdog::Get().Add(this);
  if (noting_sandboxes != nullptr) noting_sandboxes->Add(this);
}

// Made and destroyed in the thread noting it while it is noted (a definition that
// failed to load), or after the noting ended (noted_by_ then null).
WatchedCalls::~WatchedCalls() {
  if (noted_by_ != nullptr) noted_by_->Remove(this);
  Watchdog::Get().Remove(this);
}

void WatchedCalls::End() {
  Next();  // the next number: even, between calls
  // A stop installed for this call (or one that arrived just too late) is removed
  // here; lua_gethook is a plain read.
  if (lua_gethook(L_) != nullptr) {
    std::lock_guard<std::mutex> lock(hook_mutex_);
    lua_sethook(L_, nullptr, 0, 0);
  }
}

void WatchedCalls::RequestStop(uint64_t seq, std::string reason) {
  std::lock_guard<std::mutex> lock(hook_mutex_);
  if (current() != seq || stopped_seq_ == seq) return;  // ended meanwhile, or already stopped
  stopped_seq_ = seq;
  stop_reason_ = std::move(reason);
  stop_requested_seq_.store(seq, std::memory_order_relaxed);
  lua_sethook(L_, on_stop_, LUA_MASKCOUNT, 1);
}

std::string WatchedCalls::StopReason() {
  std::lock_guard<std::mutex> lock(hook_mutex_);
  return stop_reason_;
}

bool WatchedCalls::StopIsCurrent() {
  std::lock_guard<std::mutex> lock(hook_mutex_);
  if (stopped_seq_ == current()) return true;
  lua_sethook(L_, nullptr, 0, 0);
  return false;
}

}  // namespace parlor::lua
