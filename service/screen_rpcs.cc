// Contrastive scoring campaigns (screen_size k >= 2): NextScreen, SubmitScreen,
// ExportScreens, the within-screen board GetEstimate returns for them, and the start-up
// replay of their stored screens. The engine is ContrastiveCampaign
// (tourney/campaigns/contrastive_campaign.h); this file authenticates, validates, stores
// every screen through the commit queue before acknowledging it, and applies committed
// screens to the engine in commit order on the writer thread.
#include <algorithm>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "live_campaign.h"
#include "live_scoring_campaign.h"
#include "tournament_service.h"
#include "tourney/core/degraded_output.h"
#include "tourney/core/random.h"
#include "tourney/core/submitted_span.h"
#include "tourney/protocols/scoring_protocol.h"
#include "tourney/protocols/wmt26_rule.h"
#include "tourney/sequential/contrastive_board.h"

namespace tourney::service {
namespace {

constexpr int kShuffledWords = 5;  // WMT26's attention checks move five words

grpc::Status NotContrastive(const LiveScoringCampaign& c) {
  return Error(StatusCode::FAILED_PRECONDITION,
               "scoring campaign " + std::to_string(c.id) +
                   " scores one output per item (screen_size 1): use NextItem and SubmitScore");
}

// The text shown for output `i` of a served screen on its segment `j`: the output, or for the
// degraded output of an attention check (its degraded segment), that output with five words
// moved (WMT26's rule), or, when it is too short for that, with a phrase of the source put in
// (degraded_output.h).
std::string ShownText(const LiveScoringCampaign& c, const ServedScreen& screen, size_t i,
                      size_t j = 0) {
  const int segment = screen.segments.empty() ? screen.segment : screen.segments[j];
  const std::string* output = c.content.Output(segment, screen.systems[i]);
  if (output == nullptr) return std::string();
  const int degraded_segment = std::max(0, screen.attention_segment);
  if (static_cast<int>(i) != screen.attention_position || static_cast<int>(j) != degraded_segment) {
    return *output;
  }
  Rng rng(screen.attention_seed);
  if (auto shuffled = ShuffleWords(*output, kShuffledWords, rng)) return *shuffled;
  v1::ServedTexts texts;
  c.content.Fill(segment, {screen.systems[i]}, &texts);
  return DegradeOutput(*output, texts.source(), rng);
}

// The answers of a request in the screen's display order (system-major, then the screen's
// segments), as stored (names, segment ids on a document screen, spans, touched).
// INVALID_ARGUMENT for a name not in the campaign (as not on the screen) and, on a document
// screen, a segment id not in the campaign.
grpc::Status AnswersInDisplayOrder(const LiveScoringCampaign& c, const ServedScreen& screen,
                                   const v1::SubmitScreenRequest& request,
                                   std::vector<ScreenScore>* engine_answers,
                                   google::protobuf::RepeatedPtrField<v1::ScreenAnswer>* ordered) {
  const ScoredSegments& t = c.screens->config().table;
  const bool per_segment = c.screens->config().document_screens;
  const size_t m = screen.segments.size();
  std::vector<const v1::ScreenAnswer*> at(screen.systems.size() * m, nullptr);
  for (const v1::ScreenAnswer& a : request.answers()) {
    auto sys = c.system_index.find(a.system());
    if (sys == c.system_index.end()) {
      return Error(StatusCode::INVALID_ARGUMENT, "answers: system '" + a.system() +
                                                     "' is not on screen '" +
                                                     request.screen_id() + "'");
    }
    int segment = screen.segment;
    if (per_segment) {
      auto seg = c.segment_index.find(a.segment());
      segment = seg == c.segment_index.end() ? -1 : seg->second;
      if (segment < 0 && !a.segment().empty()) {
        return Error(StatusCode::INVALID_ARGUMENT, "answers: segment '" + a.segment() +
                                                       "' is not on screen '" +
                                                       request.screen_id() + "'");
      }
    }
    engine_answers->push_back({sys->second, segment, a.score()});
    auto pos = std::find(screen.systems.begin(), screen.systems.end(), sys->second);
    auto seg_pos = std::find(screen.segments.begin(), screen.segments.end(), segment);
    if (pos != screen.systems.end() && seg_pos != screen.segments.end()) {
      at[static_cast<size_t>(pos - screen.systems.begin()) * m +
         static_cast<size_t>(seg_pos - screen.segments.begin())] = &a;
    }
  }
  for (size_t i = 0; i < screen.systems.size(); ++i) {
    for (size_t j = 0; j < m; ++j) {
      v1::ScreenAnswer* out = ordered->Add();
      if (at[i * m + j] != nullptr) *out = *at[i * m + j];
      out->set_system(t.systems[screen.systems[i]].name);
      if (per_segment) {
        out->set_segment(t.segment_ids[screen.segments[j]]);
      } else {
        out->clear_segment();
      }
    }
  }
  return grpc::Status::OK;
}

// The stored record of an applied screen (sequence left 0).
v1::ExportedScreen RecordOf(const LiveScoringCampaign& c, const AppliedScreen& applied,
                            const google::protobuf::RepeatedPtrField<v1::ScreenAnswer>& answers,
                            int64_t time_spent_ms) {
  const ScoredSegments& t = c.screens->config().table;
  const ServedScreen& s = applied.served;
  v1::ExportedScreen r;
  r.set_screen_id(s.screen_id);
  r.set_annotator(s.annotator);
  r.set_segment(t.segment_ids[s.segment]);
  r.set_document(t.document_ids[t.segment_document[s.segment]]);
  if (c.screens->config().document_screens) {
    for (int g : s.segments) r.add_segments(t.segment_ids[g]);
  }
  for (int x : s.systems) r.add_display_order(t.systems[x].name);
  r.set_selection_probability(s.selection_probability);
  r.set_assignment(s.attention_position >= 0
                       ? "uniform"
                       : ScreenAssignmentName(c.screens->config().assignment));
  *r.mutable_answers() = answers;
  for (int i = 0; i < r.answers_size(); ++i) r.mutable_answers(i)->set_score(applied.scores[i]);
  r.set_served_unix_ms(s.served_ms);
  r.set_time_spent_ms(time_spent_ms);
  if (s.attention_position >= 0) {
    const size_t j = static_cast<size_t>(std::max(0, s.attention_segment));
    r.set_degraded_system(t.systems[s.systems[s.attention_position]].name);
    r.set_degraded_text(ShownText(c, s, static_cast<size_t>(s.attention_position), j));
    if (c.screens->config().document_screens) {
      r.set_degraded_segment(t.segment_ids[s.segments[j]]);
    }
    r.set_attention_passed(applied.attention_passed);
  }
  return r;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// NextScreen.

grpc::Status TournamentService::DoNextScreen(const CallContext* context,
                                             const v1::NextScreenRequest* request,
                                             v1::NextScreenResponse* response) {
  std::shared_ptr<LiveScoringCampaign> c;
  bool shared_token = false;
  grpc::Status auth = AuthorizeScoring(context, Access::kAnnotator, request->campaign_id(), &c,
                                       nullptr, &request->annotator(), &shared_token);
  if (!auth.ok()) return auth;
  grpc::Status name_ok = CheckAnnotatorName(request->annotator());
  if (!name_ok.ok()) return name_ok;
  if (!c->contrastive()) return NotContrastive(*c);
  const int64_t now = NowUnixMs();
  // Open enrolment: the shared token's open screens are capped per client address too, as
  // NextItem's leases are, whatever names the client uses.
  const std::string client = shared_token ? context->peer() : std::string();
  std::unique_lock lock(c->mu);
  if (c->closed_unix_ms != 0) {
    return Error(StatusCode::FAILED_PRECONDITION, "scoring campaign " + std::to_string(c->id) +
                                                      " is closed: no more screens are served");
  }
  if (!c->epoch_set) {
    c->screens->SetEpoch(store_->boot_epoch());
    c->epoch_set = true;
  }
  const int held = c->screens->ScreensOf(request->annotator(), now);
  if (held >= c->max_leases_per_annotator) {
    return Error(StatusCode::RESOURCE_EXHAUSTED,
                 "annotator '" + request->annotator() + "' already holds " + std::to_string(held) +
                     " open screens (the campaign's max_leases_per_annotator); submit them or "
                     "let them expire");
  }
  if (!client.empty()) {
    std::vector<std::pair<std::string, int64_t>>& mine = c->client_screens[client];
    std::erase_if(mine, [&](const std::pair<std::string, int64_t>& s) {
      return s.second <= now || c->screens->Applied(s.first) != nullptr;
    });
    if (static_cast<int64_t>(mine.size()) >= limits_.max_open_leases_per_client) {
      return Error(StatusCode::RESOURCE_EXHAUSTED,
                   "client " + client + " already holds " + std::to_string(mine.size()) +
                       " open screens of this campaign under the shared link (the server's "
                       "--max-open-leases-per-client); submit them or let them expire");
    }
  }
  auto served = c->screens->ProposeScreen(request->annotator(), now);
  if (!served.ok()) return ToGrpc(served.status());
  if (!client.empty()) {
    c->client_screens[client].emplace_back(served->screen_id, served->lease_expires_ms);
  }
  const ScoredSegments& t = c->screens->config().table;
  response->set_screen_id(served->screen_id);
  response->set_segment(t.segment_ids[served->segment]);
  response->set_document(t.document_ids[t.segment_document[served->segment]]);
  const bool document = c->screens->config().document_screens;
  for (size_t i = 0; i < served->systems.size(); ++i) {
    v1::ScreenOutput* out = response->add_outputs();
    out->set_system(t.systems[served->systems[i]].name);
    if (!document) {
      out->set_text(ShownText(*c, *served, i));
    } else if (!c->content.empty()) {
      for (size_t j = 0; j < served->segments.size(); ++j) {
        out->add_segments(ShownText(*c, *served, i, j));
      }
    }
  }
  if (document) {
    for (int g : served->segments) {
      response->add_segment_ids(t.segment_ids[g]);
      if (!c->content.empty()) {
        v1::ServedTexts texts;
        c->content.Fill(g, {}, &texts);
        response->add_sources(texts.source());
      }
    }
  }
  if (!c->content.empty()) {
    v1::ServedTexts texts;
    c->content.Fill(served->segment, {}, &texts);
    response->set_source(texts.source());
    // References and context belong to one segment: a document screen has its segments'
    // sources instead (below) and no per-document reference.
    if (!document) {
      *response->mutable_references() = texts.references();
      *response->mutable_context_before() = texts.context_before();
      *response->mutable_context_after() = texts.context_after();
    }
    response->set_source_language(texts.source_language());
    response->set_target_language(texts.target_language());
  }
  response->set_lease_expires_unix_ms(served->lease_expires_ms);
  response->set_protocol(ScoringProtocolLabel(c->proto.protocol()));
  auto done = c->screens_by_annotator.find(request->annotator());
  response->set_screens_done(done == c->screens_by_annotator.end() ? 0 : done->second);
  response->set_score_min(c->screens->config().score_min);
  response->set_score_max(c->screens->config().score_max);
  return grpc::Status::OK;
}

// ---------------------------------------------------------------------------------------
// SubmitScreen.

grpc::Status TournamentService::DoSubmitScreen(const CallContext* context,
                                               const v1::SubmitScreenRequest* request,
                                               v1::SubmitScreenResponse* response) {
  std::shared_ptr<LiveScoringCampaign> c;
  grpc::Status auth = AuthorizeScoring(context, Access::kAnnotator, request->campaign_id(), &c,
                                       nullptr, &request->annotator());
  if (!auth.ok()) return auth;
  grpc::Status name_ok = CheckAnnotatorName(request->annotator());
  if (!name_ok.ok()) return name_ok;
  if (!c->contrastive()) return NotContrastive(*c);
  if (request->time_spent_ms() < 0) {
    return Error(StatusCode::INVALID_ARGUMENT, "time_spent_ms: must be >= 0");
  }
  auto parsed_protocol = ParseScoringProtocol(c->proto.protocol());
  const ScoringProtocol protocol = parsed_protocol.ok() ? *parsed_protocol : ScoringProtocol::kPlain;
  const std::string& id = request->screen_id();
  std::shared_future<Ack> ack;
  {
    std::unique_lock lock(c->mu);
    const ServedScreen* screen = c->screens->Served(id);
    if (screen == nullptr) {
      return Error(StatusCode::NOT_FOUND,
                   "screen '" + id + "' was not served in scoring campaign " +
                       std::to_string(c->id) + " (a screen served before a restart must be "
                       "asked for again with NextScreen)");
    }
    std::vector<ScreenScore> answers;
    google::protobuf::RepeatedPtrField<v1::ScreenAnswer> ordered;
    grpc::Status mapped = AnswersInDisplayOrder(*c, *screen, *request, &answers, &ordered);
    if (!mapped.ok()) return mapped;
    bool repeat = false;
    Status checked = c->screens->CheckSubmission(request->annotator(), id, answers, &repeat);
    if (!checked.ok()) return ToGrpc(checked);
    // The protocol's checks of each answer and its spans, against the text shown.
    const size_t m = screen->segments.size();
    for (size_t cell = 0; cell < screen->systems.size() * m; ++cell) {
      const v1::ScreenAnswer& a = ordered[static_cast<int>(cell)];
      std::vector<SubmittedSpan> spans;
      for (const v1::ErrorSpan& s : a.spans()) {
        spans.push_back({s.start(), s.end(), s.severity(), s.category()});
      }
      const std::string shown = ShownText(*c, *screen, cell / m, cell % m);
      auto ok = CheckProtocolScore(protocol, a.score(), spans,
                                   c->content.empty() ? -1 : Utf16Length(shown));
      if (!ok.ok()) {
        return Error(StatusCode::INVALID_ARGUMENT,
                     "answers: system '" + a.system() + "': " + ok.status().message());
      }
    }
    const std::string fingerprint = ordered.empty() ? std::string() : [&] {
      v1::ExportedScreen only;
      *only.mutable_answers() = ordered;
      return only.SerializeAsString();
    }();
    if (repeat) {
      // Stored already: the same answers (spans and touched included) get the original
      // acknowledgment; anything else is refused.
      const AppliedScreen* applied = c->screens->Applied(id);
      const size_t index = static_cast<size_t>(applied - c->screens->applied().data());
      const v1::ExportedScreen& record = c->screen_records[index];
      v1::ExportedScreen only;
      *only.mutable_answers() = record.answers();
      if (only.SerializeAsString() != fingerprint) {
        return Error(StatusCode::ALREADY_EXISTS,
                     "screen '" + id + "' was submitted with other answers or spans");
      }
      response->set_sequence(static_cast<int64_t>(index) + 1);
      response->set_committed_unix_ms(record.committed_unix_ms());
      response->set_screens_done(c->screens_by_annotator[request->annotator()]);
      return grpc::Status::OK;
    }
    auto pending = c->pending_screens.find(id);
    if (pending != c->pending_screens.end()) {
      if (pending->second.answers != fingerprint) {
        return Error(StatusCode::ALREADY_EXISTS,
                     "screen '" + id + "' is being stored with other answers");
      }
      ack = pending->second.ack;
    } else {
      const AppliedScreen applied = c->screens->AppliedScreenOf(id, answers);
      v1::ExportedScreen record = RecordOf(*c, applied, ordered, request->time_spent_ms());
      auto promise = std::make_shared<std::promise<Ack>>();
      ack = promise->get_future().share();
      c->pending_screens[id] = {fingerprint, request->annotator(), ack};
      auto row = std::make_shared<StoredScreen>();
      row->campaign_id = c->id;
      row->screen_id = id;
      queue_->Enqueue(std::make_unique<CallbackOp>(
          [row, record](WriteTransaction& txn, BatchContext& batch) -> Status {
            v1::ExportedScreen stamped = record;
            stamped.set_committed_unix_ms(batch.now_unix_ms);
            row->committed_unix_ms = batch.now_unix_ms;
            row->record = stamped.SerializeAsString();
            return txn.InsertScreen(*row);
          },
          [c, row, record, applied, promise](const Status& s) {
            Ack result;
            {
              std::unique_lock lock(c->mu);
              c->pending_screens.erase(row->screen_id);
              if (s.ok()) {
                auto done = c->screens->ApplyScreen(applied);
                if (done.ok() && *done) {
                  v1::ExportedScreen stored = record;
                  stored.set_committed_unix_ms(row->committed_unix_ms);
                  c->screen_records.push_back(std::move(stored));
                  ++c->screens_by_annotator[record.annotator()];
                  result.sequence = static_cast<int64_t>(c->screen_records.size());
                  result.committed_unix_ms = row->committed_unix_ms;
                } else {
                  result.status = Internal("a committed screen did not apply");
                }
              } else {
                result.status = s;
              }
            }
            promise->set_value(std::move(result));
          }));
    }
  }
  const Ack& result = ack.get();
  if (!result.status.ok()) {
    if (result.status.code() == tourney::StatusCode::kIoError) {
      return Error(StatusCode::UNAVAILABLE, "the screen could not be stored: " +
                                                result.status.message());
    }
    return ToGrpc(result.status);
  }
  response->set_sequence(result.sequence);
  response->set_committed_unix_ms(result.committed_unix_ms);
  std::shared_lock lock(c->mu);
  auto done = c->screens_by_annotator.find(request->annotator());
  response->set_screens_done(done == c->screens_by_annotator.end() ? 0 : done->second);
  return grpc::Status::OK;
}

// ---------------------------------------------------------------------------------------
// ExportScreens.

grpc::Status TournamentService::DoExportScreens(const CallContext* context,
                                                const v1::ExportScreensRequest* request,
                                                const ExportWriter<v1::ExportedScreen>& write) {
  std::shared_ptr<LiveScoringCampaign> c;
  grpc::Status auth = AuthorizeScoring(context, Access::kAdmin, request->campaign_id(), &c);
  if (!auth.ok()) return auth;
  if (!c->contrastive()) return NotContrastive(*c);
  if (request->after_sequence() < 0 || request->limit() < 0) {
    return Error(StatusCode::INVALID_ARGUMENT, "after_sequence and limit must be >= 0");
  }
  std::vector<v1::ExportedScreen> rows;
  {
    std::shared_lock lock(c->mu);
    const size_t total = c->screen_records.size();
    const size_t first = std::min(total, static_cast<size_t>(request->after_sequence()));
    const size_t last = request->limit() > 0
                            ? std::min(total, first + static_cast<size_t>(request->limit()))
                            : total;
    for (size_t i = first; i < last; ++i) {
      rows.push_back(c->screen_records[i]);
      rows.back().set_sequence(static_cast<int64_t>(i) + 1);
    }
  }
  for (const v1::ExportedScreen& row : rows) {
    if (context->IsCancelled() || !write(row)) {
      return Error(StatusCode::CANCELLED, "the export was cancelled");
    }
  }
  return grpc::Status::OK;
}

// ---------------------------------------------------------------------------------------
// The within-screen board (GetEstimate of a contrastive campaign).

grpc::Status TournamentService::ScreenEstimate(const CallContext& context,
                                               const LiveScoringCampaign& c,
                                               v1::GetEstimateResponse* response) {
  grpc::Status admitted = WaitForFitSlot(context);
  if (!admitted.ok()) return admitted;
  FitSlotRelease slot{this};
  ContrastiveScreens screens;
  std::vector<v1::ScreenAnnotator> annotators;
  int64_t checks = 0;
  bool closed = false;
  {
    std::shared_lock lock(c.mu);
    screens = c.screens->Screens();
    std::unordered_map<std::string, size_t> at;
    for (const v1::ExportedScreen& r : c.screen_records) {
      auto [it, added] = at.emplace(r.annotator(), annotators.size());
      if (added) annotators.emplace_back().set_annotator(r.annotator());
      v1::ScreenAnnotator& a = annotators[it->second];
      a.set_screens(a.screens() + 1);
      if (!r.degraded_system().empty()) {
        ++checks;
        a.set_attention_checks(a.attention_checks() + 1);
        a.set_attention_passed(a.attention_passed() + (r.attention_passed() ? 1 : 0));
      }
    }
    closed = c.closed_unix_ms != 0;
  }
  const ContrastiveCampaignConfig& config = c.screens->config();
  const int n = static_cast<int>(config.table.systems.size());
  v1::ScreenBoard* board = response->mutable_screen_board();
  board->set_screens(static_cast<int64_t>(screens.screens.size()));
  board->set_attention_checks(checks);
  board->set_assignment(ScreenAssignmentName(config.assignment));
  board->set_screen_size(config.options.k);
  for (v1::ScreenAnnotator& a : annotators) *board->add_annotators() = std::move(a);
  board->set_promise(
      "clusters: every separation holds with probability >= 0.95 (asymptotically, as each "
      "pair's shared screens grow; pairs under 20 are not separated) whatever rule chose the "
      "screens from the scores so far (within-screen differences, one confidence sequence per "
      "pair, Holm's step-down over the pairs)");
  board->set_wmt26_label(
      "WMT26's official rule, reproduced: paired or independent bootstrap (either counts), 100 "
      "resamples, no multiplicity correction, no account of the dynamic assignment");
  response->set_scores(static_cast<int64_t>(screens.screens.size()));
  response->set_closed(closed);
  for (int s = 0; s < n; ++s) {
    v1::SystemScoreEstimate* e = response->add_systems();
    e->set_system(config.table.systems[s].name);
    e->set_segments(config.table.systems[s].size());
    e->set_note("a contrastive campaign: the mean has no interval of its own (the assignment "
                "reads the scores); the separations are screen_board's pairs");
  }
  if (screens.screens.empty()) {
    response->set_board_note("no board yet: no screen is stored");
    return grpc::Status::OK;
  }
  auto cesa = ScoreContrastiveScreens(screens);
  if (!cesa.ok()) return ToGrpc(cesa.status());
  board->set_screens(cesa->screens);  // a document screen counts once
  Wmt26Options wmt;
  wmt.seed = config.seed;
  auto official = RankLikeWmt26(screens, wmt);
  if (!official.ok()) return ToGrpc(official.status());
  for (size_t r = 0; r < cesa->order.size(); ++r) {
    const int s = cesa->order[r];
    v1::ScreenBoardSystem* out = board->add_systems();
    out->set_system(config.table.systems[s].name);
    out->set_answers(cesa->systems[s].answers);
    out->set_mean(cesa->systems[s].mean);
    out->set_bt_theta(cesa->systems[s].bt_theta);
    out->set_rank(static_cast<int32_t>(r) + 1);
    out->set_cluster(cesa->cluster[s]);
    out->set_holm_cluster(cesa->holm_cluster[s]);
    out->set_wmt26_score(official->score[s]);
    out->set_wmt26_cluster(official->cluster[s]);
    v1::SystemScoreEstimate* e = response->mutable_systems(s);
    e->set_scored(static_cast<int32_t>(cesa->systems[s].answers));
    e->set_value(cesa->systems[s].mean);
    e->set_rank(static_cast<int32_t>(r) + 1);
    e->set_cluster(cesa->cluster[s]);
  }
  for (const CesaPair& p : cesa->pairs) {
    v1::ScreenBoardPair* out = board->add_pairs();
    out->set_a(config.table.systems[p.a].name);
    out->set_b(config.table.systems[p.b].name);
    out->set_screens(p.screens);
    out->set_mean_difference(p.mean_difference);
    out->set_anytime_lo(p.anytime_lo);
    out->set_anytime_hi(p.anytime_hi);
    if (p.anytime_winner >= 0) out->set_separated_above(config.table.systems[p.anytime_winner].name);
    const bool ab = official->better[static_cast<size_t>(p.a) * n + p.b] != 0;
    const bool ba = official->better[static_cast<size_t>(p.b) * n + p.a] != 0;
    if (ab != ba) out->set_wmt26_better(config.table.systems[ab ? p.a : p.b].name);
  }
  response->set_ranked(static_cast<int>(cesa->order.size()) == n);
  if (!response->ranked()) {
    response->set_board_note("systems without an answer yet are not ranked");
  }
  return grpc::Status::OK;
}

// Applies a stored screen at start-up (LoadScoring). FailedPrecondition naming the screen when
// it does not fit its campaign.
Status ApplyStoredScreen(LiveScoringCampaign& c, const StoredScreen& row) {
  const std::string where = "screen '" + row.screen_id + "'";
  v1::ExportedScreen record;
  if (!record.ParseFromString(row.record)) {
    return FailedPrecondition(where + ": stored record does not parse");
  }
  AppliedScreen applied;
  ServedScreen& s = applied.served;
  s.screen_id = record.screen_id();
  s.annotator = record.annotator();
  std::vector<std::string> shown(record.segments().begin(), record.segments().end());
  if (shown.empty()) shown.push_back(record.segment());
  for (const std::string& id : shown) {
    auto seg = c.segment_index.find(id);
    if (seg == c.segment_index.end()) return FailedPrecondition(where + ": unknown segment");
    if (id == record.degraded_segment()) s.attention_segment = static_cast<int>(s.segments.size());
    s.segments.push_back(seg->second);
  }
  s.segment = s.segments.front();
  for (const std::string& name : record.display_order()) {
    auto sys = c.system_index.find(name);
    if (sys == c.system_index.end()) return FailedPrecondition(where + ": unknown system");
    if (name == record.degraded_system()) s.attention_position = static_cast<int>(s.systems.size());
    s.systems.push_back(sys->second);
  }
  if (s.attention_position >= 0 && s.attention_segment < 0) s.attention_segment = 0;
  s.selection_probability = record.selection_probability();
  s.served_ms = record.served_unix_ms();
  for (const v1::ScreenAnswer& a : record.answers()) applied.scores.push_back(a.score());
  applied.attention_passed = record.attention_passed();
  auto done = c.screens->ApplyScreen(applied);
  if (!done.ok()) return FailedPrecondition(where + ": " + done.status().message());
  if (!*done) return FailedPrecondition(where + ": stored twice");
  c.screen_records.push_back(std::move(record));
  ++c.screens_by_annotator[s.annotator];
  return Status::Ok();
}

}  // namespace tourney::service
