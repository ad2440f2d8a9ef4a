// CommitQueue: the single writer of a Store, with group commit.
//
// Request threads enqueue WriteOps; one writer thread takes everything queued, runs the ops
// in one transaction and commits it (one fsync for the whole batch), then calls each op's
// Done() in queue order. While a batch commits, new ops queue up and form the next batch,
// so concurrent submissions share fsyncs. If a batch fails, its ops are retried one
// transaction each, so one bad op cannot fail the others.
// Done() runs on the writer thread after the data is durable: it is where tourneyd applies
// judgments to the in-memory ratings, so memory follows the commit order exactly.
// Thread safety: Enqueue() is safe from any thread.
#ifndef TOURNEY_SERVICE_COMMIT_QUEUE_H_
#define TOURNEY_SERVICE_COMMIT_QUEUE_H_

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "storage.h"

namespace tourney::service {

// The wall clock in milliseconds since the Unix epoch: the time stamps of leases,
// judgments and acknowledgements.
inline int64_t NowUnixMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Per-batch scratch state shared by the ops of one transaction.
struct BatchContext {
  // Next campaign_seq to hand out per campaign within this batch.
  std::unordered_map<uint64_t, int64_t> next_seq;
  // Commit time stamped on every row of the batch (Unix ms).
  int64_t now_unix_ms = 0;
};

class WriteOp {
 public:
  virtual ~WriteOp() = default;
  // Runs the op's statements in the batch's transaction.
  virtual Status Write(WriteTransaction& txn, BatchContext& batch) = 0;
  // Called exactly once, on the writer thread, in queue order: OK after a durable commit,
  // else the error (nothing of this op was written).
  virtual void Done(const Status& status) = 0;
};

// Told about each durable commit, on the writer thread: the write ops of the transaction
// and how many judgment rows they inserted.
using CommitObserver = std::function<void(int64_t ops, int64_t judgments)>;

class CommitQueue {
 public:
  // Starts the writer thread. `store` must outlive the queue; `observer` (may be empty)
  // is called after every successful commit.
  explicit CommitQueue(Store* store, CommitObserver observer = nullptr);
  // Owns a thread.
  CommitQueue(const CommitQueue&) = delete;
  CommitQueue& operator=(const CommitQueue&) = delete;
  // Stop()s.
  ~CommitQueue();

  // Queues an op. After Stop() the op is failed at once with Unavailable-like IoError.
  void Enqueue(std::unique_ptr<WriteOp> op);

  // Commits everything queued so far, then ends the writer thread. Idempotent.
  void Stop();

  // Batches committed so far (for tests and benchmarks).
  int64_t batches() const;

 private:
  void Run();
  void CommitBatch(std::deque<std::unique_ptr<WriteOp>>& ops);

  Store* const store_;
  const CommitObserver observer_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::unique_ptr<WriteOp>> queue_;  // guarded by mu_
  bool stopping_ = false;                       // guarded by mu_
  int64_t batches_ = 0;                         // guarded by mu_
  std::thread thread_;
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_COMMIT_QUEUE_H_
