#!/usr/bin/env python3
"""The architecture as docs/contributing.md's Layout section states it, checked on the source tree.

- engine/ includes no protobuf, gRPC, render/ or flags/ header;
- each engine role includes only the roles it may (engine/README.md), and the table of which
  may include which draws no circle between roles (so neither do the includes it admits);
- render/ and flags/ include no gRPC header; render/ no cli/ or service/ one;
- tourneyd (service/) includes nothing from cli/, nor from the engine's experiments/ (the
  harnesses are a library of their own, tourney_experiments, that service/ does not link);
- the Python package (python/) builds on the engine only: its bindings include nothing from
  cli/, service/, flags/ or proto/, and nothing outside python/ includes its headers;
- no source file (.cc/.h outside tests/, and python/'s .py files) is over 650 lines.
Exit status 0 when all hold, 1 with one line per violation otherwise.
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
ENGINE_ALLOWED = {
    "core": {"core"},
    "ingest": {"core", "ingest"},
    "models": {"core", "models"},
    # The classical statistics: bootstrap, clustering, agreement, stability, correlations,
    # evaluation. It knows nothing of the official procedures or the sequential boards.
    "statistics": {"core", "models", "statistics"},
    # The official procedures of WMT and the peer platforms (DA, MQM, ESA, Pearmut) and their
    # boards: built on the classical statistics, never on the sequential boards.
    "protocols": {"core", "models", "statistics", "protocols"},
    # Confidence sequences, the anytime boards, planned looks and group sequential boundaries.
    "sequential": {"core", "models", "statistics", "sequential"},
    "selection": {"core", "models", "statistics", "protocols", "sequential", "selection"},
    "sampling": {"core", "sampling"},
    # The live campaign state machines (pairwise and scoring) that the service wraps: on top of
    # the selectors, the sampling designs and the boards they serve.
    "campaigns": {"core", "models", "statistics", "protocols", "sequential", "selection",
                  "sampling", "campaigns"},
    "nbest": {"core", "ingest", "models", "statistics", "nbest"},
    # The simulators, benchmarks and studies: on top of every role, and no role below uses them.
    "experiments": {"core", "ingest", "models", "statistics", "protocols", "sequential",
                    "selection", "sampling", "campaigns", "nbest", "experiments"},
}
ROLES = "|".join(ENGINE_ALLOWED)
MAX_LINES = 650


def sources(folder, suffixes=(".h", ".cc")):
    for dirpath, _, files in os.walk(os.path.join(ROOT, folder)):
        for name in files:
            if name.endswith(suffixes):
                yield os.path.join(dirpath, name)


def includes(path):
    with open(path, encoding="utf-8") as f:
        return INCLUDE.findall(f.read())


def role_of_include(inc):
    m = re.match(
        rf"(?:tourney/)?({ROLES})/", inc)
    return m.group(1) if m else None


def role_circles(allowed):
    """The roles on a circle of `allowed` (a role including itself aside), sorted."""
    done, on_path, circles = set(), [], set()

    def visit(role):
        if role in on_path:
            circles.update(on_path[on_path.index(role):])
            return
        if role in done:
            return
        on_path.append(role)
        for other in sorted(allowed.get(role, set()) - {role}):
            visit(other)
        on_path.pop()
        done.add(role)

    for role in sorted(allowed):
        visit(role)
    return sorted(circles)


def main():
    problems = []
    circle = role_circles(ENGINE_ALLOWED)
    if circle:
        problems.append(f"tests/layout_test.py: the engine roles {', '.join(circle)} may include "
                        "each other in a circle")
    for path in sources("engine"):
        rel = os.path.relpath(path, os.path.join(ROOT, "engine"))
        parts = rel.split(os.sep)
        role = parts[2] if parts[0] == "include" else parts[0]
        for inc in includes(path):
            if inc.startswith(("google/protobuf", "grpc", "grpcpp", "render/", "flags/", "proto/")) \
                    or inc.endswith(".pb.h"):
                problems.append(f"engine/{rel}: includes {inc} (the engine is pure computation)")
            other = role_of_include(inc)
            if other and other not in ENGINE_ALLOWED.get(role, set()):
                problems.append(f"engine/{rel}: role {role} includes {inc} ({other})")
    for folder in ("render", "flags"):
        for path in sources(folder):
            for inc in includes(path):
                if inc.startswith(("grpc", "grpcpp")) or inc.endswith(".grpc.pb.h"):
                    problems.append(f"{os.path.relpath(path, ROOT)}: includes {inc}")
    for path in sources("service"):
        for inc in includes(path):
            if inc.startswith("cli/") or inc in ("common.h", "commands.h"):
                problems.append(f"{os.path.relpath(path, ROOT)}: includes the CLI's {inc}")
            if role_of_include(inc) == "experiments":
                problems.append(f"{os.path.relpath(path, ROOT)}: includes the experiments' {inc}")
    service_cmake = os.path.join(ROOT, "service", "CMakeLists.txt")
    if os.path.exists(service_cmake):
        with open(service_cmake, encoding="utf-8") as f:
            if "tourney_experiments" in f.read():
                problems.append("service/CMakeLists.txt: names tourney_experiments "
                                "(tourneyd does not link the experiment harnesses)")
    for path in sources("python"):
        for inc in includes(path):
            if inc.startswith(("cli/", "service/", "flags/", "proto/")) or inc == "common.h" \
                    or inc.endswith(".pb.h"):
                problems.append(f"{os.path.relpath(path, ROOT)}: includes {inc} (the bindings "
                                "build on the engine only)")
    for folder in ("engine", "render", "flags", "proto", "cli", "service", "bench"):
        for path in sources(folder):
            for inc in includes(path):
                if inc.startswith(("bindings/", "python/")):
                    problems.append(f"{os.path.relpath(path, ROOT)}: includes the Python "
                                    f"package's {inc}")
    for folder in ("engine", "render", "flags", "proto", "cli", "service", "bench", "python"):
        for path in sources(folder, (".h", ".cc", ".py")):
            with open(path, encoding="utf-8") as f:
                n = sum(1 for _ in f)
            if n > MAX_LINES:
                problems.append(f"{os.path.relpath(path, ROOT)}: {n} lines (over {MAX_LINES})")
    for p in problems:
        print(p)
    print(f"layout: {len(problems)} problem(s)")
    return 1 if problems else 0


def self_test():
    """The checker catches each kind of violation in a small tree made here."""
    import tempfile
    global ROOT
    saved = ROOT
    with tempfile.TemporaryDirectory() as tree:
        files = {
            "engine/core/a.cc": '#include "grpcpp/grpcpp.h"\n',
            "engine/models/b.cc": '#include "tourney/campaigns/campaign.h"\n',
            "engine/include/tourney/statistics/c.h": '#include "render/svg_plot.h"\n',
            "engine/selection/ok.cc": '#include "tourney/models/elo.h"\n',
            "engine/statistics/k.cc": '#include "tourney/protocols/da_scores.h"\n',
            "engine/include/tourney/protocols/l.h": '#include "tourney/sequential/planned_look.h"\n',
            "engine/sequential/m.cc": '#include "tourney/protocols/wmt_da_clusters.h"\n',
            "engine/protocols/ok_board.cc": '#include "tourney/statistics/clustering.h"\n',
            "engine/sequential/ok_seq.cc": '#include "tourney/statistics/clustering.h"\n',
            "engine/selection/n.cc": '#include "tourney/campaigns/campaign.h"\n',
            "engine/include/tourney/sampling/o.h": '#include "tourney/campaigns/scoring_campaign.h"\n',
            "engine/campaigns/ok_camp.cc": '#include "tourney/selection/top_k.h"\n'
                                           '#include "tourney/sampling/design.h"\n'
                                           '#include "tourney/sequential/anytime_board.h"\n',
            "engine/selection/ok_board.cc": '#include "tourney/sequential/anytime_board.h"\n'
                                            '#include "tourney/protocols/da_scores.h"\n',
            "engine/sampling/f.cc": '#include "tourney/experiments/sampling_study.h"\n',
            "engine/include/tourney/selection/g.h": '#include "experiments/simulate.h"\n',
            "engine/experiments/ok_study.cc": '#include "tourney/sampling/design.h"\n'
                                              '#include "tourney/selection/top_k.h"\n'
                                              '#include "tourney/experiments/simulate.h"\n',
            "service/h.cc": '#include "tourney/experiments/battle_simulator.h"\n',
            "service/CMakeLists.txt": "target_link_libraries(s PUBLIC tourney_experiments)\n",
            "service/d.cc": '#include "common.h"\n',
            "render/e.cc": '#include <grpcpp/grpcpp.h>\n',
            "cli/long.cc": "int x;\n" * (MAX_LINES + 1),
            "python/bindings/i.cc": '#include "cli/common.h"\n',
            "python/bindings/ok_rank.cc": '#include "tourney/selection/rating_models.h"\n',
            "python/tourney/long.py": "x = 1\n" * (MAX_LINES + 1),
            "render/j.cc": '#include "bindings/dataset.h"\n',
        }
        for rel, text in files.items():
            path = os.path.join(tree, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        ROOT = tree
        import io
        import contextlib
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = main()
        ROOT = saved
    found = out.getvalue()
    expected = ["engine/core/a.cc", "engine/models/b.cc", "statistics/c.h", "service/d.cc",
                "render/e.cc", "cli/long.cc", "engine/sampling/f.cc", "selection/g.h",
                "service/h.cc", "service/CMakeLists.txt", "python/bindings/i.cc",
                "python/tourney/long.py", "render/j.cc", "engine/statistics/k.cc",
                "protocols/l.h", "engine/sequential/m.cc", "engine/selection/n.cc",
                "sampling/o.h"]
    missing = [e for e in expected if e not in found]
    if status != 1 or missing or "ok.cc" in found or "ok_study.cc" in found \
            or "ok_rank.cc" in found or "ok_board.cc" in found or "ok_seq.cc" in found \
            or "ok_camp.cc" in found \
            or role_circles({"a": {"a", "b"}, "b": {"a"}, "c": {"c"}}) != ["a", "b"] \
            or f"layout: {len(expected)} problem(s)" not in found:
        print("self-test failed:\n" + found)
        return 1
    print(f"layout self-test: {len(expected)} of {len(expected)} violations found")
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--self-test":
        sys.exit(self_test())
    sys.exit(main())
