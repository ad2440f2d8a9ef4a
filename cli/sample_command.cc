// tourney sample: which segments to annotate, from a sampling design (tourney/sampling/design.h).
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "render/text_format.h"
#include "sampling_input.h"
#include "tourney/sampling/design.h"
#include "tourney/sampling/segment_sample.h"

namespace tourney::cli {

int RunSampleCommand(int argc, char** argv) {
  Flags flags(
      "tourney sample FILE --n N [--design D] [--seed S] [--system NAME] [--format F]",
      "Chooses N segments of the test set to annotate with a sampling design, without\n"
      "replacement, from --seed. Every system gets the same segments (so that paired\n"
      "differences use them all); the metric designs read --system's metric scores (default:\n"
      "the first system). Designs: random, docs-prop (stratified by document, proportional;\n"
      "the recommended one), docs-opt, metrics-prop, metrics-opt. Prints the segment ids\n"
      "(list), the (system, doc, segment) rows a campaign imports (tsv) or JSON.");
  AddScoredSegmentFlags(flags);
  flags.Add("n", "N", "", "segments to annotate (or --pct)");
  flags.Add("pct", "P", "", "segments to annotate as % of the test set");
  flags.Add("design", "D", "docs-prop", "sampling design");
  flags.Add("seed", "S", "1", "seed");
  flags.Add("system", "NAME", "", "the system whose metrics the metric designs read");
  flags.Add("format", "F", "list", "list, tsv or json");
  flags.AddExample("tourney sample en-de.tsv.gz --n 300 --design docs-prop --seed 7",
                   "300 segment ids stratified by document");
  flags.AddExample("tourney sample scores.csv --pct 20 --format tsv > to_annotate.tsv",
                   "a fifth of the test set as campaign rows");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "sample", &code)) return code;
  auto fail = [](const Status& s) { return ReportError("sample", s); };
  const std::string format = flags.Get("format");
  if (format != "list" && format != "tsv" && format != "json") {
    return fail(InvalidArgument("option '--format': choose list, tsv or json"));
  }
  auto design = ParseDesign(flags.Get("design"));
  if (!design.ok()) return fail(design.status());
  if (*design == Design::kDocsIncrHuman || *design == Design::kDocsIncrMetrics) {
    return fail(
        InvalidArgument("option '--design': incremental designs learn from scores as "
                        "they arrive; sample in batches with a fixed design instead"));
  }
  auto seed = flags.GetUint("seed");
  if (!seed.ok()) return fail(seed.status());
  auto bin = BinSizeFromFlags(flags);
  if (!bin.ok()) return fail(bin.status());
  if (flags.Get("n").empty() == flags.Get("pct").empty()) {
    return fail(InvalidArgument("give exactly one of --n and --pct"));
  }
  // Only the metric designs read the metrics: the others do not warn about them.
  const bool reads_metrics = DesignStrata(*design) == Strata::kMetricBins ||
                             *design == Design::kDocsOpt;
  // The table's warnings are printed once the sample stands (an error that ends the run
  // comes alone).
  auto table = LoadScoredSegments(flags, "sample", /*warn=*/false);
  if (!table.ok()) return fail(table.status());
  SegmentSampleOptions o;
  o.design = *design;
  o.seed = *seed;
  o.population.segments_per_bin = *bin;
  if (!flags.Get("system").empty()) {
    o.design_system = -1;
    for (size_t s = 0; s < table->systems.size(); ++s) {
      if (table->systems[s].name == flags.Get("system")) o.design_system = static_cast<int>(s);
    }
    if (o.design_system < 0) {
      return fail(InvalidArgument("no system '" + flags.Get("system") + "'"));
    }
  }
  if (!flags.Get("n").empty()) {
    auto v = flags.GetInt("n");
    if (!v.ok()) return fail(v.status());
    if (*v < 1 || *v > 100000000) return fail(InvalidArgument("option '--n': 1..100000000"));
    o.n = static_cast<int>(*v);
  } else {
    auto v = flags.GetDouble("pct");
    if (!v.ok()) return fail(v.status());
    if (!(*v > 0 && *v <= 100)) return fail(InvalidArgument("option '--pct': in (0, 100]"));
    o.pct = *v;
  }
  auto sample = SampleSegments(*table, o);
  if (!sample.ok()) return fail(sample.status());
  for (const std::string& w : reads_metrics ? table->warnings : std::vector<std::string>{}) {
    std::cerr << "tourney sample: warning: " << w << "\n";
  }
  std::ostringstream out;
  if (format == "list") {
    for (int s : sample->segments) out << table->segment_ids[s] << "\n";
  } else if (format == "tsv") {
    // The whole test set, each system's own rows only, with the design recorded: which
    // segments were drawn (sampled) and with what probability (inclusion), what `tourney
    // estimate` and `campaign scoring-create` read back. Scores are left blank to be filled
    // in for the sampled rows.
    for (const std::string& w : sample->warnings) {
      std::cerr << "tourney sample: warning: " << w << "\n";
    }
    const bool served = !sample->order.empty();
    out << RecordedDesignNote(*table, *sample) << "\n";
    out << flags.Get("system-column") << "\t" << flags.Get("doc-column") << "\t"
        << flags.Get("segment-column") << "\t" << flags.Get("score");
    for (const std::string& m : table->metric_names) out << "\t" << m;
    out << "\tsampled\tinclusion" << (served ? "\torder" : "") << "\n";
    const int metrics = table->num_metrics();
    for (const SystemSegments& sys : table->systems) {
      for (int r = 0; r < sys.size(); ++r) {
        const int g = sys.segment[r];
        out << sys.name << "\t" << table->document_ids[table->segment_document[g]] << "\t"
            << table->segment_ids[g] << "\t";
        for (int m = 0; m < metrics; ++m) {
          out << "\t" << JsonNumber(sys.metrics[static_cast<size_t>(r) * metrics + m]);
        }
        out << "\t" << static_cast<int>(sample->sampled[g]) << "\t"
            << JsonNumber(sample->inclusion[g]);
        if (served) out << "\t" << sample->order[g];
        out << "\n";
      }
    }
  } else {
    const std::vector<int>& segments = sample->segments;
    out << "{\"design\": " << JsonQuote(DesignName(*design)) << ", \"seed\": \"" << *seed
        << "\", \"n\": " << sample->n << ", \"test_set\": " << sample->test_set
        << ", \"segments\": [";
    for (size_t k = 0; k < segments.size(); ++k) {
      out << (k ? ", " : "") << JsonQuote(table->segment_ids[segments[k]]);
    }
    out << "]}\n";
  }
  std::cout << out.str();
  return kExitOk;
}

}  // namespace tourney::cli
