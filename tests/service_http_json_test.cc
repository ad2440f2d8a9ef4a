// The JSON side of tourneyd's HTTP API (service/http_json.h): the status mapping against
// google/rpc/code.proto's table, JSON strings for any bytes, request messages from bodies
// and queries, and responses as proto3 JSON.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include "http_json.h"
#include "tourney/v1/tournament.pb.h"

namespace tourney::service {
namespace {

// Parses any JSON text (a google.protobuf.Value takes every JSON value); false when it is
// not JSON.
bool IsJson(const std::string& text, google::protobuf::Value* value = nullptr) {
  google::protobuf::Value v;
  const bool ok = google::protobuf::util::JsonStringToMessage(text, &v).ok();
  if (value) *value = v;
  return ok;
}

TEST(HttpJson, StatusCodesMapAsGoogleRpcCodeProtoSays) {
  // The HTTP mapping column of google/rpc/code.proto, one line per code.
  const std::pair<grpc::StatusCode, int> kTable[] = {
      {grpc::StatusCode::OK, 200},
      {grpc::StatusCode::CANCELLED, 499},
      {grpc::StatusCode::UNKNOWN, 500},
      {grpc::StatusCode::INVALID_ARGUMENT, 400},
      {grpc::StatusCode::DEADLINE_EXCEEDED, 504},
      {grpc::StatusCode::NOT_FOUND, 404},
      {grpc::StatusCode::ALREADY_EXISTS, 409},
      {grpc::StatusCode::PERMISSION_DENIED, 403},
      {grpc::StatusCode::RESOURCE_EXHAUSTED, 429},
      {grpc::StatusCode::FAILED_PRECONDITION, 400},
      {grpc::StatusCode::ABORTED, 409},
      {grpc::StatusCode::OUT_OF_RANGE, 400},
      {grpc::StatusCode::UNIMPLEMENTED, 501},
      {grpc::StatusCode::INTERNAL, 500},
      {grpc::StatusCode::UNAVAILABLE, 503},
      {grpc::StatusCode::DATA_LOSS, 500},
      {grpc::StatusCode::UNAUTHENTICATED, 401},
  };
  for (const auto& [code, http] : kTable) {
    EXPECT_EQ(HttpStatusFor(code), http) << static_cast<int>(code);
  }
  EXPECT_EQ(HttpStatusFor(static_cast<grpc::StatusCode>(99)), 500);
}

TEST(HttpJson, JsonStringEscapesAndReplacesInvalidUtf8) {
  EXPECT_EQ(JsonString("plain"), "\"plain\"");
  EXPECT_EQ(JsonString("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(JsonString(std::string("\n\t\x01\x7f", 4)), "\"\\u000a\\u0009\\u0001\\u007f\"");
  EXPECT_EQ(JsonString("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
            "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
  // A lone continuation byte, an overlong '/', a surrogate and a cut sequence: U+FFFD each
  // byte that starts no sequence.
  EXPECT_EQ(JsonString("a\x80z"), "\"a\xef\xbf\xbdz\"");
  EXPECT_EQ(JsonString("\xc0\xaf"), "\"\xef\xbf\xbd\xef\xbf\xbd\"");
  EXPECT_EQ(JsonString("\xed\xa0\x80"), "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
  EXPECT_EQ(JsonString("\xe2\x82"), "\"\xef\xbf\xbd\xef\xbf\xbd\"");
  // Whatever the bytes, the result is JSON and decodes to a string.
  std::string all;
  for (int c = 0; c < 256; ++c) all.push_back(static_cast<char>(c));
  google::protobuf::Value v;
  ASSERT_TRUE(IsJson(JsonString(all), &v));
  EXPECT_EQ(v.kind_case(), google::protobuf::Value::kStringValue);
}

TEST(HttpJson, ErrorJsonHasCodeStatusAndMessage) {
  google::protobuf::Value v;
  ASSERT_TRUE(IsJson(ErrorJson(404, "NOT_FOUND", "no campaign \"7\""), &v));
  const auto& error = v.struct_value().fields().at("error").struct_value().fields();
  EXPECT_EQ(error.at("code").number_value(), 404);
  EXPECT_EQ(error.at("status").string_value(), "NOT_FOUND");
  EXPECT_EQ(error.at("message").string_value(), "no campaign \"7\"");
}

TEST(HttpJson, BodyTakesBothFieldNamesAndRefusesUnknownFieldsAndWrongTypes) {
  v1::SubmitJudgmentRequest r;
  ASSERT_TRUE(ParseJsonBody(R"({"matchId":"42","annotator":"a","ranks":[1,2],)"
                            R"("idempotency_key":"k"})",
                            &r)
                  .ok());
  EXPECT_EQ(r.match_id(), 42u);
  EXPECT_EQ(r.annotator(), "a");
  ASSERT_EQ(r.ranks_size(), 2);
  EXPECT_EQ(r.ranks(1), 2u);
  EXPECT_EQ(r.idempotency_key(), "k");

  const grpc::Status unknown = ParseJsonBody(R"({"annotater":"a"})", &r);
  EXPECT_EQ(unknown.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(unknown.error_message().find("annotater"), std::string::npos)
      << unknown.error_message();
  EXPECT_NE(unknown.error_message().find("tourney.v1.SubmitJudgmentRequest"), std::string::npos);
  for (const char* bad : {R"({"ranks":"one"})", R"({"matchId":true})", R"({"annotator":[1]})",
                          R"({"annotator":)", "[]", "null", ""}) {
    EXPECT_EQ(ParseJsonBody(bad, &r).error_code(), grpc::StatusCode::INVALID_ARGUMENT) << bad;
  }
}

TEST(HttpJson, QueryFillsScalarFieldsByEitherName) {
  v1::GetLeaderboardRequest r;
  ASSERT_TRUE(ParseQuery({{"model", "bradley-terry"},
                          {"bootstrapReplicates", "100"},
                          {"confidence", "0.9"},
                          {"anytime", "false"},
                          {"seed", "7"}},
                         &r)
                  .ok());
  EXPECT_EQ(r.model(), "bradley-terry");
  EXPECT_EQ(r.bootstrap_replicates(), 100);
  EXPECT_DOUBLE_EQ(r.confidence(), 0.9);
  EXPECT_EQ(r.seed(), 7u);
  v1::GetLeaderboardRequest snake;
  ASSERT_TRUE(ParseQuery({{"bootstrap_replicates", "3"}}, &snake).ok());
  EXPECT_EQ(snake.bootstrap_replicates(), 3);

  v1::SubmitJudgmentRequest repeated;
  ASSERT_TRUE(ParseQuery({{"ranks", "2"}, {"ranks", "1"}}, &repeated).ok());
  ASSERT_EQ(repeated.ranks_size(), 2);
  EXPECT_EQ(repeated.ranks(0), 2u);
  EXPECT_EQ(repeated.ranks(1), 1u);
}

TEST(HttpJson, QueryRefusesUnknownRepeatedAndMistypedParameters) {
  v1::GetLeaderboardRequest r;
  const std::vector<std::pair<std::vector<std::pair<std::string, std::string>>, std::string>>
      kCases = {{{{"modle", "x"}}, "modle"},
                {{{"model", "a"}, {"model", "b"}}, "given twice"},
                {{{"anytime", "yes"}}, "true or false"},
                {{{"bootstrapReplicates", "many"}}, "the query is not a valid"},
                {{{"seed", "-1"}}, "the query is not a valid"}};
  for (const auto& [query, fragment] : kCases) {
    const grpc::Status s = ParseQuery(query, &r);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << fragment;
    EXPECT_NE(s.error_message().find(fragment), std::string::npos) << s.error_message();
  }
  v1::CreateCampaignRequest create;
  const grpc::Status message_field = ParseQuery({{"config", "x"}}, &create);
  EXPECT_NE(message_field.error_message().find("message field"), std::string::npos);
}

TEST(HttpJson, PrintsProto3JsonWithDefaultsAndInt64AsStrings) {
  v1::SubmitJudgmentResponse ack;
  ack.set_sequence(12);
  auto json = PrintJson(ack);
  ASSERT_TRUE(json.ok());
  // proto3 JSON writes 64-bit integers as strings, and this API writes zero fields too.
  EXPECT_EQ(*json, R"({"sequence":"12","committedUnixMs":"0"})");
  v1::NextMatchResponse match;
  match.set_match_id(uint64_t{1} << 40);
  match.add_systems("s1");
  json = PrintJson(match);
  ASSERT_TRUE(json.ok());
  EXPECT_NE(json->find(R"("matchId":"1099511627776")"), std::string::npos) << *json;
  EXPECT_NE(json->find(R"("systems":["s1"])"), std::string::npos) << *json;
}

}  // namespace
}  // namespace tourney::service
