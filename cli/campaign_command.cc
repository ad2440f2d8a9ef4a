// tourney campaign VERB --server ADDR: a client of tourneyd (create, import, next, submit;
// leaderboard and watch are in campaign_leaderboard_command.cc, the admin verbs list, show,
// export and close in campaign_admin_command.cc).
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <sstream>

#include "campaign_client.h"
#include "campaign_content.h"
#include "commands.h"
#include "common.h"
#include "content_input.h"
#include "proto/leaderboard_proto.h"
#include "tourney/core/leaderboard.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/campaigns/campaign.h"
#include "tourney/selection/match_selector.h"
#include "tourney/v1/tournament.grpc.pb.h"

namespace tourney::cli {
namespace {

int RunCampaignCreate(int argc, char** argv) {
  Flags flags(
      "tourney campaign create --server ADDR --token-file ADMIN --name N "
      "(--from FILE | --content FILE | --systems A,B,... (--segments N | --segments-file F)) "
      "[options]",
      "Creates a campaign on tourneyd and prints its id and annotator token.\n"
      "--from takes the systems and the segments (with their documents) from judgment\n"
      "files, so that their rankings can then be imported; --segments N numbers the\n"
      "segments 0..N-1; --segments-file has one segment per line as `id` or\n"
      "`id,document`. --content takes the systems, the segments and their texts from a\n"
      "content file (docs/content.md); --systems then chooses among its systems.");
  flags.Add("from", "FILE,...", "",
            "judgment files (any format `tourney rank` reads) whose systems and segments "
            "the campaign takes");
  AddInputFlags(flags);
  AddContentFlags(flags, true);
  AddAnnotatorUrlFlag(flags);
  AddEnrolmentFlags(flags);
  flags.AddExample(
      "tourney campaign create --server 127.0.0.1:7447 --name ted --content en-de.texts.tsv.gz "
      "--http-url http://127.0.0.1:8080",
      "a campaign showing the texts of a content table, all its systems and segments");
  flags.AddExample(
      "tourney campaign create --server 127.0.0.1:7447 --name fr-en --from "
      "judgments.csv",
      "a campaign for the systems and segments of an existing file");
  flags.AddExample(
      "tourney campaign create --server 127.0.0.1:7447 --name best3 --systems-file systems.txt "
      "--segments 500 --k 2 --stopping top-k --top-k 3 --selector top-k",
      "a campaign whose goal is to name its 3 best systems (docs/top-k.md)");
  AddConnectionFlags(flags);
  flags.Add("name", "NAME", "", "campaign name (unique on the server)");
  flags.Add("systems", "A,B,...", "", "comma-separated system names");
  flags.Add("systems-file", "FILE", "", "system names, one per line");
  flags.Add("segments", "N", "0", "number of segments (ids 0..N-1)");
  flags.Add("segments-file", "FILE", "", "segments, one `id[,document]` per line");
  flags.Add("k", "K", "5", "systems per match (2..5)");
  flags.Add("selector", "NAME", std::string(kDefaultMatchSelector),
            "match selector: boundary (default), trueskill (paper §2.4), uniform, frontier, "
            "racing, lucb, info-gain, thompson, arena or active-ranking (docs/selection.md)");
  flags.Add("seed", "S", "1", "seed of the server's random choices for this campaign");
  flags.Add("lease-seconds", "N", "600", "how long a served match stays leased");
  flags.Add("stopping", "RULE", "anytime",
            "stopping rule of the leaderboards: anytime (default: confidence sequences valid "
            "at every time under any selector, docs/anytime.md), z (a Bradley-Terry z per "
            "boundary: settles sooner but its separations are not valid under adaptive "
            "selection or repeated looks) or top-k (name the --top-k best systems, docs/top-k.md; allows --selector top-k)");
  flags.Add("top-k", "K", "1", "with --stopping top-k: size of the wanted set, 1..systems-1");
  flags.Add("delta", "D", "0.05", "with --stopping anytime or top-k: family-wise error, in (0, 1)");
  flags.Add("epsilon", "E", "",
            "with --stopping anytime: indifference zone, in [0, 1], default 0.1; top-k: in "
            "[0, 0.5], default 0");
  flags.Add("uniform-floor", "P", "0.2",
            "share of matches drawn as a uniform k-subset whatever the selector, in [0, 1]: "
            "the design of the pooled half of the anytime board (docs/anytime.md)");
  flags.Add("looks-budget", "N", "",
            "the campaign's planned judgments: bootstrapped leaderboards are the board of the "
            "last planned look reached, at its alpha-spending level (docs/anytime.md)");
  flags.Add("looks", "K", "", "with --looks-budget: planned looks, 1..100 (default 4)");
  flags.Add("update", "MODE", "pairwise", "TrueSkill update: pairwise or free-for-all");
  flags.Add("mu", "X", "0", "TrueSkill initial mean");
  flags.Add("sigma", "X", "0", "TrueSkill initial sd (0 = engine default)");
  flags.Add("beta", "X", "0", "TrueSkill performance sd (0 = engine default)");
  flags.Add("tau", "X", "0", "TrueSkill dynamics sd");
  flags.Add("draw-probability", "P", "", "TrueSkill draw probability in [0, 1)");
  flags.Add("draw-margin", "EPS", "", "TrueSkill draw margin (instead of --draw-probability)");
  flags.Add("token-out", "FILE", "", "also write the annotator token to FILE (mode 0600)");
  flags.Add("check-fraction", "F", "0",
            "quality control: share of matches served as checks, 0..0.5 (repeats of the "
            "annotator's earlier items, or control matches)");
  flags.Add("control-system", "NAME", "",
            "quality control: a campaign system expected to rank last (e.g. a degraded "
            "reference); control matches contain it");
  flags.Add("bad-references", "NAME", "",
            "with --content: add a degraded control system NAME (each segment's output a real "
            "output with one phrase replaced from another segment, WMT's BAD references) as "
            "the --control-system; --check-fraction defaults to 0.1 then");
  flags.Add("max-judgments-per-annotator", "N", "0",
            "quality control: cap on one annotator's judgments (0 = none)");
  const std::string verb = "campaign create";
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, verb, &code)) return code;

