"""tourney.client against a real tourneyd (build/bin/tourneyd --http-listen): a campaign
created, annotated and read back over HTTP, with the standard library alone."""

import os
import re
import subprocess
import sys
import time

import pytest

from conftest import BIN_DIR, ROOT

ADMIN_TOKEN = "python-client-admin-token-0123456789"


@pytest.fixture()
def server(tmp_path):
    tourneyd = os.path.join(BIN_DIR, "tourneyd")
    if not os.access(tourneyd, os.X_OK):
        pytest.skip(f"{tourneyd} not built")
    token = tmp_path / "admin.token"
    token.write_text(ADMIN_TOKEN + "\n")
    log = tmp_path / "tourneyd.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            [tourneyd, "--data-dir", str(tmp_path / "data"), "--admin-token-file", str(token),
             "--listen", "127.0.0.1:0", "--http-listen", "127.0.0.1:0", "--exit-with-parent"],
            stdout=out, stderr=out)
    try:
        for _ in range(300):
            found = re.search(r"HTTP API on (http://127\.0\.0\.1:\d+)/", log.read_text())
            if found:
                yield found.group(1)
                break
            if process.poll() is not None:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("tourneyd did not start: " + log.read_text())
    finally:
        process.terminate()
        process.wait(timeout=20)


# Runs in a fresh interpreter from the source tree, where the extension module is absent:
# the client needs nothing but the standard library.
CAMPAIGN = r"""
import json, sys
from tourney.client import Client, HttpError
admin = Client(sys.argv[1], token=sys.argv[2])
created = admin.create_campaign({"name": "py", "systems": ["A", "B", "C", "D"], "k": 2,
                                 "segments": [{"id": 1, "document": "d1"},
                                              {"id": 2, "document": "d1"}]})
campaign = created["campaignId"]
links = admin.add_annotators(campaign, ["ann1"])["links"]
assert [l["annotator"] for l in links] == ["ann1"], links
annotator = admin.with_token(links[0]["token"])
try:
    annotator.next_match(campaign, "someone-else")
    raise AssertionError("a link served another annotator name")
except HttpError as e:
    assert e.http_status == 403, e
quality = {"A": 4, "B": 3, "C": 2, "D": 1}
for i in range(40):
    match = annotator.next_match(campaign, "ann1")
    ranks = [1 if quality[s] == max(quality[t] for t in match["systems"]) else 2
             for s in match["systems"]]
    annotator.submit_judgment(campaign, match["matchId"], "ann1", ranks,
                              idempotency_key=f"ann1-{i}")
board = admin.leaderboard(campaign, model="expected-wins")
exported = admin.export_judgments(campaign)
try:
    annotator.leaderboard(campaign)
    denied = None
except HttpError as e:
    denied = (e.http_status, e.status)
try:
    admin.campaign(999)
    missing = None
except HttpError as e:
    missing = (e.http_status, e.status)
print(json.dumps({"order": [e["system"] for e in board["entries"]], "exported": len(exported),
                  "denied": denied, "missing": missing, "info": admin.campaign(campaign)}))
"""


def test_campaign_over_http(server):
    import json
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    done = subprocess.run([sys.executable, "-c", CAMPAIGN, server, ADMIN_TOKEN],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["order"] == ["A", "B", "C", "D"]
    assert result["exported"] == 40
    assert result["denied"] == [403, "PERMISSION_DENIED"]
    assert result["missing"] == [404, "NOT_FOUND"]
