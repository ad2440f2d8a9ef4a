#include "http_json.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/json_util.h>

#include <map>

namespace tourney::service {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

// The length of the well-formed UTF-8 sequence at the start of `s` (RFC 3629: no overlong
// forms, no surrogates, nothing past U+10FFFF); 0 when it is not one.
size_t Utf8SequenceLength(std::string_view s) {
  const auto b = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char c = b(0);
  if (c < 0x80) return 1;
  size_t n = 0;
  unsigned char lo = 0x80, hi = 0xbf;  // bounds of the second byte
  if (c >= 0xc2 && c <= 0xdf) {
    n = 2;
  } else if (c >= 0xe0 && c <= 0xef) {
    n = 3;
    if (c == 0xe0) lo = 0xa0;
    if (c == 0xed) hi = 0x9f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4;
    if (c == 0xf0) lo = 0x90;
    if (c == 0xf4) hi = 0x8f;
  } else {
    return 0;
  }
  if (s.size() < n || b(1) < lo || b(1) > hi) return 0;
  for (size_t i = 2; i < n; ++i) {
    if (b(i) < 0x80 || b(i) > 0xbf) return 0;
  }
  return n;
}

// The field of `type` a query parameter names: its proto name or its JSON name.
const FieldDescriptor* FindField(const Descriptor& type, const std::string& name) {
  for (int i = 0; i < type.field_count(); ++i) {
    const FieldDescriptor* f = type.field(i);
    if (f->name() == name || f->json_name() == name) return f;
  }
  return nullptr;
}

grpc::Status Invalid(std::string message) {
  return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, std::move(message));
}

grpc::Status ParseJson(std::string_view json, std::string_view what,
                       google::protobuf::Message* message) {
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(json.data(), json.size()), message, options);
  if (status.ok()) return grpc::Status::OK;
  // The parser's first line says what is wrong; the lines after it point at the place
  // with a caret, which a JSON string shows badly.
  const std::string_view said(status.message().data(), status.message().size());
  return Invalid(std::string(what) + " is not a valid " + message->GetTypeName() +
                 " in proto3 JSON: " + std::string(said.substr(0, said.find('\n'))));
}

}  // namespace

int HttpStatusFor(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK:
      return 200;
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::OUT_OF_RANGE:
      return 400;
    case grpc::StatusCode::UNAUTHENTICATED:
      return 401;
    case grpc::StatusCode::PERMISSION_DENIED:
      return 403;
    case grpc::StatusCode::NOT_FOUND:
      return 404;
    case grpc::StatusCode::ALREADY_EXISTS:
    case grpc::StatusCode::ABORTED:
      return 409;
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
      return 429;
    case grpc::StatusCode::CANCELLED:
      return 499;
    case grpc::StatusCode::UNIMPLEMENTED:
      return 501;
    case grpc::StatusCode::UNAVAILABLE:
      return 503;
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return 504;
    default:  // UNKNOWN, INTERNAL, DATA_LOSS
      return 500;
  }
}

std::string JsonString(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size() + 2);
  out.push_back('"');
  while (!text.empty()) {
    const unsigned char c = static_cast<unsigned char>(text.front());
    const size_t n = Utf8SequenceLength(text);
    if (n == 0) {
      out += "\xef\xbf\xbd";  // U+FFFD for a byte that starts no UTF-8 sequence
      text.remove_prefix(1);
      continue;
    }
    if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\u00";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    } else {
      out.append(text.substr(0, n));
    }
    text.remove_prefix(n);
  }
  out.push_back('"');
  return out;
}

std::string ErrorJson(int http_status, std::string_view status, std::string_view message) {
  return "{\"error\":{\"code\":" + std::to_string(http_status) +
         ",\"status\":" + JsonString(status) + ",\"message\":" + JsonString(message) + "}}";
}

grpc::Status ParseJsonBody(std::string_view json, google::protobuf::Message* message) {
  return ParseJson(json, "the body", message);
}

grpc::Status ParseQuery(const std::vector<std::pair<std::string, std::string>>& query,
                        google::protobuf::Message* message) {
  const Descriptor& type = *message->GetDescriptor();
  // Each field's JSON value, in the order of the query (a repeated field's values together).
  std::map<const FieldDescriptor*, std::vector<std::string>> values;
  for (const auto& [name, text] : query) {
    const FieldDescriptor* field = FindField(type, name);
    const std::string quoted = "query parameter " + JsonString(name);
    if (!field) {
      return Invalid(quoted + " is not a field of " + type.full_name());
    }
    if (field->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
      return Invalid(quoted + " names a message field; send it in a POST body");
    }
    std::vector<std::string>& given = values[field];
    if (!field->is_repeated() && !given.empty()) return Invalid(quoted + " is given twice");
    if (field->cpp_type() == FieldDescriptor::CPPTYPE_BOOL) {
      if (text != "true" && text != "false") return Invalid(quoted + " must be true or false");
      given.push_back(text);
    } else {
      // Numbers, enums, strings and bytes as JSON strings: proto3 JSON takes numbers quoted,
      // and the parser checks each value against its field's type.
      given.push_back(JsonString(text));
    }
  }
  std::string json = "{";
  for (const auto& [field, given] : values) {
    if (json.size() > 1) json.push_back(',');
    json += JsonString(field->json_name()) + ":";
    if (!field->is_repeated()) {
      json += given.front();
      continue;
    }
    json.push_back('[');
    for (size_t i = 0; i < given.size(); ++i) json += (i ? "," : "") + given[i];
    json.push_back(']');
  }
  json.push_back('}');
  return ParseJson(json, "the query", message);
}

StatusOr<std::string> PrintJson(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.always_print_primitive_fields = true;
  std::string out;
  const auto status = google::protobuf::util::MessageToJsonString(message, &out, options);
  if (!status.ok()) {
    return Internal("the response " + message.GetTypeName() +
                    " cannot be written as JSON: " + std::string(status.message()));
  }
  return out;
}

}  // namespace tourney::service