  v1::CreateCampaignRequest request;
  v1::CampaignConfig* c = request.mutable_config();
  c->set_name(flags.Get("name"));
  if (flags.IsSet("systems-file")) {
    auto lines = ReadLines(flags.Get("systems-file"));
    if (!lines.ok()) return ReportError(verb, lines.status());
    for (auto& s : *lines) c->add_systems(s);
  }
  for (auto& s : SplitList(flags.Get("systems"))) c->add_systems(s);
  if (flags.IsSet("from")) {
    if (flags.IsSet("systems") || flags.IsSet("systems-file") || flags.IsSet("segments") ||
        flags.IsSet("segments-file")) {
      return ReportError(verb, InvalidArgument("--from gives the systems and segments; do not "
                                               "combine it with --systems or --segments"));
    }
    auto from = LoadJudgments(SplitList(flags.Get("from")), flags);
    if (!from.ok()) return ReportError(verb, from.status());
    for (const std::string& name : from->systems().names()) c->add_systems(name);
    std::map<int64_t, int32_t> segments;  // id -> document index (-1: none), sorted by id
    for (size_t i = 0; i < from->num_rankings(); ++i) {
      const RankingView r = from->ranking(i);
      if (r.segment < 0) {
        return ReportError(verb, InvalidArgument("--from: ranking " + std::to_string(i + 1) +
                                                 " names no segment"));
      }
      auto [it, inserted] = segments.emplace(r.segment, r.document);
      if (!inserted && it->second < 0) it->second = r.document;
    }
    for (const auto& [id, document] : segments) {
      v1::Segment* s = c->add_segments();
      s->set_id(id);
      if (document >= 0) s->set_document(from->documents()[static_cast<size_t>(document)]);
    }
    std::cerr << "from " << flags.Get("from") << ": " << c->systems_size() << " systems, "
              << c->segments_size() << " segments\n";
  }
  auto with_content = ContentRequested(flags);
  if (!with_content.ok()) return ReportError(verb, with_content.status());
  if (*with_content) {
    if (flags.IsSet("from") || flags.IsSet("segments") || flags.IsSet("segments-file")) {
      return ReportError(verb, InvalidArgument("--content gives the segments; do not combine it "
                                               "with --from, --segments or --segments-file"));
    }
    auto texts = LoadContent(flags, flags.Get("content"));
    if (!texts.ok()) return ReportError(verb, texts.status());
    {
      const std::vector<ReferenceCopy> copies =
          WarnAboutContent(*texts, flags.Get("content"), true, flags.GetBool("rank-reference"),
                           std::cerr);
      std::vector<std::string> chosen(c->systems().begin(), c->systems().end());
      Status s = SettleReferenceCopies(copies, flags.GetBool("rank-reference"), &*texts, &chosen);
      if (!s.ok()) return ReportError(verb, s);
      c->clear_systems();
      for (const std::string& name : chosen) c->add_systems(name);
    }
    if (Status s = ApplyPairwiseContent(*texts, c); !s.ok()) return ReportError(verb, s);
    if (flags.IsSet("guidelines")) {
      Status s = ReadGuidelines(flags.Get("guidelines"), c->mutable_content());
      if (!s.ok()) return ReportError(verb, s);
    }
    std::cerr << "content " << flags.Get("content") << " (" << texts->format
              << "): " << c->systems_size() << " systems, " << c->segments_size()
              << " segments\n";
    WarnLargeRequest(request.ByteSizeLong());
  }
  if (flags.IsSet("segments-file")) {
    auto lines = ReadLines(flags.Get("segments-file"));
    if (!lines.ok()) return ReportError(verb, lines.status());
    for (const std::string& line : *lines) {
      const size_t comma = line.find(',');
      v1::Segment* s = c->add_segments();
      char* end = nullptr;
      const std::string id = line.substr(0, comma);
      s->set_id(std::strtoll(id.c_str(), &end, 10));
      if (id.empty() || *end != '\0') {
        return ReportError(verb, InvalidArgument(flags.Get("segments-file") + ": segment id '" +
                                                 id + "' is not a number"));
      }
      if (comma != std::string::npos) s->set_document(line.substr(comma + 1));
    }
  }
  auto segments = flags.GetInt("segments");
  auto k = flags.GetInt("k");
  auto seed = flags.GetUint("seed");
  auto lease = flags.GetInt("lease-seconds");
  auto mu = flags.GetDouble("mu");
  auto sigma = flags.GetDouble("sigma");
  auto beta = flags.GetDouble("beta");
  auto tau = flags.GetDouble("tau");
  for (const Status* s : {&segments.status(), &k.status(), &seed.status(), &lease.status(),
                          &mu.status(), &sigma.status(), &beta.status(), &tau.status()}) {
    if (!s->ok()) return ReportError(verb, *s);
  }
  if (*segments < 0 || *segments > 1000000) {
    return ReportError(verb, InvalidArgument("--segments must be in 0..1000000"));
  }
  for (int64_t i = 0; i < *segments; ++i) c->add_segments()->set_id(i);
  if (*lease < 1 || *lease > 86400) {
    return ReportError(verb, InvalidArgument("--lease-seconds must be in 1..86400"));
  }
  c->set_k(static_cast<int32_t>(std::clamp<int64_t>(*k, -1, 100)));
  c->set_selector(flags.Get("selector"));
  c->set_seed(*seed);
  auto enrolment = EnrolmentFromFlags(flags);
  if (!enrolment.ok()) return ReportError(verb, enrolment.status());
  c->set_enrolment(*enrolment);
  c->set_lease_seconds(static_cast<uint32_t>(*lease));
  const std::string stopping = flags.Get("stopping");
  if (stopping != "top-k" && flags.IsSet("top-k")) {
    return ReportError(verb, InvalidArgument("--top-k goes with --stopping top-k"));
  }
  if (stopping == "anytime" || stopping == "top-k") {
    auto delta = flags.GetDouble("delta");
    if (!delta.ok()) return ReportError(verb, delta.status());
    StatusOr<double> epsilon =
        flags.IsSet("epsilon") ? flags.GetDouble("epsilon")
                               : StatusOr<double>(stopping == "anytime"
                                                      ? kDefaultCampaignStopping.epsilon
                                                      : 0.0);
    if (!epsilon.ok()) return ReportError(verb, epsilon.status());
    const double max_epsilon = stopping == "top-k" ? 0.5 : 1.0;
    if (!(*delta > 0.0 && *delta < 1.0) || !(*epsilon >= 0.0 && *epsilon <= max_epsilon)) {
      return ReportError(verb,
                         InvalidArgument("--delta must be in (0, 1) and --epsilon in "
                                         "[0, " +
                                         std::string(stopping == "top-k" ? "0.5" : "1") + "]"));
    }
    v1::StoppingConfig* stop = c->mutable_stopping();
    stop->set_rule(stopping);
    stop->set_delta(*delta);
    stop->set_epsilon(*epsilon);
    if (stopping == "top-k") {
      auto top_k = flags.GetInt("top-k");
      if (!top_k.ok()) return ReportError(verb, top_k.status());
      // The server checks k against the systems.
      stop->set_k(static_cast<int32_t>(std::clamp<int64_t>(*top_k, -1, kMaxCampaignSystems)));
    }
  } else if (stopping != "z") {
    return ReportError(verb, InvalidArgument("option '--stopping': '" + stopping +
                                             "' is not one of z, anytime, top-k"));
  } else if (flags.IsSet("delta") || flags.IsSet("epsilon")) {
    return ReportError(
        verb, InvalidArgument("--delta and --epsilon go with --stopping anytime or top-k"));
  }
  {
    auto floor = flags.GetDouble("uniform-floor");
    if (!floor.ok()) return ReportError(verb, floor.status());
    c->set_uniform_floor(*floor);  // the server checks the range
  }
  if (flags.IsSet("looks") && !flags.IsSet("looks-budget")) {
    return ReportError(verb, InvalidArgument("--looks goes with --looks-budget"));
  }
  if (flags.IsSet("looks-budget")) {
    auto budget = flags.GetInt("looks-budget");
    if (!budget.ok()) return ReportError(verb, budget.status());
    StatusOr<int64_t> looks = flags.IsSet("looks") ? flags.GetInt("looks") : StatusOr<int64_t>(4);
    if (!looks.ok()) return ReportError(verb, looks.status());
    if (*looks < 1 || *looks > 100) {
      return ReportError(verb, InvalidArgument("--looks must be in 1..100"));
    }
    c->mutable_looks()->set_looks(static_cast<int32_t>(*looks));
    c->mutable_looks()->set_budget(*budget);  // the server checks it against the looks
  }
  v1::TrueSkillConfig* t = c->mutable_trueskill();
  t->set_mu(*mu);
  t->set_sigma(*sigma);
  t->set_beta(*beta);
  t->set_tau(*tau);
  t->set_update(flags.Get("update"));
  {
    auto fraction = flags.GetDouble("check-fraction");
    auto cap = flags.GetInt("max-judgments-per-annotator");
    if (!fraction.ok()) return ReportError(verb, fraction.status());
    if (!cap.ok()) return ReportError(verb, cap.status());
    v1::QualityControlConfig* qc = c->mutable_quality_control();
    qc->set_check_fraction(*fraction);
    qc->set_control_system(flags.Get("control-system"));
    qc->set_max_judgments_per_annotator(*cap);
    if (flags.IsSet("bad-references")) {
      if (c->content().segments_size() == 0) {
        return ReportError(verb, InvalidArgument("--bad-references needs --content"));
      }
      if (flags.IsSet("control-system")) {
        return ReportError(verb, InvalidArgument("--bad-references names the control system; "
                                                 "do not combine it with --control-system"));
      }
      if (Status s = AddDegradedControl(flags.Get("bad-references"), c->seed(), c); !s.ok()) {
        return ReportError(verb, s);
      }
      if (!flags.IsSet("check-fraction")) qc->set_check_fraction(0.1);
    }
  }
  if (flags.IsSet("draw-probability") && flags.IsSet("draw-margin")) {
    return ReportError(verb, InvalidArgument("give --draw-probability or --draw-margin, not both"));
  }
  if (flags.IsSet("draw-probability")) {
    auto p = flags.GetDouble("draw-probability");
    if (!p.ok()) return ReportError(verb, p.status());
    t->set_draw_probability(*p);
  }
  if (flags.IsSet("draw-margin")) {
    auto m = flags.GetDouble("draw-margin");
    if (!m.ok()) return ReportError(verb, m.status());
    t->set_draw_margin(*m);
  }

