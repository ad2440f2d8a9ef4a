// A campaign's texts (CampaignContent) through tourneyd over real gRPC: checked at
// creation, returned by NextMatch and NextItem in display order with document context,
// kept across a restart, and absent from campaigns without them.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "service_test_util.h"

namespace tourney {
namespace {

using testing::Ctx;
using testing::kAdminToken;

// The texts the test gives system `s` on segment `g`: hostile markup and right-to-left
// text among them, which the server must pass through byte for byte.
std::string OutputText(int s, int g) {
  if (s == 1 && g == 2) return "<script>alert(1)</script> & <img src=x onerror=alert(2)>";
  if (s == 2 && g == 4) return "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d \"quoted\"\ttab\nline";
  return "out " + std::to_string(s) + "/" + std::to_string(g);
}
std::string SourceText(int g) { return "source " + std::to_string(g) + " \xc3\xa9"; }

// Four systems s0..s3 and six segments 100..105 in two documents: doc0 = 100..103,
// doc1 = 104..105 (MakeConfig puts ten segments a document; the content says otherwise and
// is what the context follows).
v1::CampaignConfig ConfigWithContent(const std::string& name) {
  v1::CampaignConfig c = testing::MakeConfig(name, 4, 6, 2);
  v1::CampaignContent* content = c.mutable_content();
  content->set_source_language("en");
  content->set_target_language("he");
  for (int g = 0; g < 6; ++g) {
    v1::SegmentContent* seg = content->add_segments();
    seg->set_segment(std::to_string(100 + g));
    seg->set_document(g < 4 ? "doc0" : "doc1");
    seg->set_source(SourceText(g));
    seg->add_references("ref " + std::to_string(g));
    for (int s = 3; s >= 0; --s) {  // not in the campaign's system order
      v1::SystemOutput* out = seg->add_outputs();
      out->set_system("s" + std::to_string(s));
      out->set_text(OutputText(s, g));
    }
  }
  return c;
}

class ServiceContentTest : public testing::InProcessServerTest {
 protected:
  ServiceContentTest() : InProcessServerTest("content") {}
};

// The texts a match must carry, worked out from the test's own definitions.
void ExpectTexts(const v1::NextMatchResponse& m) {
  ASSERT_TRUE(m.has_texts());
  const int g = static_cast<int>(m.segment().id()) - 100;
  ASSERT_TRUE(g >= 0 && g < 6);
  EXPECT_EQ(m.texts().source(), SourceText(g));
  ASSERT_EQ(m.texts().references_size(), 1);
  EXPECT_EQ(m.texts().references(0), "ref " + std::to_string(g));
  ASSERT_EQ(m.texts().outputs_size(), m.systems_size());
  for (int i = 0; i < m.systems_size(); ++i) {
    const int s = m.systems(i)[1] - '0';
    EXPECT_EQ(m.texts().outputs(i), OutputText(s, g)) << "position " << i;
  }
  // Up to two sources before and after, within the document.
  std::vector<std::string> before, after;
  const int first = g < 4 ? 0 : 4, last = g < 4 ? 3 : 5;
  for (int p = std::max(first, g - 2); p < g; ++p) before.push_back(SourceText(p));
  for (int q = g + 1; q <= std::min(last, g + 2); ++q) after.push_back(SourceText(q));
  EXPECT_EQ(std::vector<std::string>(m.texts().context_before().begin(),
                                     m.texts().context_before().end()),
            before);
  EXPECT_EQ(std::vector<std::string>(m.texts().context_after().begin(),
                                     m.texts().context_after().end()),
            after);
  EXPECT_EQ(m.texts().source_language(), "en");
  EXPECT_EQ(m.texts().target_language(), "he");
}

TEST_F(ServiceContentTest, NextMatchReturnsTheTextsInDisplayOrderAndAfterARestart) {
  const testing::CreatedCampaign c = testing::CreateCampaign(stub(), ConfigWithContent("texts"));
  ASSERT_NE(c.id, 0u);
  std::set<int64_t> segments;
  for (int i = 0; i < 12; ++i) {
    v1::NextMatchResponse m;
    ASSERT_TRUE(testing::NextMatch(stub(), c, "ann" + std::to_string(i), &m).ok());
    ExpectTexts(m);
    segments.insert(m.segment().id());
  }
  EXPECT_GE(segments.size(), 2u);
  Restart();  // the texts live in the stored configuration
  v1::NextMatchResponse m;
  ASSERT_TRUE(testing::NextMatch(stub(), c, "after-restart", &m).ok());
  ExpectTexts(m);
}

TEST_F(ServiceContentTest, ACampaignWithoutContentServesNoTexts) {
  const testing::CreatedCampaign c =
      testing::CreateCampaign(stub(), testing::MakeConfig("bare", 3, 4, 2));
  v1::NextMatchResponse m;
  ASSERT_TRUE(testing::NextMatch(stub(), c, "ann", &m).ok());
  EXPECT_FALSE(m.has_texts());
}

// CreateCampaign's answer to `config`; the message when it is refused.
grpc::Status Create(v1::Tournament::Stub& stub, const v1::CampaignConfig& config) {
  v1::CreateCampaignRequest req;
  *req.mutable_config() = config;
  v1::CreateCampaignResponse resp;
  auto ctx = Ctx(kAdminToken);
  return stub.CreateCampaign(ctx.get(), req, &resp);
}

TEST_F(ServiceContentTest, BadContentIsRefusedNamingWhatIsWrong) {
  struct Case {
    const char* what;
    void (*edit)(v1::CampaignContent*);
    const char* expected;
  };
  const Case cases[] = {
      {"a missing output", [](v1::CampaignContent* c) {
         c->mutable_segments(2)->mutable_outputs()->RemoveLast();  // s0 of segment 102
       }, "segment '102' has no output of system 's0'"},
      {"an unknown system", [](v1::CampaignContent* c) {
         c->mutable_segments(0)->mutable_outputs(1)->set_system("zz");
       }, "segments[0] (segment '100').outputs[1]: 'zz' is not a system of the campaign"},
      {"a second output", [](v1::CampaignContent* c) {
         *c->mutable_segments(1)->add_outputs() = c->segments(1).outputs(0);
       }, "a second output of 's3'"},
      {"a segment twice", [](v1::CampaignContent* c) {
         c->mutable_segments(5)->set_segment("104");
       }, "segments[5] (segment '104') is listed twice"},
      {"a segment the campaign lacks", [](v1::CampaignContent* c) {
         c->mutable_segments(3)->set_segment("999");
       }, "segments[3] (segment '999') is not a segment of the campaign"},
      {"a missing segment", [](v1::CampaignContent* c) {
         c->mutable_segments()->RemoveLast();
       }, "segment '105' of the campaign has no texts"},
      {"a text past 64 KiB", [](v1::CampaignContent* c) {
         c->mutable_segments(4)->mutable_outputs(0)->set_text(std::string(65537, 'x'));
       }, "segments[4] (segment '104').outputs[0].text is 65537 bytes, more than 65536"},
  };
  int i = 0;
  for (const Case& k : cases) {
    v1::CampaignConfig config = ConfigWithContent("bad" + std::to_string(i++));
    k.edit(config.mutable_content());
    grpc::Status s = Create(stub(), config);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << k.what;
    EXPECT_NE(s.error_message().find(k.expected), std::string::npos)
        << k.what << ": " << s.error_message();
  }
  // Nothing was created by the refused calls: the valid one still has its name free.
  EXPECT_TRUE(Create(stub(), ConfigWithContent("bad0")).ok());
}

// A scoring campaign of systems A, B on segments g0..g2 of one document, B without g2 (an
// explicit gap: no row, no output).
v1::ScoringCampaignConfig ScoringWithContent(const std::string& name) {
  v1::ScoringCampaignConfig c;
  c.set_name(name);
  c.set_design("random");
  c.set_estimator("mean");
  c.set_bound("clt");
  c.set_seed(5);
  v1::CampaignContent* content = c.mutable_content();
  for (int g = 0; g < 3; ++g) {
    v1::SegmentContent* seg = content->add_segments();
    seg->set_segment("g" + std::to_string(g));
    seg->set_document("d");
    seg->set_source(SourceText(g));
    for (int s = 0; s < (g == 2 ? 1 : 2); ++s) {
      const std::string system = s == 0 ? "A" : "B";
      v1::ScoringRow* row = c.add_rows();
      row->set_system(system);
      row->set_document("d");
      row->set_segment("g" + std::to_string(g));
      v1::SystemOutput* out = seg->add_outputs();
      out->set_system(system);
      out->set_text(OutputText(s + 1, g + 1));
    }
  }
  return c;
}

TEST_F(ServiceContentTest, NextItemReturnsTheItemsOutput) {
  v1::CreateScoringCampaignRequest req;
  *req.mutable_config() = ScoringWithContent("scored");
  req.mutable_config()->set_enrolment(v1::ENROLMENT_OPEN);  // the shared token serves a0..a4
  v1::CreateCampaignResponse created;
  {
    auto ctx = Ctx(kAdminToken);
    grpc::Status s = stub().CreateScoringCampaign(ctx.get(), req, &created);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  std::set<std::string> served;
  for (int i = 0; i < 5; ++i) {  // all five items, one annotator each
    v1::NextItemRequest next;
    next.set_campaign_id(created.campaign_id());
    next.set_annotator("a" + std::to_string(i));
    v1::NextItemResponse item;
    auto ctx = Ctx(created.annotator_token());
    grpc::Status s = stub().NextItem(ctx.get(), next, &item);
    ASSERT_TRUE(s.ok()) << s.error_message();
    const int g = item.segment()[1] - '0';
    const int sys = item.system() == "A" ? 1 : 2;
    ASSERT_TRUE(item.has_texts());
    EXPECT_EQ(item.texts().source(), SourceText(g));
    ASSERT_EQ(item.texts().outputs_size(), 1);
    EXPECT_EQ(item.texts().outputs(0), OutputText(sys, g + 1));
    served.insert(item.system() + item.segment());
  }
  EXPECT_EQ(served, (std::set<std::string>{"Ag0", "Ag1", "Ag2", "Bg0", "Bg1"}));

  // An output without a row would be text never served: refused.
  v1::ScoringCampaignConfig extra = ScoringWithContent("extra");
  v1::SystemOutput* out = extra.mutable_content()->mutable_segments(2)->add_outputs();
  out->set_system("B");
  out->set_text("orphan");
  *req.mutable_config() = extra;
  auto ctx = Ctx(kAdminToken);
  grpc::Status s = stub().CreateScoringCampaign(ctx.get(), req, &created);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(s.error_message().find("1 outputs belong to no item"), std::string::npos)
      << s.error_message();
}

}  // namespace
}  // namespace tourney
