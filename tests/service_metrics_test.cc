// ServiceMetrics: bucket placement, sums and counts worked out by hand, and the text it
// renders read back by an independent parser of the exposition format.
#include <gtest/gtest.h>

#include <cmath>

#include "metrics.h"
#include "metrics_exposition.h"

namespace tourney {
namespace {

using service::Histogram;
using service::ServiceGauges;
using service::ServiceMetrics;

TEST(ServiceMetrics, HistogramBucketsAreInclusiveUpperBoundsAndCumulative) {
  Histogram h({1, 2, 4});
  for (double v : {0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 9.0}) h.Observe(v);
  // <=1: 0.5, 1.0; <=2: + 1.5, 2.0; <=4: + 3.0, 4.0; 9.0 only in +Inf.
  EXPECT_EQ(h.CumulativeCounts(), (std::vector<int64_t>{2, 4, 6}));
  EXPECT_EQ(h.count(), 7);
  EXPECT_DOUBLE_EQ(h.sum(), 21.0);
}

TEST(ServiceMetrics, RendersCountsByServiceMethodAndCode) {
  ServiceMetrics metrics([] {
    ServiceGauges g;
    g.campaigns = 3;
    g.open_leases = 11;
    g.scoring_campaigns = 2;
    g.scoring_open_leases = 5;
    g.scoring_items = 120;
    g.scoring_items_scored = 37;
    return g;
  });
  metrics.RecordRpc("/tourney.v1.Tournament/NextMatch", 0, 0.002);
  metrics.RecordRpc("/tourney.v1.Tournament/NextMatch", 0, 0.0004);
  metrics.RecordRpc("/tourney.v1.Tournament/NextMatch", 16, 0.2);
  metrics.RecordRpc("/tourney.v1.Tournament/SubmitJudgment", 5, 30.0);
  metrics.RecordCommit(3, 2);
  metrics.RecordCommit(40, 39);

  testing::Exposition e;
  std::string error;
  const std::string text = metrics.Render();
  ASSERT_TRUE(testing::ParseExposition(text, &e, &error)) << error << "\n" << text;
  EXPECT_EQ(e.types["tourney_rpc_requests_total"], "counter");
  EXPECT_EQ(e.types["tourney_rpc_duration_seconds"], "histogram");
  EXPECT_EQ(e.types["tourney_commit_batch_ops"], "histogram");
  EXPECT_EQ(e.types["tourney_open_leases"], "gauge");

  const std::map<std::string, std::string> next_ok = {
      {"service", "tourney.v1.Tournament"}, {"method", "NextMatch"}, {"code", "OK"}};
  EXPECT_EQ(e.Get("tourney_rpc_requests_total", next_ok), 2);
  EXPECT_EQ(e.Get("tourney_rpc_requests_total", {{"service", "tourney.v1.Tournament"},
                                                 {"method", "NextMatch"},
                                                 {"code", "UNAUTHENTICATED"}}),
            1);
  EXPECT_EQ(e.Get("tourney_rpc_requests_total", {{"service", "tourney.v1.Tournament"},
                                                 {"method", "SubmitJudgment"},
                                                 {"code", "NOT_FOUND"}}),
            1);
  EXPECT_DOUBLE_EQ(e.Get("tourney_rpc_duration_seconds_sum", next_ok), 0.0024);
  EXPECT_EQ(e.Get("tourney_rpc_duration_seconds_count", next_ok), 2);
  auto bucket = [&](std::map<std::string, std::string> labels, const std::string& le) {
    labels["le"] = le;
    return e.Get("tourney_rpc_duration_seconds_bucket", labels);
  };
  EXPECT_EQ(bucket(next_ok, "0.0005"), 1);  // 0.4 ms
  EXPECT_EQ(bucket(next_ok, "0.001"), 1);
  EXPECT_EQ(bucket(next_ok, "0.0025"), 2);  // 2 ms
  EXPECT_EQ(bucket(next_ok, "+Inf"), 2);
  // 30 s lies beyond the last bound (10 s): only in +Inf.
  const std::map<std::string, std::string> submit = {
      {"service", "tourney.v1.Tournament"}, {"method", "SubmitJudgment"}, {"code", "NOT_FOUND"}};
  EXPECT_EQ(bucket(submit, "10"), 0);
  EXPECT_EQ(bucket(submit, "+Inf"), 1);

  EXPECT_EQ(e.Get("tourney_judgments_committed_total"), 41);
  EXPECT_EQ(e.Get("tourney_commit_batches_total"), 2);
  EXPECT_EQ(e.Get("tourney_commit_batch_ops_sum"), 43);
  EXPECT_EQ(e.Get("tourney_commit_batch_ops_bucket", {{"le", "4"}}), 1);
  EXPECT_EQ(e.Get("tourney_commit_batch_ops_bucket", {{"le", "32"}}), 1);
  EXPECT_EQ(e.Get("tourney_commit_batch_ops_bucket", {{"le", "64"}}), 2);
  EXPECT_EQ(e.Get("tourney_campaigns"), 3);
  EXPECT_EQ(e.Get("tourney_open_leases"), 11);
  EXPECT_EQ(e.types["tourney_scoring_items"], "gauge");
  EXPECT_EQ(e.Get("tourney_scoring_campaigns"), 2);
  EXPECT_EQ(e.Get("tourney_scoring_open_leases"), 5);
  EXPECT_EQ(e.Get("tourney_scoring_items"), 120);
  EXPECT_EQ(e.Get("tourney_scoring_items_scored"), 37);
}

TEST(ServiceMetrics, EscapesLabelValuesAndNamesStatusCodes) {
  EXPECT_EQ(service::EscapeLabelValue("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
  EXPECT_EQ(service::StatusCodeName(0), "OK");
  EXPECT_EQ(service::StatusCodeName(3), "INVALID_ARGUMENT");
  EXPECT_EQ(service::StatusCodeName(9), "FAILED_PRECONDITION");
  EXPECT_EQ(service::StatusCodeName(16), "UNAUTHENTICATED");
  EXPECT_EQ(service::StatusCodeName(17), "UNKNOWN");

  ServiceMetrics metrics;
  metrics.RecordRpc("/odd\"service/m\\ethod", 0, 0.001);
  testing::Exposition e;
  std::string error;
  ASSERT_TRUE(testing::ParseExposition(metrics.Render(), &e, &error)) << error;
  EXPECT_EQ(e.Get("tourney_rpc_requests_total",
                  {{"service", "odd\\\"service"}, {"method", "m\\\\ethod"}, {"code", "OK"}}),
            1);
  // Without a gauge callback the gauges read 0.
  EXPECT_EQ(e.Get("tourney_open_leases"), 0);
  EXPECT_EQ(e.Get("tourney_scoring_campaigns"), 0);
  EXPECT_EQ(e.Get("tourney_scoring_items_scored"), 0);
}

}  // namespace
}  // namespace tourney