  v1::CreateCampaignResponse response;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.CreateCampaign(context, request, &response);
  });
  if (code != kExitOk) return code;
  return PrintCreatedCampaign(flags, verb, response);
}

int RunCampaignImport(int argc, char** argv) {
  Flags flags("tourney campaign import --server ADDR --token-file ADMIN --campaign ID FILE...",
              "Streams the rankings of WMT / Appraise CSV (or pairwise CSV) files into a\n"
              "campaign. Rankings the campaign cannot take (unknown systems, ...) are listed\n"
              "and skipped; the rest are committed together.\n"
              "The import carries an idempotency key, by default one derived from the\n"
              "rankings sent (`content-` and 32 hex digits): running the same import again,\n"
              "for example after a lost connection, returns the first import's result and\n"
              "imports nothing twice. --key K names the import yourself; --key none sends no\n"
              "key (every run imports again).");
  flags.AddExample(
      "tourney campaign import --server 127.0.0.1:7447 --token-file admin.token "
      "--campaign 1 wmt13-fr-en/train.csv",
      "import a WMT CSV; safe to rerun");
  AddConnectionFlags(flags);
  flags.Add("key", "K", "auto",
            "idempotency key (at most 128 bytes): auto (from the content), none, or your own");
  AddInputFlags(flags);
  flags.Add("campaign", "ID", "", "campaign id (required)");
  flags.Add("chunk", "N", "1000", "rankings per stream message");
  const std::string verb = "campaign import";
  uint64_t campaign = 0;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, nullptr, &code)) return code;
  auto chunk = flags.GetInt("chunk");
  if (!chunk.ok()) return ReportError(verb, chunk.status());
  if (*chunk < 1 || *chunk > 100000) {
    return ReportError(verb, InvalidArgument("--chunk must be in 1..100000"));
  }
  auto judgments = LoadJudgments(flags.positionals(), flags);
  if (!judgments.ok()) return ReportError(verb, judgments.status());
  auto conn = Connect(flags);
  if (!conn.ok()) return ReportError(verb, conn.status());

  v1::ImportRankingsResponse response;
  auto ctx = conn->Context();
  const Judgments& j = *judgments;
  // The rankings to send, chunked; the automatic key hashes them (two FNV-1a 64 streams
  // with different offsets, 128 bits) together with their count.
  std::vector<v1::ImportRankingsRequest> messages(1);
  uint64_t h1 = 0xcbf29ce484222325ull, h2 = 0x84222325cbf29ce4ull;
  auto hash = [&](const std::string& bytes) {
    for (unsigned char ch : bytes) {
      h1 = (h1 ^ ch) * 0x100000001b3ull;
      h2 = (h2 ^ ch) * 0x100000001b3ull;
    }
    h1 = (h1 ^ 0xff) * 0x100000001b3ull;  // ranking separator
  };
  for (size_t i = 0; i < j.num_rankings(); ++i) {
    const RankingView r = j.ranking(i);
    if (messages.back().rankings_size() >= *chunk) messages.emplace_back();
    v1::Ranking* out = messages.back().add_rankings();
    bool grouped = false;
    for (size_t e = 0; e < r.systems.size(); ++e) {
      out->add_systems(j.systems().Name(r.systems[e]));
      out->add_ranks(r.ranks[e]);
      if (r.groups[e] != e) grouped = true;
    }
    if (grouped) {
      for (uint8_t g : r.groups) out->add_groups(g);
    }
    out->set_segment(r.segment);
    if (r.judge >= 0) out->set_annotator(j.judges()[static_cast<size_t>(r.judge)]);
    if (r.document >= 0) out->set_document(j.documents()[static_cast<size_t>(r.document)]);
    hash(out->SerializeAsString());
  }
  auto writer = conn->stub->ImportRankings(ctx.get(), &response);
  std::string key = flags.Get("key");
  if (key == "auto") {
    char hex[64];
    std::snprintf(hex, sizeof(hex), "content-%016llx%016llx-%zu",
                  static_cast<unsigned long long>(h1), static_cast<unsigned long long>(h2),
                  j.num_rankings());
    key = hex;
  } else if (key == "none") {
    key.clear();
  } else if (key.size() > 128) {
    return ReportError(verb, InvalidArgument("--key must be at most 128 bytes"));
  }
  messages.front().set_campaign_id(campaign);
  messages.front().set_idempotency_key(key);
  for (const v1::ImportRankingsRequest& message : messages) {
    if (!writer->Write(message)) break;
  }
  writer->WritesDone();
  grpc::Status s = writer->Finish();
  if (!s.ok()) return ReportRpcError(verb, s);
  for (const v1::Rejection& r : response.rejections()) {
    std::cerr << "rejected ranking " << r.index() << ": " << r.reason() << "\n";
  }
  if (response.rejected() > response.rejections_size()) {
    std::cerr << "... and " << response.rejected() - response.rejections_size() << " more\n";
  }
  std::cout << "accepted " << response.accepted() << "\nrejected " << response.rejected()
            << "\ncampaign_judgments " << response.campaign_judgments() << "\n";
  if (response.rejected() > 0) {
    // The hint only where it helps: a system the campaign lacks.
    bool unknown_system = false;
    for (const v1::Rejection& r : response.rejections()) {
      unknown_system |= r.reason().find("is not in the campaign") != std::string::npos;
    }
    std::cerr << "tourney campaign import: rejected " << response.rejected() << " of "
              << response.accepted() + response.rejected() << " rankings (" << response.accepted()
              << " accepted and committed)"
              << (unknown_system ? "; create the campaign with --from FILE to take the file's "
                                   "systems and segments"
                                 : "")
              << "\n";
    return kExitBadInput;
  }
  return kExitOk;
}

