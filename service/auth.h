// Bearer tokens for tourneyd: parsing the authorization metadata, issuing annotator tokens,
// and comparing tokens without leaking timing.
//
// Tokens are compared through their SHA-256 digests with a constant-time comparison, so
// neither the content nor the length of a stored token shows in response times. The
// server keeps only digests of annotator tokens.
// Thread safety: the functions are reentrant.
#ifndef TOURNEY_SERVICE_AUTH_H_
#define TOURNEY_SERVICE_AUTH_H_

#include <string>
#include <string_view>

#include "tourney/core/status.h"

namespace tourney::service {

// Longest token accepted, in bytes.
inline constexpr size_t kMaxTokenBytes = 256;

// The token of an "authorization: Bearer <token>" metadata value; the scheme name is
// matched without regard to case ("bearer" is accepted). InvalidArgument when the
// value is not of that form or the token is empty, longer than kMaxTokenBytes, or holds
// characters outside printable ASCII.
StatusOr<std::string> ParseBearer(std::string_view authorization);

// 32 random bytes from the operating system's generator, as 64 lowercase hex characters.
// Internal when the generator fails.
StatusOr<std::string> NewToken();

// The raw 32-byte SHA-256 digest of `data`.
std::string Sha256(std::string_view data);

// Equal-length comparison whose time does not depend on where the inputs differ.
bool ConstantTimeEquals(std::string_view a, std::string_view b);

// Reads an admin token file: its content without surrounding whitespace. InvalidArgument
// when the token is shorter than 16 bytes or not printable ASCII; IoError when unreadable.
StatusOr<std::string> ReadTokenFile(const std::string& path);

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_AUTH_H_
