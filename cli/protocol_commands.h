// The official human-evaluation protocols behind `tourney cluster --protocol wmt-da` (and
// `wmt-da-holm`) and `tourney rank --protocol mqm` (protocol_commands.cc; docs/wmt-protocols.md).
#ifndef TOURNEY_CLI_PROTOCOL_COMMANDS_H_
#define TOURNEY_CLI_PROTOCOL_COMMANDS_H_

#include <string>

#include "flags/flags.h"
#include "tourney/core/da_judgments.h"
#include "tourney/core/status.h"
#include "render/protocol_format.h"
#include "tourney/protocols/mqm_score.h"

namespace tourney::cli {

// InvalidArgument unless flags name exactly one input and none of the flags of `command`'s
// models and other protocols, which --protocol `protocol` does not read.
Status CheckProtocolFlags(const Flags& flags, const std::string& command,
                          const std::string& protocol);

// `--da-moments`, the cluster command's flag for the WMT DA protocol.
void AddWmtDaFlags(Flags& flags);

// `--qc-filter`, the WMT DA quality-control filter of --protocol wmt-da and esa.
void AddQualityControlFlag(Flags& flags);

// With --qc-filter: tests every annotator of *judgments (tourney/protocols/
// da_quality_control.h), removes the judgments of those who fail and returns the report's
// lines; without it, "". InvalidArgument when the judgments carry no raw scores.
StatusOr<std::string> ApplyQualityControlFlag(const Flags& flags, DaJudgments* judgments);

// `--mqm-weights`, the rank command's flag for the MQM protocol.
void AddMqmFlags(Flags& flags);

// The WMT DA ranking of the one file named by flags' positionals (an organisers'
// `ad-*-good-stnd.csv`, gzip or "-"), printed in --format; `protocol` is "wmt-da" (the
// official board) or "wmt-da-holm" (tourney's paired Holm clusters). Returns the exit status.
int RunWmtDaCluster(const Flags& flags, const std::string& protocol);

// The MQM scores of the one input named by flags' positionals (a Google MQM TSV or an
// Appraise MQM export; --input-format, --mqm-weights), 'undecided' weighing as Minor unless
// the weights name it.
StatusOr<MqmScores> ScoreMqmInput(const Flags& flags);

// The MQM board with the WMT rank-sum clusters on segment MQM (`protocol` "mqm") or tourney's
// paired Holm clusters ("mqm-holm"), for `tourney cluster` (protocol_mqm.cc). Returns the exit
// status.
int RunMqmCluster(const Flags& flags, const std::string& protocol);

// The MQM board of the one MQM per-error TSV (or Appraise MQM export) named by flags'
// positionals. Returns the exit status.
int RunMqmRank(const Flags& flags);

// The ESA ranking of the one Appraise ESA export named by flags' positionals
// (protocol_esa.cc), for `command` (cluster or rank); `protocol` is "esa" (the WMT rank-sum
// clusters) or "esa-holm" (tourney's paired Holm clusters). Returns the exit status.
int RunEsaProtocol(const Flags& flags, const std::string& command, const std::string& protocol);

// Pearmut's ranking of the one annotation log named by flags' positionals, reproduced, beside
// tourney's paired Holm clusters (protocol_pearmut.cc), for `command` (cluster or rank).
// Returns the exit status.
int RunPearmutProtocol(const Flags& flags, const std::string& command);

// The board of the one log of scored screens named by flags' positionals (a cESA export or a
// Pearmut log, tourney/ingest/cesa_log_reader.h; protocol_cesa.cc), for `command` (rank or
// cluster): `protocol` "cesa" (tourney's board, clusters valid under dynamic assignment) or
// "wmt26" (WMT26's official rule, labelled); the table shows both and where they differ.
// Returns the exit status.
int RunCesaProtocol(const Flags& flags, const std::string& command, const std::string& protocol);

// WMT24's official ESA ranking (tourney/protocols/wmt24_esa_rule.h) of one language pair of
// the one Appraise 12-field ESA export named by flags' positionals (--language-pair picks the
// pair when the export holds several), for `command` (rank or cluster); protocol_wmt24_esa.cc.
// Returns the exit status.
int RunWmt24EsaProtocol(const Flags& flags, const std::string& command);

// `--wmt24-revision published|repository`, the flag of --protocol wmt24-esa.
void AddWmt24EsaFlags(Flags& flags);

// `--human-score`, the flag that names an mt-metrics-eval human score (protocol_mtme.cc).
void AddMtmeFlags(Flags& flags);

// The board of an mt-metrics-eval folder's human scores (--input-format mtme; the one
// positional is the folder, or one .seg.score file), for `command` (rank or cluster):
// `protocol` mqm, da or esa (or --human-score) picks the human score, a "-holm" suffix
// gives tourney's paired Holm clusters instead of the WMT rank-sum ones. Score = each
// system's mean segment score (MTME's *.sys.score). Returns the exit status.
int RunMtmeProtocol(const Flags& flags, const std::string& command, const std::string& protocol);

// --plot FILE under a clustering protocol: the head-to-head heat map of `report`'s official
// board, or of its Holm board with `holm_board` (render/protocol_plot.h), as SVG or PDF. OK
// without --plot.
Status WriteProtocolPlot(const Flags& flags, const WmtDaReport& report, bool holm_board);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_PROTOCOL_COMMANDS_H_