int RunCampaignNext(int argc, char** argv) {
  Flags flags(
      "tourney campaign next --server ADDR --token-file TOKEN --campaign ID "
      "--annotator NAME [--format text|json]",
      "Asks for the next match to judge and prints it: the match id, the segment, the\n"
      "lease expiry and the items in display order (submit ranks in that order): a system,\n"
      "or, in a campaign with texts, the systems whose outputs are the same text joined\n"
      "with '+' (shown once, ranked once).");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "campaign id (required)");
  flags.Add("annotator", "NAME", "", "who will judge ([A-Za-z0-9._@:-], 1..128)");
  flags.Add("format", "F", "text", "text or json");
  const std::string verb = "campaign next";
  uint64_t campaign = 0;
  bool json = false;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, &json, &code)) return code;
  v1::NextMatchRequest request;
  request.set_campaign_id(campaign);
  request.set_annotator(flags.Get("annotator"));
  v1::NextMatchResponse match;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.NextMatch(context, request, &match);
  });
  if (code != kExitOk) return code;
  if (json) {
    std::cout << ToJson(match);
    return kExitOk;
  }
  std::cout << "match_id " << match.match_id() << "\nsegment " << match.segment().id()
            << "\ndocument " << match.segment().document() << "\nlease_expires_unix_ms "
            << match.lease_expires_unix_ms() << "\n";
  for (int i = 0; i < match.systems_size(); ++i) {
    std::cout << "system" << i + 1 << " " << match.systems(i) << "\n";
  }
  return kExitOk;
}

