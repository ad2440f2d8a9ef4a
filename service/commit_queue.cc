#include "commit_queue.h"

namespace tourney::service {
namespace {

// Passes statements through to the transaction and counts the judgment rows inserted.
class CountingTransaction final : public WriteTransaction {
 public:
  explicit CountingTransaction(WriteTransaction& txn) : txn_(txn) {}
  int64_t judgments() const { return judgments_; }

  Status InsertJudgment(const StoredJudgment& judgment) override {
    Status s = txn_.InsertJudgment(judgment);
    if (s.ok()) ++judgments_;
    return s;
  }
  Status InsertLease(const StoredLease& lease) override { return txn_.InsertLease(lease); }
  Status DeleteLease(uint64_t match_id) override { return txn_.DeleteLease(match_id); }
  Status DeleteLeasesExpiredBefore(int64_t unix_ms) override {
    return txn_.DeleteLeasesExpiredBefore(unix_ms);
  }
  StatusOr<uint64_t> InsertCampaign(const StoredCampaign& campaign) override {
    return txn_.InsertCampaign(campaign);
  }
  Status InsertEvent(const StoredEvent& event) override { return txn_.InsertEvent(event); }
  Status InsertImportKey(const StoredImportKey& key) override {
    return txn_.InsertImportKey(key);
  }
  StatusOr<uint64_t> InsertScoringCampaign(const StoredCampaign& campaign) override {
    return txn_.InsertScoringCampaign(campaign);
  }
  Status InsertScore(const StoredScore& score) override { return txn_.InsertScore(score); }
  Status InsertScoringEvent(const StoredEvent& event) override {
    return txn_.InsertScoringEvent(event);
  }
  Status InsertScreen(const StoredScreen& screen) override { return txn_.InsertScreen(screen); }
  Status InsertAnnotatorLink(const StoredAnnotatorLink& link) override {
    return txn_.InsertAnnotatorLink(link);
  }
  Status RevokeAnnotatorLink(const std::string& token_sha256, int64_t unix_ms) override {
    return txn_.RevokeAnnotatorLink(token_sha256, unix_ms);
  }

 private:
  WriteTransaction& txn_;
  int64_t judgments_ = 0;
};

}  // namespace

CommitQueue::CommitQueue(Store* store, CommitObserver observer)
    : store_(store), observer_(std::move(observer)) {
  thread_ = std::thread([this] { Run(); });
}

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
  int64_t judgments = 0;
  Status s = store_->Commit([&](WriteTransaction& txn) {
    CountingTransaction counting(txn);
    for (auto& op : ops) {
      Status st = op->Write(counting, ctx);
      if (!st.ok()) return st;
    }
    judgments = counting.judgments();
    return Status::Ok();
  });
  if (s.ok()) {
    if (observer_) observer_(static_cast<int64_t>(ops.size()), judgments);
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
    int64_t judgments = 0;
    Status st = store_->Commit([&](WriteTransaction& txn) {
      CountingTransaction counting(txn);
      Status written = op->Write(counting, single);
      judgments = counting.judgments();
      return written;
    });
    if (st.ok() && observer_) observer_(1, judgments);
    op->Done(st);
  }
}

}  // namespace tourney::service
