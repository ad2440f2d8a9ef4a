"""A Python client runs a small tourneyd campaign: the tourney.v1 protos are usable from
another language.

Stubs are generated from proto/ at test time into a temporary directory with the system
protoc and grpc_python_plugin (Debian's protobuf-compiler and protobuf-compiler-grpc), the
command docs/service.md gives, or else with grpc_tools.protoc (python3-grpc-tools); the
client uses Debian's python3-grpcio.
The server is the real tourneyd binary on 127.0.0.1 with a port chosen by the OS.

Usage: service_python_test.py --tourneyd PATH --proto-dir DIR
Exit status: 0 passed, 1 failed, 77 skipped (grpc or grpc_tools missing).
"""

import argparse
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

SKIP = 77
ADMIN_TOKEN = "python-admin-token-0123456789"


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def generate_stubs(proto_dir, out_dir):
    # The system protoc (protobuf-compiler) with gRPC's Python plugin
    # (protobuf-compiler-grpc) matches Debian's python3-protobuf runtime and knows proto3
    # `optional`; the protoc bundled with Debian 12's grpc_tools predates it.
    protoc = shutil.which("protoc")
    plugin = shutil.which("grpc_python_plugin")
    if protoc and plugin:
        result = subprocess.run(
            [protoc, "-I" + proto_dir, "--python_out=" + out_dir,
             "--grpc_python_out=" + out_dir, "--plugin=protoc-gen-grpc_python=" + plugin,
             "tourney/v1/content.proto", "tourney/v1/leaderboard.proto",
             "tourney/v1/tournament.proto"],
            capture_output=True, text=True)
        check(result.returncode == 0, "protoc failed: " + result.stderr)
    else:
        from grpc_tools import protoc as bundled  # noqa: imported here so a missing module skips

        args = [
            "grpc_tools.protoc",
            "-I" + proto_dir,
            "--python_out=" + out_dir,
            "--grpc_python_out=" + out_dir,
            "tourney/v1/content.proto",
            "tourney/v1/leaderboard.proto",
            "tourney/v1/tournament.proto",
        ]
        check(bundled.main(args) == 0, "protoc failed")
    # Old protoc versions do not write package __init__ files.
    for package in ("tourney", os.path.join("tourney", "v1")):
        init = os.path.join(out_dir, package, "__init__.py")
        if not os.path.exists(init):
            open(init, "w").close()


def start_server(tourneyd, work):
    token_file = os.path.join(work, "admin.token")
    with open(token_file, "w") as f:
        f.write(ADMIN_TOKEN + "\n")
    port_file = os.path.join(work, "port")
    log = open(os.path.join(work, "tourneyd.log"), "w")
    process = subprocess.Popen(
        [tourneyd, "--data-dir", os.path.join(work, "data"), "--admin-token-file", token_file,
         "--listen", "127.0.0.1:0", "--port-file", port_file, "--exit-with-parent"],
        stdout=log, stderr=log)
    for _ in range(300):
        if os.path.exists(port_file):
            with open(port_file) as f:
                text = f.read().strip()
            if text:
                return process, int(text)
        if process.poll() is not None:
            break
        time.sleep(0.1)
    process.kill()
    raise AssertionError("tourneyd did not start; see " + log.name)


