#include "metrics.h"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace tourney::service {
namespace {

// Shortest text that reads back as the same double (without an exponent when `fixed`,
// as bucket bounds are usually written: le="0.0005").
std::string FormatNumber(double v, bool fixed = false) {
  char buf[400];
  auto [end, ec] = fixed ? std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::fixed)
                         : std::to_chars(buf, buf + sizeof(buf), v);
  return ec == std::errc() ? std::string(buf, end) : std::string("NaN");
}

void WriteHeader(std::ostringstream& out, const char* name, const char* type, const char* help) {
  out << "# HELP " << name << " " << help << "\n# TYPE " << name << " " << type << "\n";
}

// `labels` is either empty or `key="value",...` without braces.
void WriteHistogram(std::ostringstream& out, const std::string& name, const std::string& labels,
                    const Histogram& h) {
  const std::string sep = labels.empty() ? "" : ",";
  const std::vector<int64_t> cumulative = h.CumulativeCounts();
  for (size_t i = 0; i < h.upper_bounds().size(); ++i) {
    out << name << "_bucket{" << labels << sep << "le=\""
        << FormatNumber(h.upper_bounds()[i], /*fixed=*/true) << "\"} " << cumulative[i] << "\n";
  }
  out << name << "_bucket{" << labels << sep << "le=\"+Inf\"} " << h.count() << "\n";
  const std::string braces = labels.empty() ? "" : "{" + labels + "}";
  out << name << "_sum" << braces << " " << FormatNumber(h.sum()) << "\n";
  out << name << "_count" << braces << " " << h.count() << "\n";
}

}  // namespace

Histogram::Histogram(std::vector<double> upper_bounds)
    : bounds_(std::move(upper_bounds)), counts_(bounds_.size(), 0) {}

void Histogram::Observe(double value) {
  const auto it = std::lower_bound(bounds_.begin(), bounds_.end(), value);
  if (it != bounds_.end()) ++counts_[static_cast<size_t>(it - bounds_.begin())];
  sum_ += value;
  ++count_;
}

std::vector<int64_t> Histogram::CumulativeCounts() const {
  std::vector<int64_t> out(counts_.size());
  int64_t running = 0;
  for (size_t i = 0; i < counts_.size(); ++i) out[i] = running += counts_[i];
  return out;
}

ServiceMetrics::ServiceMetrics(std::function<ServiceGauges()> gauges)
    : gauges_(std::move(gauges)) {}

void ServiceMetrics::RecordRpc(std::string_view full_method, int code, double seconds) {
  // "/tourney.v1.Tournament/NextMatch" -> ("tourney.v1.Tournament", "NextMatch").
  std::string_view service, method = full_method;
  if (!method.empty() && method.front() == '/') method.remove_prefix(1);
  if (const size_t slash = method.find('/'); slash != std::string_view::npos) {
    service = method.substr(0, slash);
    method.remove_prefix(slash + 1);
  }
  RpcKey key{std::string(service), std::string(method), std::string(StatusCodeName(code))};
  std::lock_guard<std::mutex> lock(mu_);
  RpcSeries& series = rpcs_[std::move(key)];
  ++series.requests;
  series.latency.Observe(seconds);
}

void ServiceMetrics::RecordCommit(int64_t ops, int64_t judgments) {
  std::lock_guard<std::mutex> lock(mu_);
  ++commit_batches_;
  judgments_committed_ += judgments;
  batch_ops_.Observe(static_cast<double>(ops));
}

std::string ServiceMetrics::Render() const {
  const ServiceGauges gauges = gauges_ ? gauges_() : ServiceGauges();
  std::ostringstream out;
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::pair<std::string, const RpcSeries*>> series;
  for (const auto& [key, s] : rpcs_) {
    const auto& [service, method, code] = key;
    series.emplace_back("service=\"" + EscapeLabelValue(service) + "\",method=\"" +
                            EscapeLabelValue(method) + "\",code=\"" + code + "\"",
                        &s);
  }
  WriteHeader(out, "tourney_rpc_requests_total", "counter",
              "RPCs finished, by gRPC service, method and status code.");
  for (const auto& [labels, s] : series) {
    out << "tourney_rpc_requests_total{" << labels << "} " << s->requests << "\n";
  }
  WriteHeader(out, "tourney_rpc_duration_seconds", "histogram",
              "Time from the start of an RPC to its status, in seconds.");
  for (const auto& [labels, s] : series) {
    WriteHistogram(out, "tourney_rpc_duration_seconds", labels, s->latency);
  }
  WriteHeader(out, "tourney_judgments_committed_total", "counter",
              "Judgments durably committed by this process (submissions and imports).");
  out << "tourney_judgments_committed_total " << judgments_committed_ << "\n";
  WriteHeader(out, "tourney_commit_batches_total", "counter",
              "Group commits (one transaction and one fsync each).");
  out << "tourney_commit_batches_total " << commit_batches_ << "\n";
  WriteHeader(out, "tourney_commit_batch_ops", "histogram",
              "Write operations per group commit (judgments, leases, campaigns).");
  WriteHistogram(out, "tourney_commit_batch_ops", "", batch_ops_);
  WriteHeader(out, "tourney_campaigns", "gauge", "Campaigns served.");
  out << "tourney_campaigns " << gauges.campaigns << "\n";
  WriteHeader(out, "tourney_open_leases", "gauge",
              "Matches leased to annotators, neither judged nor expired.");
  out << "tourney_open_leases " << gauges.open_leases << "\n";
  WriteHeader(out, "tourney_scoring_campaigns", "gauge", "Scoring campaigns served.");
  out << "tourney_scoring_campaigns " << gauges.scoring_campaigns << "\n";
  WriteHeader(out, "tourney_scoring_open_leases", "gauge",
              "Scoring items leased to annotators, neither scored nor expired.");
  out << "tourney_scoring_open_leases " << gauges.scoring_open_leases << "\n";
  WriteHeader(out, "tourney_scoring_items", "gauge",
              "Items (system, segment) of the scoring campaigns.");
  out << "tourney_scoring_items " << gauges.scoring_items << "\n";
  WriteHeader(out, "tourney_scoring_items_scored", "gauge",
              "Items of the scoring campaigns with a human score (the table's and submitted).");
  out << "tourney_scoring_items_scored " << gauges.scoring_items_scored << "\n";
  return out.str();
}

std::string EscapeLabelValue(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (char ch : value) {
    if (ch == '\\') {
      out += "\\\\";
    } else if (ch == '"') {
      out += "\\\"";
    } else if (ch == '\n') {
      out += "\\n";
    } else {
      out += ch;
    }
  }
  return out;
}

}  // namespace tourney::service
