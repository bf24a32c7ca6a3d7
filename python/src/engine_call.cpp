// See engine_call.h.
#include "python/src/engine_call.h"

#include <pybind11/pybind11.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <ctime>
#include <chrono>
#include <exception>
#include <thread>
#include <utility>
#include <vector>

#include "scripting/lua/watchdog.h"

namespace py = pybind11;

namespace parlor::python {
namespace {

std::atomic<uint64_t> sigints{0};
sem_t wake;  // posted by the handler (sem_post is async-signal-safe)
std::atomic<bool> wake_ready{false};  // set once, before the first call is watched

// The handler ours chains to, in two slots so that the handler never reads one
// being written: ChainSigint fills the other slot, then flips `current_slot`.
struct sigaction chained[2];
std::atomic<int> current_slot{0};

void OnSigint(int sig, siginfo_t* info, void* context) {
  const int saved_errno = errno;
  sigints.fetch_add(1, std::memory_order_relaxed);
  if (wake_ready.load(std::memory_order_acquire)) sem_post(&wake);
  const struct sigaction& next = chained[current_slot.load(std::memory_order_acquire)];
  if (next.sa_flags & SA_SIGINFO) {
    if (next.sa_sigaction) next.sa_sigaction(sig, info, context);
  } else if (next.sa_handler != SIG_DFL && next.sa_handler != SIG_IGN && next.sa_handler) {
    next.sa_handler(sig);
  }
  errno = saved_errno;
}

bool IsOurs(const struct sigaction& a) {
  return (a.sa_flags & SA_SIGINFO) && a.sa_sigaction == &OnSigint;
}

// The engine calls running now, each with the SIGINT count at its start: the monitor
// stops those that began before the latest signal.
struct Running {
  lua::WatchedCalls* calls;        // a Ruleset's sandbox, or null for
  lua::NewSandboxes* sandboxes;    // those a load makes (LoadCall)
  uint64_t since;
  bool main_thread;
  const char* reason;              // what the stopped script's error says
};
std::mutex running_mutex;
std::vector<Running> running;
bool monitor_started = false;  // under running_mutex; false again in a forked child

// Wakes at each SIGINT, and every 50 ms: while the main thread is in an engine call
// it puts the handler back in front of Python's if the program's signal.signal put
// Python's alone back since (a sigaction at every call cost more than a short call).
void Monitor() {
  for (;;) {
    timespec until{};
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 50'000'000;
    if (until.tv_nsec >= 1'000'000'000) {
      until.tv_sec += 1;
      until.tv_nsec -= 1'000'000'000;
    }
    const bool signalled = sem_timedwait(&wake, &until) == 0;
    bool main_running = false;
    {
      std::lock_guard<std::mutex> lock(running_mutex);
      for (const Running& r : running) main_running = main_running || r.main_thread;
    }
    if (main_running) ChainSigint();
    if (!signalled) continue;
    // Stop every call that was running when the signal came, and again each later
    // Lua call of theirs (a stopped hook may be caught by the engine, as the
    // conformance suite records a failing game and goes on), until they return.
    for (;;) {
      bool any = false;
      {
        std::lock_guard<std::mutex> lock(running_mutex);
        const uint64_t now = sigints.load(std::memory_order_relaxed);
        for (const Running& r : running) {
          if (r.since != now) {
            if (r.calls != nullptr) {
              const uint64_t seq = r.calls->current();
              if (seq & 1) r.calls->RequestStop(seq, r.reason);  // odd: a Lua call runs (even: C++ work, stopped later)
            } else {
              r.sandboxes->RequestStop(r.reason);
            }
            any = true;
          }
        }
      }
      if (!any) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
}

void StartMonitor() {  // under running_mutex
  if (monitor_started) return;
  if (!wake_ready) {
    sem_init(&wake, 0, 0);
    wake_ready.store(true, std::memory_order_release);
  }
  std::thread(Monitor).detach();
  monitor_started = true;
}

// A fork (multiprocessing) copies no thread: the child starts its own monitor at its
// first call. The mutex is held across the fork so the child never inherits it locked.
void BeforeFork() { running_mutex.lock(); }
void AfterForkParent() { running_mutex.unlock(); }
void AfterForkChild() {
  monitor_started = false;
  running.clear();
  running_mutex.unlock();
}

unsigned long main_thread_ident = 0;  // NOLINT(runtime/int): PyThread_get_thread_ident's type
thread_local bool interrupted_call = false;

}  // namespace

void ChainSigint() {
  struct sigaction now {};
  if (sigaction(SIGINT, nullptr, &now) != 0 || IsOurs(now)) return;
  // SIG_DFL or SIG_IGN: the program chose how Ctrl-C ends it; leave it so.
  if (!(now.sa_flags & SA_SIGINFO) && (now.sa_handler == SIG_DFL || now.sa_handler == SIG_IGN)) return;
  const int next = 1 - current_slot.load(std::memory_order_relaxed);
  chained[next] = now;
  current_slot.store(next, std::memory_order_release);
  struct sigaction ours {};
  ours.sa_sigaction = &OnSigint;
  ours.sa_flags = SA_SIGINFO | (now.sa_flags & (SA_ONSTACK | SA_RESTART));
  ours.sa_mask = now.sa_mask;
  sigaction(SIGINT, &ours, nullptr);
}

uint64_t SigintCount() { return sigints.load(std::memory_order_relaxed); }

void NoteMainThread() {
  static bool registered = false;
  if (!registered) {
    pthread_atfork(BeforeFork, AfterForkParent, AfterForkChild);
    registered = true;
  }
  main_thread_ident = py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();  // NOLINT
}

bool OnMainThread() { return PyThread_get_thread_ident() == main_thread_ident; }

EngineCall::EngineCall(std::recursive_mutex& engine, lua::WatchedCalls& calls)
    : engine_(engine), calls_(calls), exceptions_(std::uncaught_exceptions()) {
  if (!engine_.try_lock()) {
    // Another thread plays these rules (it may want the GIL to look for Ctrl-C).
    py::gil_scoped_release unlocked;
    engine_.lock();
  }
  interrupted_call = false;
  const bool main_thread = OnMainThread();
  std::lock_guard<std::mutex> lock(running_mutex);
  StartMonitor();
  since_ = SigintCount();
  running.push_back({&calls_, nullptr, since_, main_thread, kGameCallStop});
}

EngineCall::~EngineCall() {
  {
    std::lock_guard<std::mutex> lock(running_mutex);
    auto it = std::find_if(running.begin(), running.end(), [&](const Running& r) { return r.calls == &calls_; });
    if (it != running.end()) running.erase(it);
  }
  if (std::uncaught_exceptions() > exceptions_ && interrupted()) interrupted_call = true;
  engine_.unlock();
}

void EngineCall::Rebase() {
  std::lock_guard<std::mutex> lock(running_mutex);
  since_ = SigintCount();
  for (Running& r : running)
    if (r.calls == &calls_) r.since = since_;
}

bool TakeInterrupted() { return std::exchange(interrupted_call, false); }

LoadCall::LoadCall() {
  const bool main_thread = OnMainThread();
  std::lock_guard<std::mutex> lock(running_mutex);
  StartMonitor();
  since_ = SigintCount();
  running.push_back({nullptr, &sandboxes_, since_, main_thread, kLoadStop});
}

LoadCall::~LoadCall() {
  std::lock_guard<std::mutex> lock(running_mutex);
  auto it = std::find_if(running.begin(), running.end(), [&](const Running& r) { return r.sandboxes == &sandboxes_; });
  if (it != running.end()) running.erase(it);
}

}  // namespace parlor::python
