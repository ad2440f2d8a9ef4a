// tourney next --ratings R.json : the match a selector would serve next (the offline twin of
// the service's NextMatch).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"
#include "common.h"
#include "proto/leaderboard_proto.h"
#include "render/leaderboard_format.h"
#include "render/text_format.h"
#include "tourney/core/leaderboard.h"
#include "tourney/core/random.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/models/trueskill.h"
#include "tourney/campaigns/campaign.h"
#include "tourney/selection/match_selector.h"
#include "tourney/sequential/anytime_leaderboard.h"

namespace tourney::cli {
namespace {

// Reads a Leaderboard JSON (as `tourney rank --format json` writes it) into ratings; system
// ids follow the order of its entries.
Status LoadRatings(const std::string& path, std::vector<std::string>* names,
                   std::vector<Rating>* ratings) {
  std::string text;
  if (Status s = ReadFileToString(path, &text); !s.ok()) return s;
  auto board = ParseLeaderboardJson(text);
  if (!board.ok()) {
    return InvalidArgument(path +
                           ": not a leaderboard JSON (as 'tourney rank --format json' "
                           "writes): " +
                           board.status().message());
  }
  std::set<std::string> seen;
  for (size_t i = 0; i < board->entries.size(); ++i) {
    const LeaderboardEntry& e = board->entries[i];
    const std::string where = path + ": entry " + std::to_string(i + 1);
    if (e.system.empty()) return InvalidArgument(where + " has no system name");
    if (!seen.insert(e.system).second) {
      return InvalidArgument(where + ": system '" + e.system + "' appears twice");
    }
    if (!e.mu || !e.sigma) {
      return InvalidArgument(
          where + " ('" + e.system + "') has no mu and sigma: the " +
          (board->model.empty() ? std::string("board") : "'" + board->model + "' board") +
          " is not from a Gaussian model; write one with 'tourney rank "
          "--model trueskill --format json'");
    }
    const double mu = *e.mu, sigma = *e.sigma;
    if (!std::isfinite(mu) || !std::isfinite(sigma) || sigma < 0.0) {
      return InvalidArgument(where + " ('" + e.system +
                             "'): mu must be finite and sigma finite and >= 0");
    }
    names->push_back(e.system);
    ratings->push_back({mu, sigma});
  }
  return Status::Ok();
}


}  // namespace

int RunNext(int argc, char** argv) {
  Flags flags(
      "tourney next --ratings R.json [--judgments F] [--n N] [--seed S] [--selection S] "
      "[--format F]",
      "Prints the match a selector would serve next for a ratings state: R.json is a\n"
      "leaderboard JSON from 'tourney rank --model trueskill --format json' (mu and sigma\n"
      "per system; system ids follow its entry order). 'trueskill' (paper §2.4) anchors\n"
      "on the largest sigma (ties: first entry) and draws opponents with probability\n"
      "proportional to exp(-|mu_anchor - mu|); 'uniform' draws a uniform match; 'frontier'\n"
      "serves the least separated pair across a cut of the ranking (other active\n"
      "selectors: racing, lucb, info-gain, thompson, arena; see docs/selection.md). The\n"
      "default, 'boundary', and 'active-ranking' read the anytime-valid leaderboard of\n"
      "the judgments: give the campaign's judgments so far with --judgments (systems\n"
      "named as in R.json); without them they serve a uniform match. The offline twin\n"
      "of the service's NextMatch.");
  flags.Add("ratings", "FILE", "", "leaderboard JSON with mu and sigma per system (required)");
  flags.Add("n", "N", "2", "systems in the match (2..5): the anchor and N-1 opponents");
  flags.Add("seed", "S", "1", "random seed");
  flags.Add("selection", "S", std::string(kDefaultMatchSelector),
            "selector: boundary, trueskill (paper §2.4), uniform, frontier, racing, lucb, "
            "info-gain, thompson, arena, active-ranking");
  flags.Add("format", "F", "table", "output: table or json");
  flags.Add("judgments", "FILE", "",
            "the judgments so far, in order (WMT or pairwise CSV): boundary and active-ranking "
            "read their anytime-valid leaderboard");
  flags.Add("delta", "D", "0.05", "anytime leaderboard: family-wise error, in (0, 1)");
  flags.Add("epsilon", "E", "0.1", "anytime leaderboard: indifference zone, in [0, 1]");
  AddInputFlags(flags);
  flags.AddExample(
      "tourney rank judgments.csv --model trueskill --format json > ratings.json && tourney next "
      "--ratings ratings.json --n 5",
      "the next match to annotate: five systems, the anchor and four opponents");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "next", &code)) return code;
  if (!flags.positionals().empty()) {
    return ReportError("next", InvalidArgument("unexpected argument '" + flags.positionals()[0] +
                                               "' (the ratings file goes after --ratings)"));
  }
  if (!flags.IsSet("ratings")) {
    return ReportError("next", InvalidArgument("option '--ratings' is required (see --help)"));
  }
  auto n = flags.GetInt("n");
  if (!n.ok()) return ReportError("next", n.status());
  if (*n < 2 || *n > 5) return ReportError("next", InvalidArgument("option '--n': must be 2..5"));
  auto seed = flags.GetUint("seed");
  if (!seed.ok()) return ReportError("next", seed.status());
  const std::string format = flags.Get("format");
  if (format != "table" && format != "json") {
    return ReportError(
        "next", InvalidArgument("option '--format': '" + format + "' is not one of table, json"));
  }
  auto selector = MakeMatchSelector(flags.Get("selection"));
  if (!selector.ok()) return ReportError("next", selector.status());

  std::vector<std::string> names;
  std::vector<Rating> ratings;
  if (Status s = LoadRatings(flags.Get("ratings"), &names, &ratings); !s.ok()) {
    return ReportError("next", s);
  }
  if (ratings.size() < static_cast<size_t>(*n)) {
    return ReportError(
        "next", InvalidArgument(flags.Get("ratings") + " has " + std::to_string(ratings.size()) +
                                " systems; a match of " + std::to_string(*n) +
                                " needs at least that many"));
  }
  SelectionState state{ratings};
  std::optional<AnytimeLeaderboard> board;
  AnytimeSummary summary;
  if (!flags.Get("judgments").empty()) {
    auto delta = flags.GetDouble("delta");
    if (!delta.ok()) return ReportError("next", delta.status());
    auto epsilon = flags.GetDouble("epsilon");
    if (!epsilon.ok()) return ReportError("next", epsilon.status());
    auto created = AnytimeLeaderboard::Create(static_cast<int>(ratings.size()), {*delta, *epsilon});
    if (!created.ok()) return ReportError("next", created.status());
    board = std::move(*created);
    auto judgments = LoadJudgments({flags.Get("judgments")}, flags);
    if (!judgments.ok()) return ReportError("next", judgments.status());
    std::map<std::string, SystemId> index;
    for (size_t i = 0; i < names.size(); ++i) index[names[i]] = static_cast<SystemId>(i);
    std::vector<SystemId> to_ratings;
    for (const std::string& name : judgments->systems().names()) {
      const auto it = index.find(name);
      if (it == index.end()) {
        return ReportError("next", InvalidArgument(flags.Get("judgments") + ": system '" + name +
                                                   "' is not in " + flags.Get("ratings")));
      }
      to_ratings.push_back(it->second);
    }
    const Comparisons& c = judgments->comparisons();
    for (size_t i = 0; i < c.size(); ++i) {
      board->Add(to_ratings[c.first[i]], to_ratings[c.second[i]], c.outcome[i]);
    }
    summary = board->Summarize();
    state.anytime = &*board;
    state.anytime_summary = &summary;
  }
  Rng rng(*seed);
  std::vector<SystemId> match(static_cast<size_t>(*n));
  if (Status s = (*selector)->Select(state, rng, match); !s.ok()) {
    return ReportError("next", s);
  }

  // The selectors that read the anytime board serve a uniform match without one, or once
  // every boundary is resolved: say so rather than credit them with the choice.
  std::string fallback;
  if (SelectorReadsAnytimeBoard((*selector)->name())) {
    if (!board) {
      fallback = "no anytime board yet (no --judgments), serving a uniform match";
    } else if (summary.settled) {
      fallback = "every boundary of the anytime board is resolved, serving a uniform match";
    }
  }
  const Rating& anchor = ratings[match[0]];
  if (format == "json") {
    std::string out = "{\n \"selection\": " + JsonQuote((*selector)->name()) +
                      (fallback.empty() ? "" : ",\n \"note\": " + JsonQuote(fallback)) +
                      ",\n \"seed\": " + std::to_string(*seed) + ",\n \"systems\": [";
    for (size_t slot = 0; slot < match.size(); ++slot) {
      const Rating& r = ratings[match[slot]];
      out += slot == 0 ? "\n" : ",\n";
      out += "  {\"system\": " + JsonQuote(names[match[slot]]) + ", \"mu\": " + JsonNumber(r.mu) +
             ", \"sigma\": " + JsonNumber(r.sigma) +
             ", \"p_hat_draw\": " + JsonNumber(ModifiedDrawProbability(anchor.mu, r.mu)) + "}";
    }
    std::cout << out << "\n ]\n}\n";
    return kExitOk;
  }
  const std::vector<std::string> short_names = ShortSystemNames(names);
  size_t width = 6;
  for (SystemId id : match) width = std::max(width, DisplayWidth(short_names[id]));
  if (fallback.empty()) {
    std::printf("next match (%s selector, seed %llu)\n", std::string((*selector)->name()).c_str(),
                static_cast<unsigned long long>(*seed));
  } else {
    std::printf("next match (selector %s: %s; seed %llu)\n",
                std::string((*selector)->name()).c_str(), fallback.c_str(),
                static_cast<unsigned long long>(*seed));
  }
  std::printf("  %-*s  %10s  %8s  %s\n", static_cast<int>(width), "system", "mu", "sigma",
              "p_hat_draw vs first");
  // Names padded by display columns (a wide character takes two), not bytes.
  auto padded = [width](const std::string& name) {
    return name + std::string(width - DisplayWidth(name), ' ');
  };
  for (size_t slot = 0; slot < match.size(); ++slot) {
    const Rating& r = ratings[match[slot]];
    std::printf("  %s  %10s  %8s", padded(short_names[match[slot]]).c_str(),
                TableNumber(r.mu, 4).c_str(), TableNumber(r.sigma, 4).c_str());
    if (slot == 0) {
      std::printf("  %s\n", (*selector)->name() == "trueskill" ? "(anchor: largest sigma)" : "-");
    } else {
      std::printf("  %.4f\n", ModifiedDrawProbability(anchor.mu, r.mu));
    }
  }
  return kExitOk;
}

}  // namespace tourney::cli
