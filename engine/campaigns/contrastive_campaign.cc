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
  // The units a screen shows: each segment, or each document with its segments in table
  // order (document screens).
  if (c->config_.document_screens) {
    c->unit_segments_.resize(t.document_ids.size());
    for (int g = 0; g < c->num_segments_; ++g) {
      c->unit_segments_[t.segment_document[g]].push_back(g);
    }
  } else {
    c->unit_segments_.resize(c->num_segments_);
    for (int g = 0; g < c->num_segments_; ++g) c->unit_segments_[g] = {g};
  }
  const int units = static_cast<int>(c->unit_segments_.size());
  c->segment_order_.resize(units);
  std::iota(c->segment_order_.begin(), c->segment_order_.end(), 0);
  Rng rng(DeriveSeed(c->config_.seed, 0));
  for (int i = units - 1; i > 0; --i) {
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
  return segments == 0 ? 0 : static_cast<size_t>(Fnv1a64(annotator) % segments);
}

int ContrastiveCampaign::FindSegment(const std::unordered_set<int64_t>& done,
                                     const std::vector<int>& systems, size_t start) const {
  const int n = num_systems();
  const size_t total = segment_order_.size();
  auto all_present = [&](int u) {
    return !unit_segments_[u].empty() &&
           std::all_of(systems.begin(), systems.end(), [&](int s) {
             return std::all_of(unit_segments_[u].begin(), unit_segments_[u].end(),
                                [&](int g) { return HasOutput(s, g); });
           });
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
  int unit = -1;
  std::vector<int> systems;
  for (int draw = 0; draw < kDraws && unit < 0; ++draw) {
    systems = DrawScreenSystems(rule, tally_, config_.options, rng);
    unit = FindSegment(done, systems, AnnotatorStart(who, segment_order_.size()));
  }
  if (unit < 0) {
    return NotFound("nothing left for annotator '" + who + "': every " +
                    (config_.document_screens ? "document" : "segment") +
                    " with these systems was served to them");
  }
  screen.selection_probability = SubsetProbability(rule, tally_, config_.options, systems);
  for (int i = k - 1; i > 0; --i) std::swap(systems[i], systems[rng.UniformInt(i + 1)]);
  if (check) {
    screen.attention_position = static_cast<int>(rng.UniformInt(k));
    screen.attention_segment = static_cast<int>(rng.UniformInt(unit_segments_[unit].size()));
    screen.attention_seed = rng.Next();
  }
  serial_ = serial;
  std::string id;
  if (epoch_ > 0) id.append("e").append(std::to_string(epoch_)).append("-");
  screen.screen_id = id.append("s").append(std::to_string(serial));
  screen.annotator = who;
  screen.segments = unit_segments_[unit];
  screen.segment = screen.segments.front();
  screen.systems = std::move(systems);
  screen.served_ms = now_ms;
  screen.lease_expires_ms = now_ms + config_.lease_ms;
  for (int s : screen.systems) done.insert(DoneKey(unit, s, n));
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
                                            const std::vector<ScreenScore>& answers,
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
  const auto& segment_ids = config_.table.segment_ids;
  const bool per_segment = config_.document_screens;
  const size_t m = screen->segments.size();
  std::vector<double> at(screen->systems.size() * m, std::nan(""));
  for (const ScreenScore& a : answers) {
    const auto pos = std::find(screen->systems.begin(), screen->systems.end(), a.system);
    const std::string name =
        a.system >= 0 && a.system < num_systems() ? names[a.system].name : std::to_string(a.system);
    if (pos == screen->systems.end()) {
      return InvalidArgument("answers: system '" + name + "' is not on screen '" + id + "'");
    }
    size_t j = 0;
    if (per_segment) {
      const auto seg = std::find(screen->segments.begin(), screen->segments.end(), a.segment);
      if (seg == screen->segments.end()) {
        return InvalidArgument("answers: system '" + name + "': " +
                               (a.segment < 0 ? std::string("no segment named")
                                              : "segment '" + segment_ids[a.segment] +
                                                    "' is not on screen '" + id + "'") +
                               " (a document screen takes one answer per system and segment)");
      }
      j = static_cast<size_t>(seg - screen->segments.begin());
    }
    const size_t cell = static_cast<size_t>(pos - screen->systems.begin()) * m + j;
    if (!std::isnan(at[cell])) {
      return InvalidArgument("answers: system '" + name + "' is answered twice" +
                             (per_segment ? " on segment '" + segment_ids[screen->segments[j]] + "'"
                                          : std::string()));
    }
    if (!std::isfinite(a.score) || a.score < config_.score_min || a.score > config_.score_max) {
      return InvalidArgument("answers: the score of system '" + name + "' must be a number in [" +
                             std::to_string(config_.score_min) + ", " +
                             std::to_string(config_.score_max) + "]");
    }
    at[cell] = a.score;
  }
  for (size_t i = 0; i < screen->systems.size(); ++i) {
    for (size_t j = 0; j < m; ++j) {
      if (!std::isnan(at[i * m + j])) continue;
      return InvalidArgument(
          "answers: system '" + names[screen->systems[i]].name + "' of screen '" + id + "'" +
          (per_segment ? " has no answer for segment '" + segment_ids[screen->segments[j]] + "'"
                       : std::string(" has no answer")) +
          "; a screen is stored only with all " + std::to_string(screen->systems.size() * m));
    }
  }
  if (const AppliedScreen* done = Applied(screen_id)) {
    if (done->scores != at) {
      return Status(StatusCode::kAlreadyExists, "screen '" + id + "' was submitted with other scores");
    }
    *repeat = true;
    return Status();
  }
  if (closed_) return FailedPrecondition("the campaign is closed: no more screens are stored");
  return Status();
}

AppliedScreen ContrastiveCampaign::AppliedScreenOf(std::string_view screen_id,
                                                   const std::vector<ScreenScore>& answers) const {
  AppliedScreen out;
  out.served = *Served(screen_id);
  const ServedScreen& s = out.served;
  const size_t m = s.segments.size();
  out.scores.assign(s.systems.size() * m, 0.0);
  for (const ScreenScore& a : answers) {
    const auto pos = std::find(s.systems.begin(), s.systems.end(), a.system);
    size_t j = 0;
    if (config_.document_screens) {
      j = static_cast<size_t>(std::find(s.segments.begin(), s.segments.end(), a.segment) -
                              s.segments.begin());
    }
    out.scores[static_cast<size_t>(pos - s.systems.begin()) * m + j] = a.score;
  }
  if (s.attention_position >= 0) {
    const size_t j = static_cast<size_t>(std::max(0, s.attention_segment));
    const double bad = out.scores[static_cast<size_t>(s.attention_position) * m + j];
    out.attention_passed = true;
    for (size_t i = 0; i < s.systems.size(); ++i) {
      if (static_cast<int>(i) != s.attention_position && !(out.scores[i * m + j] > bad)) {
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
  const bool segments_ok =
      !s.segments.empty() && std::all_of(s.segments.begin(), s.segments.end(), [&](int g) {
        return g >= 0 && g < num_segments_;
      });
  if (!segments_ok || s.systems.size() < 2 ||
      screen.scores.size() != s.systems.size() * s.segments.size() ||
      std::any_of(s.systems.begin(), s.systems.end(), [n](int x) { return x < 0 || x >= n; })) {
    return InvalidArgument("screen '" + s.screen_id + "': systems, segments or scores out of range");
  }
  const int unit = config_.document_screens ? config_.table.segment_document[s.segments.front()]
                                            : s.segments.front();
  served_.erase(s.screen_id);
  std::unordered_set<int64_t>& done = ServedTo(s.annotator);
  for (int x : s.systems) done.insert(DoneKey(unit, x, n));
  applied_index_[s.screen_id] = applied_.size();
  applied_.push_back(screen);
  if (s.attention_position >= 0) return true;
  // One board screen per segment shown (a document screen gives one per segment, sharing
  // the screen id).
  const size_t m = s.segments.size();
  for (size_t j = 0; j < m; ++j) {
    ContrastiveScreen board;
    board.screen_id = s.screen_id;
    board.annotator = AnnotatorIndex(s.annotator);
    board.segment = s.segments[j];
    board.document = config_.table.segment_document.empty()
                         ? -1
                         : config_.table.segment_document[s.segments[j]];
    board.selection_probability = s.selection_probability;
    for (size_t i = 0; i < s.systems.size(); ++i) {
      board.answers.push_back({s.systems[i], screen.scores[i * m + j], 0});
    }
    tally_.Add(board.answers);
    screens_.screens.push_back(std::move(board));
  }
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
