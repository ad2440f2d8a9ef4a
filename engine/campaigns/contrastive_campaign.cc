// The live contrastive campaign (see tourney/campaigns/contrastive_campaign.h).
#include "tourney/campaigns/contrastive_campaign.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "tourney/core/random.h"

namespace tourney {
namespace {

constexpr int kDraws = 16;  // draws of the rule before an annotator has nothing left

int64_t DoneKey(int segment, int system, int systems) {
  return static_cast<int64_t>(segment) * systems + system;
}

}  // namespace

Status ValidateContrastiveCampaignConfig(const ContrastiveCampaignConfig& config) {
  const int n = static_cast<int>(config.table.systems.size());
  if (n < 2) return InvalidArgument("systems: a contrastive campaign needs at least 2");
  if (Status s = CheckAssignmentOptions(config.options, n); !s.ok()) return s;
  if (!(config.attention_rate >= 0.0 && config.attention_rate <= 0.5)) {
    return InvalidArgument("attention_rate: must be in [0, 0.5]");
  }
  if (!std::isfinite(config.score_min) || !std::isfinite(config.score_max) ||
      !(config.score_min < config.score_max)) {
    return InvalidArgument("score range: score_min must be below score_max, both finite");
  }
  if (config.lease_ms <= 0) return InvalidArgument("lease_ms: must be > 0");
  return Status();
}

ContrastiveCampaign::ContrastiveCampaign(ContrastiveCampaignConfig config)
    : config_(std::move(config)), tally_(static_cast<int>(config_.table.systems.size())) {}

StatusOr<std::unique_ptr<ContrastiveCampaign>> ContrastiveCampaign::Create(
    ContrastiveCampaignConfig config) {
  if (Status s = ValidateContrastiveCampaignConfig(config); !s.ok()) return s;
  std::unique_ptr<ContrastiveCampaign> c(new ContrastiveCampaign(std::move(config)));
  const ScoredSegments& t = c->config_.table;
  c->num_segments_ = static_cast<int>(t.segment_ids.size());
  c->has_.assign(t.systems.size() * static_cast<size_t>(c->num_segments_), 0);
  for (size_t s = 0; s < t.systems.size(); ++s) {
    for (int g : t.systems[s].segment) c->has_[s * c->num_segments_ + g] = 1;
  }
  c->segment_order_.resize(c->num_segments_);
  std::iota(c->segment_order_.begin(), c->segment_order_.end(), 0);
  Rng rng(DeriveSeed(c->config_.seed, 0));
  for (int i = c->num_segments_ - 1; i > 0; --i) {
    std::swap(c->segment_order_[i], c->segment_order_[rng.UniformInt(i + 1)]);
  }
  for (const SystemSegments& s : t.systems) c->screens_.systems.push_back(s.name);
  c->screens_.segments = t.segment_ids;
  c->screens_.documents = t.document_ids;
  c->screens_.score_min = c->config_.score_min;
  c->screens_.score_max = c->config_.score_max;
  return c;
}

std::unordered_set<int64_t>& ContrastiveCampaign::ServedTo(const std::string& annotator) {
  return served_to_[annotator];
}

size_t AnnotatorStart(std::string_view annotator, size_t segments) {
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a 64
  for (unsigned char c : annotator) h = (h ^ c) * 0x100000001b3ull;
  return segments == 0 ? 0 : static_cast<size_t>(h % segments);
}

int ContrastiveCampaign::FindSegment(const std::unordered_set<int64_t>& done,
                                     const std::vector<int>& systems, size_t start) const {
  const int n = num_systems();
  const size_t total = segment_order_.size();
  auto all_present = [&](int g) {
    return std::all_of(systems.begin(), systems.end(), [&](int s) { return HasOutput(s, g); });
  };
  for (size_t i = 0; i < total; ++i) {
    const int g = segment_order_[(start + i) % total];
    if (all_present(g) && std::none_of(systems.begin(), systems.end(), [&](int s) {
          return done.count(DoneKey(g, s, n)) > 0;
        })) {
      return g;
    }
  }
  for (size_t i = 0; i < total; ++i) {
    const int g = segment_order_[(start + i) % total];
    if (all_present(g) && std::any_of(systems.begin(), systems.end(), [&](int s) {
          return done.count(DoneKey(g, s, n)) == 0;
        })) {
      return g;
    }
  }
  return -1;
}

StatusOr<ServedScreen> ContrastiveCampaign::ProposeScreen(std::string_view annotator,
                                                          int64_t now_ms) {
  if (annotator.empty()) return InvalidArgument("annotator: empty");
  if (closed_) return FailedPrecondition("the campaign is closed: no more screens are served");
  const std::string who(annotator);
  std::unordered_set<int64_t>& done = ServedTo(who);
  const int n = num_systems();
  const int k = config_.options.k;
  const int64_t serial = serial_ + 1;
  const uint64_t stream = epoch_ > 0 ? DeriveSeed(config_.seed, epoch_) : config_.seed;
  Rng rng(DeriveSeed(stream, static_cast<uint64_t>(serial)));
  ServedScreen screen;
  const bool check = config_.attention_rate > 0.0 && rng.Uniform() < config_.attention_rate;
  const ScreenAssignment rule = check ? ScreenAssignment::kUniform : config_.assignment;
  int segment = -1;
  std::vector<int> systems;
  for (int draw = 0; draw < kDraws && segment < 0; ++draw) {
    systems = DrawScreenSystems(rule, tally_, config_.options, rng);
    segment = FindSegment(done, systems, AnnotatorStart(who, segment_order_.size()));
  }
  if (segment < 0) {
    return NotFound("nothing left for annotator '" + who +
                    "': every segment with these systems was served to them");
  }
  screen.selection_probability = SubsetProbability(rule, tally_, config_.options, systems);
  for (int i = k - 1; i > 0; --i) std::swap(systems[i], systems[rng.UniformInt(i + 1)]);
  if (check) {
    screen.attention_position = static_cast<int>(rng.UniformInt(k));
    screen.attention_seed = rng.Next();
  }
  serial_ = serial;
  std::string id;
  if (epoch_ > 0) id.append("e").append(std::to_string(epoch_)).append("-");
  screen.screen_id = id.append("s").append(std::to_string(serial));
  screen.annotator = who;
  screen.segment = segment;
  screen.systems = std::move(systems);
  screen.served_ms = now_ms;
  screen.lease_expires_ms = now_ms + config_.lease_ms;
  for (int s : screen.systems) done.insert(DoneKey(segment, s, n));
  served_[screen.screen_id] = screen;
  return screen;
}

const ServedScreen* ContrastiveCampaign::Served(std::string_view screen_id) const {
  auto it = served_.find(std::string(screen_id));
  if (it != served_.end()) return &it->second;
  const AppliedScreen* applied = Applied(screen_id);
  return applied != nullptr ? &applied->served : nullptr;
}

const AppliedScreen* ContrastiveCampaign::Applied(std::string_view screen_id) const {
  auto it = applied_index_.find(std::string(screen_id));
  return it == applied_index_.end() ? nullptr : &applied_[it->second];
}

Status ContrastiveCampaign::CheckSubmission(std::string_view annotator, std::string_view screen_id,
                                            const std::vector<ScreenAnswer>& answers,
                                            bool* repeat) const {
  *repeat = false;
  const ServedScreen* screen = Served(screen_id);
  const std::string id(screen_id);
  if (screen == nullptr) {
    return NotFound("screen '" + id + "' was not served in this campaign (a screen served "
                    "before a restart must be asked for again)");
  }
  if (screen->annotator != annotator) {
    return FailedPrecondition("screen '" + id + "' was served to another annotator");
  }
  const auto& names = config_.table.systems;
  std::vector<double> by_position(screen->systems.size(), std::nan(""));
  for (const ScreenAnswer& a : answers) {
    const auto at = std::find(screen->systems.begin(), screen->systems.end(), a.system);
    const std::string name =
        a.system >= 0 && a.system < num_systems() ? names[a.system].name : std::to_string(a.system);
    if (at == screen->systems.end()) {
      return InvalidArgument("answers: system '" + name + "' is not on screen '" + id + "'");
    }
    const size_t position = static_cast<size_t>(at - screen->systems.begin());
    if (!std::isnan(by_position[position])) {
      return InvalidArgument("answers: system '" + name + "' is answered twice");
    }
    if (!std::isfinite(a.score) || a.score < config_.score_min || a.score > config_.score_max) {
      return InvalidArgument("answers: the score of system '" + name + "' must be a number in [" +
                             std::to_string(config_.score_min) + ", " +
                             std::to_string(config_.score_max) + "]");
    }
    by_position[position] = a.score;
  }
  for (size_t i = 0; i < screen->systems.size(); ++i) {
    if (std::isnan(by_position[i])) {
      return InvalidArgument("answers: system '" + names[screen->systems[i]].name +
                             "' of screen '" + id + "' has no answer; a screen is stored "
                             "only with all " + std::to_string(screen->systems.size()));
    }
  }
  if (const AppliedScreen* done = Applied(screen_id)) {
    if (done->scores != by_position) {
      return Status(StatusCode::kAlreadyExists, "screen '" + id + "' was submitted with other scores");
    }
    *repeat = true;
    return Status();
  }
  if (closed_) return FailedPrecondition("the campaign is closed: no more screens are stored");
  return Status();
}

AppliedScreen ContrastiveCampaign::AppliedScreenOf(std::string_view screen_id,
                                                   const std::vector<ScreenAnswer>& answers) const {
  AppliedScreen out;
  out.served = *Served(screen_id);
  out.scores.assign(out.served.systems.size(), 0.0);
  for (const ScreenAnswer& a : answers) {
    const auto at = std::find(out.served.systems.begin(), out.served.systems.end(), a.system);
    out.scores[static_cast<size_t>(at - out.served.systems.begin())] = a.score;
  }
  if (out.served.attention_position >= 0) {
    const double bad = out.scores[out.served.attention_position];
    out.attention_passed = true;
    for (size_t i = 0; i < out.scores.size(); ++i) {
      if (static_cast<int>(i) != out.served.attention_position && !(out.scores[i] > bad)) {
        out.attention_passed = false;
      }
    }
  }
  return out;
}

int ContrastiveCampaign::AnnotatorIndex(const std::string& name) {
  auto [it, added] = annotator_index_.emplace(name, static_cast<int>(screens_.annotators.size()));
  if (added) screens_.annotators.push_back(name);
  return it->second;
}

StatusOr<bool> ContrastiveCampaign::ApplyScreen(const AppliedScreen& screen) {
  const ServedScreen& s = screen.served;
  if (applied_index_.count(s.screen_id)) return false;
  const int n = num_systems();
  if (s.segment < 0 || s.segment >= num_segments_ || s.systems.size() < 2 ||
      screen.scores.size() != s.systems.size() ||
      std::any_of(s.systems.begin(), s.systems.end(), [n](int x) { return x < 0 || x >= n; })) {
    return InvalidArgument("screen '" + s.screen_id + "': systems, segment or scores out of range");
  }
  served_.erase(s.screen_id);
  std::unordered_set<int64_t>& done = ServedTo(s.annotator);
  for (int x : s.systems) done.insert(DoneKey(s.segment, x, n));
  applied_index_[s.screen_id] = applied_.size();
  applied_.push_back(screen);
  if (s.attention_position >= 0) return true;
  ContrastiveScreen board;
  board.screen_id = s.screen_id;
  board.annotator = AnnotatorIndex(s.annotator);
  board.segment = s.segment;
  board.document = config_.table.segment_document.empty()
                       ? -1
                       : config_.table.segment_document[s.segment];
  board.selection_probability = s.selection_probability;
  for (size_t i = 0; i < s.systems.size(); ++i) {
    board.answers.push_back({s.systems[i], screen.scores[i], 0});
  }
  tally_.Add(board.answers);
  screens_.screens.push_back(std::move(board));
  return true;
}

int ContrastiveCampaign::OpenScreens(int64_t now_ms) const {
  int open = 0;
  for (const auto& [id, s] : served_) open += s.lease_expires_ms > now_ms ? 1 : 0;
  return open;
}

int ContrastiveCampaign::ScreensOf(std::string_view annotator, int64_t now_ms) const {
  int open = 0;
  for (const auto& [id, s] : served_) {
    open += s.annotator == annotator && s.lease_expires_ms > now_ms ? 1 : 0;
  }
  return open;
}

}  // namespace tourney
