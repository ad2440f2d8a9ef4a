// ServiceMetrics: tourneyd's operational counters, rendered in the Prometheus text
// exposition format 0.0.4 (https://prometheus.io/docs/instrumenting/exposition_formats/).
//
// Series (names and label sets are stable; docs/service.md lists them):
//   tourney_rpc_requests_total{service,method,code}        counter
//   tourney_rpc_duration_seconds{service,method,code}      histogram (seconds)
//   tourney_judgments_committed_total                      counter
//   tourney_commit_batches_total                           counter
//   tourney_commit_batch_ops{}                             histogram (write ops per commit)
//   tourney_campaigns                                      gauge
//   tourney_open_leases                                    gauge
// The gauges are read from a callback at render time, so they are never stale.
// Thread safety: every method may be called concurrently with every other.
#ifndef TOURNEY_SERVICE_METRICS_H_
#define TOURNEY_SERVICE_METRICS_H_

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "proto/status_code_name.h"

namespace tourney::service {

// Upper bounds (inclusive) of the latency buckets, seconds; +Inf is implicit.
inline constexpr std::array<double, 14> kLatencyBucketsSeconds = {
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
// Upper bounds of the commit batch size buckets (write ops per group commit).
inline constexpr std::array<double, 11> kBatchOpsBuckets = {1,  2,   4,   8,   16,  32,
                                                            64, 128, 256, 512, 1024};

// Values read when the metrics are rendered.
struct ServiceGauges {
  int64_t campaigns = 0;
  int64_t open_leases = 0;  // leased matches neither judged nor expired
  // Scoring campaigns: how many, their items leased (neither scored nor expired), their
  // items (system, segment) and the items with a human score.
  int64_t scoring_campaigns = 0;
  int64_t scoring_open_leases = 0;
  int64_t scoring_items = 0;
  int64_t scoring_items_scored = 0;
};

// Bucket counts, sum and count of observations. Not synchronized: its owner locks.
class Histogram {
 public:
  explicit Histogram(std::vector<double> upper_bounds);
  void Observe(double value);
  // CumulativeCounts()[i] counts observations <= upper_bounds()[i]; count() is the +Inf
  // bucket.
  const std::vector<double>& upper_bounds() const { return bounds_; }
  std::vector<int64_t> CumulativeCounts() const;
  double sum() const { return sum_; }
  int64_t count() const { return count_; }

 private:
  std::vector<double> bounds_;
  std::vector<int64_t> counts_;  // per bucket, not cumulative
  double sum_ = 0;
  int64_t count_ = 0;
};

class ServiceMetrics {
 public:
  // `gauges` is called on every Render(); it may be empty (the gauges then read 0).
  explicit ServiceMetrics(std::function<ServiceGauges()> gauges = nullptr);
  ServiceMetrics(const ServiceMetrics&) = delete;
  ServiceMetrics& operator=(const ServiceMetrics&) = delete;

  // Sets the gauge callback. REQUIRES: no concurrent Render().
  void SetGauges(std::function<ServiceGauges()> gauges) { gauges_ = std::move(gauges); }

  // One finished RPC. `full_method` is gRPC's "/package.Service/Method"; `code` is the
  // numeric grpc::StatusCode.
  void RecordRpc(std::string_view full_method, int code, double seconds);
  // One durable group commit of `ops` write ops, `judgments` of them judgments.
  void RecordCommit(int64_t ops, int64_t judgments);

  // The text exposition (format 0.0.4) of every series.
  std::string Render() const;

 private:
  struct RpcSeries {
    int64_t requests = 0;
    Histogram latency{
        std::vector<double>(kLatencyBucketsSeconds.begin(), kLatencyBucketsSeconds.end())};
  };
  // (service, method, code name)
  using RpcKey = std::tuple<std::string, std::string, std::string>;

  std::function<ServiceGauges()> gauges_;
  mutable std::mutex mu_;
  std::map<RpcKey, RpcSeries> rpcs_;  // guarded by mu_
  int64_t judgments_committed_ = 0;   // guarded by mu_
  int64_t commit_batches_ = 0;        // guarded by mu_
  Histogram batch_ops_{
      std::vector<double>(kBatchOpsBuckets.begin(), kBatchOpsBuckets.end())};  // guarded by mu_
};

// The canonical name of a gRPC status code (proto/status_code_name.h).
using ::tourney::StatusCodeName;

// `value` escaped for a label value of the text format (backslash, double quote, newline).
std::string EscapeLabelValue(std::string_view value);

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_METRICS_H_
