// The JSON side of tourneyd's HTTP API (http_api.h): proto3 JSON bodies in and out, request
// fields from a URL's query, and gRPC status codes as HTTP status codes with a JSON error
// body. docs/http.md documents what clients see.
// Thread safety: the functions are reentrant.
#ifndef TOURNEY_SERVICE_HTTP_JSON_H_
#define TOURNEY_SERVICE_HTTP_JSON_H_

#include <google/protobuf/message.h>
#include <grpcpp/support/status.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tourney/core/status.h"

namespace tourney::service {

// The HTTP status of a gRPC status code, as google/rpc/code.proto maps them: OK 200,
// INVALID_ARGUMENT, FAILED_PRECONDITION and OUT_OF_RANGE 400, UNAUTHENTICATED 401,
// PERMISSION_DENIED 403, NOT_FOUND 404, ALREADY_EXISTS and ABORTED 409, RESOURCE_EXHAUSTED
// 429, CANCELLED 499, UNIMPLEMENTED 501, UNAVAILABLE 503, DEADLINE_EXCEEDED 504; UNKNOWN,
// INTERNAL, DATA_LOSS and any other number 500.
int HttpStatusFor(grpc::StatusCode code);

// `text` as a JSON string literal, quotes included: '"' and '\' escaped, control characters
// as \uXXXX, and every byte sequence that is not UTF-8 replaced by U+FFFD, so that the
// result is always valid JSON whatever `text` holds.
std::string JsonString(std::string_view text);

// The error body {"error":{"code":<http_status>,"status":"<status>","message":"<message>"}}.
std::string ErrorJson(int http_status, std::string_view status, std::string_view message);

// Parses a proto3 JSON object into `message` (lowerCamelCase or proto field names; unknown
// fields, wrong types and malformed JSON refused). INVALID_ARGUMENT "the body is not a
// valid <type> in proto3 JSON: <what the parser says>" otherwise.
grpc::Status ParseJsonBody(std::string_view json, google::protobuf::Message* message);

// Fills `message` from a URL query, after the transcoding conventions: each parameter names
// a scalar field of `message` (proto or lowerCamelCase name) and gives its value, as text; a
// repeated field may be given several times. INVALID_ARGUMENT naming the parameter for an
// unknown name, a message field, a singular field given twice, or a value that is not of
// the field's type.
grpc::Status ParseQuery(const std::vector<std::pair<std::string, std::string>>& query,
                        google::protobuf::Message* message);

// `message` as proto3 JSON: lowerCamelCase names, 64-bit integers as strings, enums by
// name, and fields at their default value included. Internal when it cannot be printed.
StatusOr<std::string> PrintJson(const google::protobuf::Message& message);

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_HTTP_JSON_H_
