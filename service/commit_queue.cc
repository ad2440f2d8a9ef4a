#include "commit_queue.h"

#include <chrono>

namespace tourney::service {
namespace {

int64_t NowUnixMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

CommitQueue::CommitQueue(Store* store) : store_(store) { thread_ = std::thread([this] { Run(); }); }

CommitQueue::~CommitQueue() { Stop(); }

void CommitQueue::Enqueue(std::unique_ptr<WriteOp> op) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!stopping_) {
      queue_.push_back(std::move(op));
      cv_.notify_one();
      return;
    }
  }
  op->Done(IoError("the server is shutting down"));
}

void CommitQueue::Stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
    cv_.notify_one();
  }
  if (thread_.joinable()) thread_.join();
}

int64_t CommitQueue::batches() const {
  std::lock_guard<std::mutex> lock(mu_);
  return batches_;
}

void CommitQueue::Run() {
  std::deque<std::unique_ptr<WriteOp>> batch;
  while (true) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping and drained
      batch.swap(queue_);
    }
    CommitBatch(batch);
    batch.clear();
    std::lock_guard<std::mutex> lock(mu_);
    ++batches_;
  }
}

void CommitQueue::CommitBatch(std::deque<std::unique_ptr<WriteOp>>& ops) {
  BatchContext ctx;
  ctx.now_unix_ms = NowUnixMs();
  Status s = store_->Commit([&](WriteTransaction& txn) {
    for (auto& op : ops) {
      Status st = op->Write(txn, ctx);
      if (!st.ok()) return st;
    }
    return Status::Ok();
  });
  if (s.ok()) {
    for (auto& op : ops) op->Done(Status::Ok());
    return;
  }
  if (ops.size() == 1) {
    ops.front()->Done(s);
    return;
  }
  // Retry one op per transaction, in order, so each gets its own outcome.
  for (auto& op : ops) {
    BatchContext single;
    single.now_unix_ms = NowUnixMs();
    Status st = store_->Commit([&](WriteTransaction& txn) { return op->Write(txn, single); });
    op->Done(st);
  }
}

}  // namespace tourney::service
