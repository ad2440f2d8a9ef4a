// The tourney subcommands. Each Run* takes the full argv (argv[1] is the command name) and
// returns the process exit status.
#ifndef TOURNEY_CLI_COMMANDS_H_
#define TOURNEY_CLI_COMMANDS_H_

namespace tourney::cli {

int RunRank(int argc, char** argv);
int RunCluster(int argc, char** argv);
int RunSimulateCampaign(int argc, char** argv);
// tourney simulate-battles: an Arena-style battle log (simulate_battles_command.cc).
int RunSimulateBattles(int argc, char** argv);
// tourney demo: a live campaign on a tourneyd child process (campaign_demo.cc); with
// --offline, RunOfflineDemo (simulate_campaign_command.cc).
int RunDemo(int argc, char** argv);
int RunOfflineDemo(int argc, char** argv);
int RunEval(int argc, char** argv);
int RunSimulate(int argc, char** argv);
int RunNext(int argc, char** argv);
int RunReport(int argc, char** argv);
int RunAgreement(int argc, char** argv);
int RunSelectionBenchmarkCommand(int argc, char** argv);
// tourney top-k-benchmark: the anytime top-k stop, top-k selector vs uniform
// (top_k_benchmark_command.cc).
int RunTopKBenchmarkCommand(int argc, char** argv);
// Scored segments (sampling_commands.cc, sample_command.cc, estimate_command.cc).
int RunSamplingStudyCommand(int argc, char** argv);
int RunReplayCommand(int argc, char** argv);
int RunPlanCommand(int argc, char** argv);
int RunSampleCommand(int argc, char** argv);
int RunEstimateCommand(int argc, char** argv);
// tourney compare A B: two rankings side by side (compare_command.cc).
int RunCompare(int argc, char** argv);
// tourney stability FILE: clusters under subsampled judgments (stability_command.cc).
int RunStability(int argc, char** argv);
// tourney nbest --gold GOLD SYSTEM...: n-best lists against weighted gold (nbest_command.cc).
int RunNbest(int argc, char** argv);
// tourney content FILE: a campaign's texts read and summarised (content_command.cc).
int RunContent(int argc, char** argv);
// tourney campaign VERB: a tourneyd client (campaign_command.cc; links gRPC).
int RunCampaign(int argc, char** argv);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_COMMANDS_H_