int RunCampaignSubmit(int argc, char** argv) {
  Flags flags(
      "tourney campaign submit --server ADDR --token-file TOKEN --campaign ID "
      "--match M --annotator NAME --ranks R1,R2,... [--key K]",
      "Submits the ranks of a leased match (in the order `next` printed the items;\n"
      "1 = best, ties allowed) and prints the acknowledgment once it is durable. Rerun\n"
      "with the same --key to retry safely.");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "campaign id (required)");
  flags.Add("match", "M", "0", "match id from `next`");
  flags.Add("annotator", "NAME", "", "the annotator holding the lease");
  flags.Add("ranks", "R1,R2,...", "", "one rank per item `next` printed, 1..items");
  flags.Add("key", "K", "", "idempotency key (reuse it when retrying)");
  const std::string verb = "campaign submit";
  uint64_t campaign = 0;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, nullptr, &code)) return code;
  auto match = flags.GetUint("match");
  if (!match.ok()) return ReportError(verb, match.status());
  v1::SubmitJudgmentRequest request;
  request.set_campaign_id(campaign);
  request.set_match_id(*match);
  request.set_annotator(flags.Get("annotator"));
  request.set_idempotency_key(flags.Get("key"));
  for (const std::string& r : SplitList(flags.Get("ranks"))) {
    char* end = nullptr;
    const unsigned long v = std::strtoul(r.c_str(), &end, 10);
    if (*end != '\0' || v > 1000) {
      return ReportError(verb, InvalidArgument("--ranks: '" + r + "' is not a rank"));
    }
    request.add_ranks(static_cast<uint32_t>(v));
  }
  v1::SubmitJudgmentResponse ack;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.SubmitJudgment(context, request, &ack);
  });
  if (code != kExitOk) return code;
  PrintAck(ack.sequence(), ack.committed_unix_ms());
  return kExitOk;
}

}  // namespace

