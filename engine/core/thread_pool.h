// ThreadPool: a fixed set of worker threads running index loops.
//
// ParallelFor(n, fn) calls fn(i, worker) once for each i in [0, n). Indices are handed out
// in increasing order, one at a time, to whichever thread is free; the caller's thread
// takes part as worker 0. Work that stores its result by index (and draws its randomness
// from a per-index seed) therefore gives the same output whatever the thread count.
// Thread safety: ParallelFor may be called from one thread at a time; fn must be safe to
// run concurrently for distinct indices. Not copyable: it owns threads.
#ifndef TOURNEY_CORE_THREAD_POOL_H_
#define TOURNEY_CORE_THREAD_POOL_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tourney {

class ThreadPool {
 public:
  // threads <= 0 means one per hardware thread (at least 1). A pool of 1 runs everything
  // on the calling thread.
  explicit ThreadPool(int threads);
  ~ThreadPool();

  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Threads that run work, the caller included.
  int size() const { return static_cast<int>(workers_.size()) + 1; }

  // Calls fn(index, worker) for every index in [0, n), worker in [0, size()) naming the
  // thread (for per-thread scratch space). Returns when every call has returned.
  void ParallelFor(int64_t n, const std::function<void(int64_t index, int worker)>& fn);

  // The thread count `threads` resolves to (<= 0: hardware threads).
  static int ResolveThreads(int threads);

 private:
  void WorkerLoop(int worker);
  void RunIndices(int worker);

  std::vector<std::thread> workers_;
  std::mutex mu_;
  std::condition_variable wake_;  // a new loop started, or shutdown
  std::condition_variable done_;  // a worker finished its share of the loop
  uint64_t generation_ = 0;       // GUARDED_BY(mu_): bumped per loop
  int busy_ = 0;                  // GUARDED_BY(mu_): workers still inside the loop
  bool shutdown_ = false;         // GUARDED_BY(mu_)
  const std::function<void(int64_t, int)>* fn_ = nullptr;  // GUARDED_BY(mu_)
  int64_t n_ = 0;                                          // GUARDED_BY(mu_)
  std::atomic<int64_t> next_{0};                           // next index to hand out
};

}  // namespace tourney

#endif  // TOURNEY_CORE_THREAD_POOL_H_
