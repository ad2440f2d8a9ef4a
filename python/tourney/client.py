"""A client for tourneyd's JSON API over HTTP (docs/http.md), with the standard library only,
so that it works with any python3, without the extension module or gRPC stubs.

    from tourney.client import Client
    admin = Client("http://127.0.0.1:8080", token=open("admin.token").read().strip())
    created = admin.create_campaign({"name": "demo", "systems": ["A", "B", "C"], "k": 3,
                                     "segments": [{"id": 1, "document": "d1"}]})
    links = admin.add_annotators(created["campaignId"], ["ann1"])["links"]
    annotator = admin.with_token(links[0]["token"])      # good for "ann1" only
    match = annotator.next_match(created["campaignId"], "ann1")
    annotator.submit_judgment(created["campaignId"], match["matchId"], "ann1", [1, 2, 2])
    admin.leaderboard(created["campaignId"], model="bradley-terry")

Requests and answers are the proto3 JSON messages of proto/tourney/v1 (camelCase fields,
64-bit integers as strings). A non-2xx answer raises HttpError with the server's status
and message.
"""

import json
import urllib.error
import urllib.parse
import urllib.request


class HttpError(Exception):
    """An error answer: ``http_status`` (400, 404, ...), ``status`` (the gRPC code's name,
    "FAILED_PRECONDITION") and ``message`` (the server's words)."""

    def __init__(self, http_status, status, message):
        super().__init__(f"{http_status} {status}: {message}")
        self.http_status = http_status
        self.status = status
        self.message = message


class Client:
    """One server and one bearer token (admin or a campaign's annotator token). Each call is
    one HTTP request; a Client holds no connection and may be shared by threads."""

    def __init__(self, url, token=None, timeout=60.0):
        self.url = url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def with_token(self, token):
        """The same server with another token."""
        return Client(self.url, token, self.timeout)

    def _call(self, method, path, body=None, query=None):
        url = self.url + path
        if query:
            url += "?" + urllib.parse.urlencode(
                {k: (str(v).lower() if isinstance(v, bool) else v)
                 for k, v in query.items() if v is not None})
        data = None if method == "GET" else json.dumps(body or {}).encode("utf-8")
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if self.token:
            request.add_header("Authorization", "Bearer " + self.token)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as e:
            text = e.read()
            try:
                error = json.loads(text)["error"]
                raise HttpError(e.code, error.get("status", ""), error.get("message", "")) from None
            except (ValueError, KeyError, TypeError):
                raise HttpError(e.code, "", text.decode("utf-8", "replace")) from None

    # Campaigns (admin token).
    def create_campaign(self, config, **fields):
        """POST /v1/campaigns: {"campaignId", "annotatorToken"} (the shared token only with
        config "enrolment": "ENROLMENT_OPEN"; else mint links with add_annotators)."""
        return self._call("POST", "/v1/campaigns", dict(fields, config=config))

    def create_scoring_campaign(self, config, **fields):
        return self._call("POST", "/v1/campaigns:createScoring", dict(fields, config=config))

    def add_annotators(self, campaign_id, names=None, count=None):
        """POST /v1/campaigns/{id}/annotators: one link per name (or `count` generated
        names), {"links": [{"annotator", "token", "createdUnixMs"}]}."""
        body = {"names": list(names)} if names else {"count": count}
        return self._call("POST", f"/v1/campaigns/{campaign_id}/annotators", body)

    def annotators(self, campaign_id):
        return self._call("GET", f"/v1/campaigns/{campaign_id}/annotators")

    def revoke_annotator(self, campaign_id, annotator):
        return self._call("POST", f"/v1/campaigns/{campaign_id}/annotators:revoke",
                          {"annotator": annotator})

    def campaigns(self):
        return self._call("GET", "/v1/campaigns")

    def campaign(self, campaign_id):
        return self._call("GET", f"/v1/campaigns/{campaign_id}")

    def close(self, campaign_id):
        return self._call("POST", f"/v1/campaigns/{campaign_id}:close", {})

    # Annotating (the campaign's annotator token).
    def next_match(self, campaign_id, annotator, **fields):
        return self._call("POST", f"/v1/campaigns/{campaign_id}:nextMatch",
                          dict(fields, annotator=annotator))

    def submit_judgment(self, campaign_id, match_id, annotator, ranks, idempotency_key=None,
                        **fields):
        body = dict(fields, matchId=str(match_id), annotator=annotator, ranks=list(ranks))
        if idempotency_key is not None:
            body["idempotencyKey"] = idempotency_key
        return self._call("POST", f"/v1/campaigns/{campaign_id}:submitJudgment", body)

    def next_item(self, campaign_id, annotator, **fields):
        return self._call("POST", f"/v1/campaigns/{campaign_id}:nextItem",
                          dict(fields, annotator=annotator))

    def submit_score(self, campaign_id, **fields):
        return self._call("POST", f"/v1/campaigns/{campaign_id}:submitScore", fields)

    # Results (admin token).
    def leaderboard(self, campaign_id, **query):
        """GET /v1/campaigns/{id}/leaderboard?model=...&bootstrapReplicates=...: a
        tourney.v1.Leaderboard."""
        return self._call("GET", f"/v1/campaigns/{campaign_id}/leaderboard", query=query)

    def estimate(self, campaign_id, **query):
        return self._call("GET", f"/v1/campaigns/{campaign_id}/estimate", query=query)

    def export_judgments(self, campaign_id):
        return self._call("GET", f"/v1/campaigns/{campaign_id}/judgments")

    def export_scores(self, campaign_id):
        return self._call("GET", f"/v1/campaigns/{campaign_id}/scores")


def leaderboard_frame(board):
    """A leaderboard answer as a pandas DataFrame (columns as tourney.rank's, in camelCase
    as the server's JSON names them)."""
    import pandas as pd
    return pd.DataFrame(board.get("entries", []))