int RunCampaign(int argc, char** argv) {
  static constexpr struct {
    const char* name;
    const char* summary;
    int (*run)(int, char**);
  } kVerbs[] = {
      {"create", "create a campaign (admin token); prints its id and annotator token",
       RunCampaignCreate},
      {"import", "stream WMT CSV rankings into a campaign (admin token)", RunCampaignImport},
      {"next", "get the next match to judge (annotator token)", RunCampaignNext},
      {"submit", "submit the ranks of a match (annotator token)", RunCampaignSubmit},
      {"leaderboard", "print a campaign's leaderboard (admin token)", RunCampaignLeaderboard},
      {"watch", "follow a campaign's leaderboard as judgments arrive (admin token)",
       RunCampaignWatch},
      {"list", "list the server's campaigns with their counts (admin token)", RunCampaignList},
      {"show", "print one campaign's configuration, state and counts (admin token)",
       RunCampaignShow},
      {"export", "write every judgment of a campaign as WMT CSV (admin token)", RunCampaignExport},
      {"close", "close a campaign: no more matches or judgments (admin token)", RunCampaignClose},
      {"stats", "per-annotator quality: checks, kappa, time per judgment (admin token)",
       RunCampaignStats},
      {"exclude", "exclude an annotator from the ratings, or --include again (admin token)",
       RunCampaignExclude},
      {"annotators", "add, list or revoke a campaign's annotator links (admin token)",
       RunCampaignAnnotators},
      {"scoring-create", "create a scoring campaign from a scored-segment table (admin token)",
       RunScoringCreate},
      {"scoring-next", "get the next item to score (annotator token)", RunScoringNext},
      {"scoring-submit", "submit one score (annotator token)", RunScoringSubmit},
      {"scoring-estimate", "print a scoring campaign's estimates (admin token)",
       RunScoringEstimate},
      {"scoring-export", "write every score of a scoring campaign as TSV (admin token)",
       RunScoringExport},
  };
  auto usage = [&](std::ostream& out) {
    out << "usage: tourney campaign VERB --server HOST:PORT [options]\n\n"
           "Talks to a tourneyd server. Verbs:\n";
    for (const auto& v : kVerbs) {
      out << "  " << v.name << std::string(18 - std::strlen(v.name), ' ') << v.summary << "\n";
    }
    out << "\nRun 'tourney campaign VERB --help' for a verb's options.\n";
  };
  if (argc < 3) {
    usage(std::cerr);
    return kExitBadInput;
  }
  const std::string verb = argv[2];
  if (verb == "--help" || verb == "-h" || verb == "help") {
    usage(std::cout);
    return kExitOk;
  }
  for (const auto& v : kVerbs) {
    // The verb's flags start after it: shift argv by one so argv[1] is the verb.
    if (verb == v.name) return v.run(argc - 1, argv + 1);
  }
  std::cerr << "tourney campaign: unknown verb '" << verb << "'\n\n";
  usage(std::cerr);
  return kExitBadInput;
}

}  // namespace tourney::cli