def run_campaign(port):
    import grpc

    pb = importlib.import_module("tourney.v1.tournament_pb2")
    rpc = importlib.import_module("tourney.v1.tournament_pb2_grpc")
    channel = grpc.insecure_channel("127.0.0.1:%d" % port)
    grpc.channel_ready_future(channel).result(timeout=20)
    stub = rpc.TournamentStub(channel)
    admin = [("authorization", "Bearer " + ADMIN_TOKEN)]

    # Unauthenticated calls are refused.
    try:
        stub.CreateCampaign(pb.CreateCampaignRequest(), timeout=10)
        raise AssertionError("CreateCampaign without a token succeeded")
    except grpc.RpcError as e:
        check(e.code() == grpc.StatusCode.UNAUTHENTICATED, "expected UNAUTHENTICATED")

    systems = ["alpha", "bravo", "charlie", "delta"]
    config = pb.CampaignConfig(
        name="python", systems=systems, k=2, selector="uniform", seed=3,
        segments=[pb.Segment(id=i, document="doc") for i in range(8)],
        enrolment=pb.ENROLMENT_OPEN)  # the shared annotator token is used below
    created = stub.CreateCampaign(pb.CreateCampaignRequest(config=config), metadata=admin,
                                  timeout=10)
    check(created.campaign_id > 0 and len(created.annotator_token) == 64, "campaign created")
    annotator = [("authorization", "Bearer " + created.annotator_token)]

    # Hidden qualities: alpha > bravo > charlie > delta. Tally what is submitted.
    quality = {name: -i for i, name in enumerate(systems)}
    wins = {}
    seen_segments = set()
    for i in range(8):
        match = stub.NextMatch(pb.NextMatchRequest(campaign_id=created.campaign_id,
                                                   annotator="py"),
                               metadata=annotator, timeout=10)
        check(len(match.systems) == 2, "two systems per match")
        check(match.segment.id not in seen_segments, "segment repeated within a pass")
        seen_segments.add(match.segment.id)
        a, b = match.systems
        ranks = [1, 2] if quality[a] > quality[b] else [2, 1]
        winner, loser = (a, b) if ranks[0] == 1 else (b, a)
        wins[(winner, loser)] = wins.get((winner, loser), 0) + 1
        ack = stub.SubmitJudgment(
            pb.SubmitJudgmentRequest(campaign_id=created.campaign_id, match_id=match.match_id,
                                     annotator="py", ranks=ranks, idempotency_key="k%d" % i),
            metadata=annotator, timeout=10)
        check(ack.sequence == i + 1, "sequence %d, expected %d" % (ack.sequence, i + 1))
        # A different answer to the same match: ALREADY_EXISTS.
        try:
            stub.SubmitJudgment(
                pb.SubmitJudgmentRequest(campaign_id=created.campaign_id,
                                         match_id=match.match_id, annotator="py",
                                         ranks=list(reversed(ranks)), idempotency_key="k%d" % i),
                metadata=annotator, timeout=10)
            raise AssertionError("a second answer was accepted")
        except grpc.RpcError as e:
            check(e.code() == grpc.StatusCode.ALREADY_EXISTS, "expected ALREADY_EXISTS")

    # Bulk import through the client stream.
    def chunks():
        yield pb.ImportRankingsRequest(
            campaign_id=created.campaign_id,
            rankings=[pb.Ranking(systems=["alpha", "delta"], ranks=[1, 2], segment=1),
                      pb.Ranking(systems=["alpha", "zulu"], ranks=[1, 2], segment=2)])
    imported = stub.ImportRankings(chunks(), metadata=admin, timeout=10)
    check(imported.accepted == 1 and imported.rejected == 1, "import counts")
    check(imported.rejections[0].index == 1, "rejected index")
    wins[("alpha", "delta")] = wins.get(("alpha", "delta"), 0) + 1

    counts = stub.GetPairCounts(pb.GetPairCountsRequest(campaign_id=created.campaign_id),
                                metadata=admin, timeout=10)
    n = len(counts.systems)
    check(list(counts.systems) == systems, "system order")
    check(counts.rankings == 9, "rankings %d" % counts.rankings)
    for i, x in enumerate(systems):
        for j, y in enumerate(systems):
            check(counts.wins[i * n + j] == wins.get((x, y), 0),
                  "wins[%s][%s] = %d, expected %d" % (x, y, counts.wins[i * n + j],
                                                     wins.get((x, y), 0)))

    board = stub.GetLeaderboard(
        pb.GetLeaderboardRequest(campaign_id=created.campaign_id, model="expected-wins"),
        metadata=admin, timeout=10)
    check(len(board.entries) == 4, "four entries")
    check(board.rankings == 9, "nine rankings on the board")
    # Expected Wins from the tally: the mean over the opponents met in a decisive comparison
    # (an opponent never met is left out, not a loss), and how many those are.
    expected = {}
    met = {}
    for x in systems:
        total = 0.0
        met[x] = 0
        for y in systems:
            if x == y:
                continue
            w, l = wins.get((x, y), 0), wins.get((y, x), 0)
            if w + l:
                total += w / (w + l)
                met[x] += 1
        expected[x] = total / met[x] if met[x] else 0.5
    for entry in board.entries:
        check(abs(entry.score - expected[entry.system]) < 1e-12,
              "%s scored %r, expected %r" % (entry.system, entry.score, expected[entry.system]))
        check(entry.HasField("opponents") and entry.opponents == met[entry.system],
              "%s met %d opponents, expected %d" % (entry.system, entry.opponents,
                                                    met[entry.system]))

    # Health and reflection, as generic calls with raw protobuf bytes.
    health = channel.unary_unary("/grpc.health.v1.Health/Check",
                                 request_serializer=lambda x: x,
                                 response_deserializer=lambda x: x)
    check(health(b"", timeout=10) == b"\x08\x01", "health SERVING")
    reflection = channel.stream_stream(
        "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
        request_serializer=lambda x: x, response_deserializer=lambda x: x)
    # ServerReflectionRequest{list_services: ""} is field 7, length 0.
    replies = list(reflection(iter([b"\x3a\x00"]), timeout=10))
    check(any(b"tourney.v1.Tournament" in r for r in replies), "reflection lists the service")
    channel.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tourneyd", required=True)
    parser.add_argument("--proto-dir", required=True)
    args = parser.parse_args()
    try:
        import grpc  # noqa: F401
        import grpc_tools  # noqa: F401
    except ImportError as e:
        print("SKIPPED: %s (install python3-grpcio and python3-grpc-tools)" % e)
        return SKIP

    work = tempfile.mkdtemp(prefix="tourney_python_")
    process = None
    try:
        generate_stubs(args.proto_dir, work)
        sys.path.insert(0, work)
        process, port = start_server(args.tourneyd, work)
        run_campaign(port)
        process.terminate()
        check(process.wait(timeout=20) == 0, "tourneyd exited cleanly on SIGTERM")
        process = None
        print("1 passed, 0 failed")
        return 0
    except Exception:  # report any failure with its traceback
        traceback.print_exc()
        log = os.path.join(work, "tourneyd.log")
        if os.path.exists(log):
            print("--- tourneyd.log ---\n" + open(log).read())
        print("0 passed, 1 failed")
        return 1
    finally:
        if process is not None:
            process.kill()
            process.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
