#include "demo_serve.h"

#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <algorithm>
#include <iostream>
#include <string_view>

#include "campaign_content.h"
#include "tourney/ingest/content_reader.h"

namespace tourney::cli {
namespace {

// One built-in segment: document, source, reference and the four systems' outputs.
struct BuiltInSegment {
  const char* document;
  const char* source;
  const char* reference;
  const char* outputs[4];
};

// Written for this demo: a short story in two documents. The four "systems" differ the way
// machine translations do (word choice, word order, a dropped or mistranslated phrase).
constexpr BuiltInSegment kBuiltIn[] = {
    {"harbour", "The ferry leaves the harbour at seven every morning.",
     "Die Fähre verlässt den Hafen jeden Morgen um sieben.",
     {"Die Fähre verlässt den Hafen jeden Morgen um sieben.",
      "Die Fähre verlässt jeden Morgen um sieben Uhr den Hafen.",
      "Das Fährschiff geht jeden Morgen um sieben aus dem Hafen.",
      "Die Fähre verlässt den Hafen um sieben."}},
    {"harbour", "On windy days it waits until the storm has passed.",
     "An windigen Tagen wartet sie, bis der Sturm vorüber ist.",
     {"An windigen Tagen wartet sie, bis der Sturm vorbei ist.",
      "An windigen Tagen wartet es, bis der Sturm bestanden hat.",
      "Bei Wind wartet sie, bis der Sturm vorübergezogen ist.",
      "An windigen Tagen wartet sie auf den Sturm."}},
    {"harbour", "Passengers can buy tickets on board or at the kiosk.",
     "Fahrgäste können Fahrkarten an Bord oder am Kiosk kaufen.",
     {"Passagiere können Tickets an Bord oder am Kiosk kaufen.",
      "Fahrgäste können an Bord oder am Kiosk Fahrkarten kaufen.",
      "Passagiere können Karten auf dem Brett oder am Kiosk kaufen.",
      "Fahrgäste kaufen Fahrkarten am Kiosk."}},
    {"library", "The old library reopened after two years of repairs.",
     "Die alte Bibliothek hat nach zwei Jahren Renovierung wieder geöffnet.",
     {"Die alte Bibliothek wurde nach zwei Jahren Reparaturen wiedereröffnet.",
      "Die alte Bibliothek öffnete nach zwei Jahren der Reparaturen wieder.",
      "Die alte Bibliothek hat nach zwei Jahren Renovierung wieder geöffnet.",
      "Die Bibliothek öffnete nach zwei Jahren."}},
    {"library", "Its reading room now stays open until late in the evening.",
     "Ihr Lesesaal ist jetzt bis spät am Abend geöffnet.",
     {"Ihr Lesesaal bleibt jetzt bis spät in den Abend geöffnet.",
      "Sein Lesezimmer bleibt jetzt offen bis spät am Abend.",
      "Der Lesesaal ist nun bis spätabends geöffnet.",
      "Ihr Lesesaal bleibt jetzt spät."}},
    {"library", "Children may borrow up to five books at a time.",
     "Kinder dürfen bis zu fünf Bücher auf einmal ausleihen.",
     {"Kinder dürfen bis zu fünf Bücher gleichzeitig ausleihen.",
      "Kinder können bis zu fünf Bücher zu einer Zeit leihen.",
      "Kinder dürfen bis zu fünf Bücher auf einmal ausleihen.",
      "Kinder dürfen fünf Bücher kaufen."}},
};
constexpr const char* kBuiltInSystems[] = {"system-A", "system-B", "system-C", "system-D"};

// The name of the degraded control system the demo adds.
constexpr char kControlSystem[] = "BAD";

std::unique_ptr<grpc::ClientContext> AdminContext(const std::string& token) {
  auto ctx = std::make_unique<grpc::ClientContext>();
  ctx->AddMetadata("authorization", "Bearer " + token);
  ctx->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  return ctx;
}

}  // namespace

StatusOr<DemoTexts> TedDemoTexts(const std::string& path, size_t segments,
                                  const std::vector<std::string>& systems) {
  auto read = ReadContentFile(path);
  if (!read.ok()) return read.status();
  CampaignTexts& ted = *read;
  if (ted.segments.size() > segments) ted.segments.resize(segments);  // the first talk's start
  std::vector<size_t> chosen;
  for (const std::string& name : systems) {
    auto it = std::find(ted.systems.begin(), ted.systems.end(), name);
    if (it == ted.systems.end()) return NotFound(path + ": no system '" + name + "'");
    chosen.push_back(static_cast<size_t>(it - ted.systems.begin()));
  }
  DemoTexts t;
  t.systems = systems;
  t.origin = "the WMT21 TED talks, English to German (" + path + ")";
  std::vector<std::string> keys;
  for (int64_t id : PairwiseSegmentIds(ted)) keys.push_back(std::to_string(id));
  t.content = ContentProto(ted, keys, chosen);
  t.content.set_source_language("en");
  t.content.set_target_language("de");
  for (const v1::SegmentContent& seg : t.content.segments()) {
    if (seg.outputs_size() != static_cast<int>(systems.size())) {
      return InvalidArgument(path + ": segment " + seg.segment() + " lacks an output");
    }
  }
  return t;
}

DemoTexts BuiltInDemoTexts() {
  DemoTexts t;
  t.origin = "texts written for the demo (English to German)";
  for (const char* s : kBuiltInSystems) t.systems.emplace_back(s);
  t.content.set_source_language("en");
  t.content.set_target_language("de");
  t.content.set_format("built-in");
  int id = 0;
  for (const BuiltInSegment& b : kBuiltIn) {
    v1::SegmentContent* seg = t.content.add_segments();
    seg->set_segment(std::to_string(id++));
    seg->set_document(b.document);
    seg->set_source(b.source);
    seg->add_references(b.reference);
    for (size_t s = 0; s < t.systems.size(); ++s) {
      v1::SystemOutput* out = seg->add_outputs();
      out->set_system(t.systems[s]);
      out->set_text(b.outputs[s]);
    }
  }
  return t;
}

Status ServeDemoCampaign(const LocalServer& server, v1::Tournament::Stub& stub,
                         const DemoTexts& texts, uint64_t seed, bool wait) {
  if (server.http_port() <= 0) return InvalidArgument("the demo's tourneyd serves no HTTP");
  v1::CreateCampaignRequest req;
  v1::CampaignConfig* c = req.mutable_config();
  c->set_name("demo-texts");
  c->set_enrolment(v1::ENROLMENT_OPEN);  // the demo's one link serves any name
  for (const std::string& s : texts.systems) c->add_systems(s);
  *c->mutable_content() = texts.content;
  for (const v1::SegmentContent& seg : texts.content.segments()) {
    v1::Segment* s = c->add_segments();
    s->set_id(std::stoll(seg.segment()));
    s->set_document(seg.document());
  }
  c->set_k(3);
  c->set_seed(seed);
  // The control: one real output per segment with a phrase replaced from another segment.
  if (Status s = AddDegradedControl(kControlSystem, seed, c); !s.ok()) return s;
  v1::QualityControlConfig* qc = c->mutable_quality_control();
  qc->set_check_fraction(0.1);
  qc->set_max_judgments_per_annotator(20);
  v1::CreateCampaignResponse created;
  grpc::Status s = stub.CreateCampaign(AdminContext(server.token()).get(), req, &created);
  if (!s.ok()) return Internal("CreateCampaign: " + s.error_message());

  const std::string base = "http://127.0.0.1:" + std::to_string(server.http_port());
  const std::string id = std::to_string(created.campaign_id());
  std::cout << "\nA campaign for people to judge: " << texts.origin << ", "
            << texts.content.segments_size() << " segments, " << texts.systems.size()
            << " systems and a degraded control (\"" << kControlSystem
            << "\", a tenth of the matches are checks), 3 outputs a match, 20 matches an "
               "annotator.\n"
            << "  annotate:  " << base << "/annotate/" << id << "#token="
            << created.annotator_token() << "&annotator=you\n"
            << "             (another annotator: change the name after annotator=)\n"
            << "  dashboard: " << base << "/dashboard/" << id << "#token=" << server.token()
            << "\n";
  if (!wait) {
    std::cout << "(stdin is not a terminal: the demo stops here and its tourneyd with it; run "
                 "`build/bin/tourney demo --serve` in a terminal to keep the pages up)\n";
    return Status::Ok();
  }
  std::cout << "tourneyd keeps serving these pages until Ctrl-C.\n" << std::flush;
  // The caller blocked these before starting any thread (RunDemo).
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  int received = 0;
  sigwait(&stop, &received);
  std::cout << "\nstopping tourneyd\n";
  return Status::Ok();
}

}  // namespace tourney::cli
