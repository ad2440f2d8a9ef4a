// The official human-evaluation protocols behind `tourney cluster --protocol wmt-da` (and
// `wmt-da-holm`) and `tourney rank --protocol mqm` (protocol_commands.cc; docs/wmt-protocols.md).
#ifndef TOURNEY_CLI_PROTOCOL_COMMANDS_H_
#define TOURNEY_CLI_PROTOCOL_COMMANDS_H_

#include <string>

#include "flags/flags.h"

namespace tourney::cli {

// `--da-moments`, the cluster command's flag for the WMT DA protocol.
void AddWmtDaFlags(Flags& flags);

// `--mqm-weights`, the rank command's flag for the MQM protocol.
void AddMqmFlags(Flags& flags);

// The WMT DA ranking of the one file named by flags' positionals (an organisers'
// `ad-*-good-stnd.csv`, gzip or "-"), printed in --format; `protocol` is "wmt-da" (the
// official board) or "wmt-da-holm" (tourney's paired Holm clusters). Returns the exit status.
int RunWmtDaCluster(const Flags& flags, const std::string& protocol);

// The MQM board of the one MQM per-error TSV named by flags' positionals. Returns the exit
// status.
int RunMqmRank(const Flags& flags);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_PROTOCOL_COMMANDS_H_
