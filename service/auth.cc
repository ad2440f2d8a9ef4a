#include "auth.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <fstream>
#include <sstream>

namespace tourney::service {
namespace {

bool PrintableAscii(std::string_view s) {
  for (char c : s) {
    if (c <= 0x20 || c >= 0x7f) return false;
  }
  return true;
}

std::string_view Trim(std::string_view s) {
  const char* ws = " \t\r\n";
  const size_t b = s.find_first_not_of(ws);
  if (b == std::string_view::npos) return {};
  const size_t e = s.find_last_not_of(ws);
  return s.substr(b, e - b + 1);
}

}  // namespace

StatusOr<std::string> ParseBearer(std::string_view authorization) {
  // The scheme name is case-insensitive (RFC 9110, section 11.1): "bearer" and "BEARER"
  // are "Bearer".
  constexpr std::string_view kScheme = "bearer";
  bool scheme_matches =
      authorization.size() > kScheme.size() && authorization[kScheme.size()] == ' ';
  for (size_t i = 0; scheme_matches && i < kScheme.size(); ++i) {
    const char c = authorization[i];
    scheme_matches = (c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c) == kScheme[i];
  }
  if (!scheme_matches) {
    return InvalidArgument("authorization metadata must be 'Bearer <token>'");
  }
  const std::string_view token = authorization.substr(kScheme.size() + 1);
  if (token.empty() || token.size() > kMaxTokenBytes || !PrintableAscii(token)) {
    return InvalidArgument("bearer token must be 1.." + std::to_string(kMaxTokenBytes) +
                           " printable ASCII characters");
  }
  return std::string(token);
}

StatusOr<std::string> NewToken() {
  unsigned char bytes[32];
  if (RAND_bytes(bytes, sizeof(bytes)) != 1) {
    return Internal("the random number generator failed to produce a token");
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string token;
  token.reserve(64);
  for (unsigned char b : bytes) {
    token.push_back(kHex[b >> 4]);
    token.push_back(kHex[b & 15]);
  }
  return token;
}

std::string Sha256(std::string_view data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_Digest(data.data(), data.size(), digest, &len, EVP_sha256(), nullptr);
  return std::string(reinterpret_cast<const char*>(digest), len);
}

bool ConstantTimeEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  }
  return diff == 0;
}

StatusOr<std::string> ReadTokenFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return IoError(path + ": cannot read the token file");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string content = ss.str();
  const std::string_view token = Trim(content);
  if (token.size() < 16 || token.size() > kMaxTokenBytes || !PrintableAscii(token)) {
    return InvalidArgument(path + ": the token must be 16.." + std::to_string(kMaxTokenBytes) +
                           " printable ASCII characters without spaces");
  }
  return std::string(token);
}

}  // namespace tourney::service
