// The edge between the engine's Leaderboard (tourney/core/leaderboard.h) and the schema's
// tourney.v1.Leaderboard: conversion both ways, field for field (an engine std::optional is
// a proto3 `optional`), and the proto3 JSON mapping the CLI prints and reads.
// Thread safety: functions are reentrant.
#ifndef TOURNEY_PROTO_LEADERBOARD_PROTO_H_
#define TOURNEY_PROTO_LEADERBOARD_PROTO_H_

#include <string>
#include <string_view>

#include <google/protobuf/message.h>

#include "tourney/core/leaderboard.h"
#include "tourney/core/status.h"
#include "tourney/v1/leaderboard.pb.h"

namespace tourney {

// The message for `board`; FromProto(ToProto(b)) equals b.
v1::Leaderboard ToProto(const Leaderboard& board);

// The engine value of `message`.
Leaderboard FromProto(const v1::Leaderboard& message);

// Proto3 JSON of any message: original field names, every primitive field printed,
// indented (the CLI's --format json).
std::string ToJson(const google::protobuf::Message& message);

// The JSON of ToProto(board).
std::string LeaderboardJson(const Leaderboard& board);

// Parses a leaderboard from its proto3 JSON (unknown fields are an error). Returns
// InvalidArgument naming the parser's complaint for text that is not one.
StatusOr<Leaderboard> ParseLeaderboardJson(std::string_view json);

}  // namespace tourney

#endif  // TOURNEY_PROTO_LEADERBOARD_PROTO_H_
