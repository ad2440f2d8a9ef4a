// CallExecutor: the threads that run tourneyd's raw-handled RPCs (raw_calls.cc).
//
// gRPC's callback threads must not block, but a call may wait for a group commit, a fit
// slot or a whole import stream. Run() hands such work to an idle thread of the executor,
// or starts a new one when every thread is busy, so a slow call never holds up another
// (the number of threads follows the peak number of concurrent calls; idle threads wait
// for the next task and end when the executor is destroyed).
// Thread safety: Run() is safe from any thread.
#ifndef TOURNEY_SERVICE_CALL_EXECUTOR_H_
#define TOURNEY_SERVICE_CALL_EXECUTOR_H_

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tourney::service {

class CallExecutor {
 public:
  CallExecutor() = default;
  // Owns threads.
  CallExecutor(const CallExecutor&) = delete;
  CallExecutor& operator=(const CallExecutor&) = delete;
  // Runs the tasks still queued, then joins every thread.
  ~CallExecutor();

  // Runs `task` on an executor thread.
  void Run(std::function<void()> task);

 private:
  void Work();

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;  // guarded by mu_
  size_t idle_ = 0;                          // threads waiting for a task, guarded by mu_
  bool stopping_ = false;                    // guarded by mu_
  std::vector<std::thread> threads_;         // guarded by mu_
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_CALL_EXECUTOR_H_
