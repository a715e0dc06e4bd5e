"""The conditional-request rules of SPEC §5.2, as schemathesis checks on lasso serve (loaded by .ci/schemathesis.sh).

Each check asks the server again after one of schemathesis's requests and fails when the answer breaks a rule:
- a 200 to GET …/configs?version= (or …/events?version=, …/hooks?version=) with an ETag: asked again with If-None-Match naming that tag (bare, weak, in a list
  or `*`) it is 304 with the same ETag and Cache-Control and no body;
- a 200 or 201 to a PUT: the same body with If-Match naming the revision it reached is "unchanged" at that revision;
  with If-Match naming another revision it is 412 carrying the stored revision; the list shows the config (or event
  definition, or hook config) at it, under the key the route's last segment names.
"""

import json
import os

import requests
import schemathesis

TOKEN = os.environ["LASSO_SCHEMATHESIS_TOKEN"]


def _url(case, path):
    return case.operation.base_url.rstrip("/") + path


@schemathesis.check
def conditional_get(ctx, response, case):
    if case.operation.method.upper() != "GET" or not case.operation.path.endswith(("/configs", "/events", "/hooks")):
        return None
    if response.status_code != 200 or "version" not in (case.query or {}):
        return None
    etag = (response.headers.get("etag") or [None])[0]
    if etag is None:
        raise AssertionError(f"a 200 to GET {case.operation.path}?version= has no ETag")
    url = response.request.url
    for header in (etag, "W/" + etag, '"other", ' + etag, "*"):
        again = requests.get(url, headers={"If-None-Match": header}, timeout=10)
        if again.status_code != 304:
            raise AssertionError(f"If-None-Match: {header} gave {again.status_code}, expected 304")
        if again.headers.get("ETag") != etag or again.headers.get("Cache-Control") != "public, max-age=60":
            raise AssertionError(f"the 304 to If-None-Match: {header} lacks the ETag or Cache-Control: {again.headers}")
        if again.content:
            raise AssertionError("a 304 has a body")
    other = requests.get(url, headers={"If-None-Match": '"not-the-tag"'}, timeout=10)
    if other.status_code != 200 or other.headers.get("ETag") != etag:
        raise AssertionError(f"If-None-Match naming another tag gave {other.status_code}, expected 200 with {etag}")
    return None


@schemathesis.check
def conditional_put(ctx, response, case):
    if case.operation.method.upper() != "PUT" or response.status_code not in (200, 201):
        return None
    revision = json.loads(response.content)["revision"]
    if response.headers.get("etag") is None:
        raise AssertionError("a successful PUT has no ETag")
    url = response.request.url
    body = response.request.body
    auth = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}
    same = requests.put(url, data=body, headers={**auth, "If-Match": str(revision)}, timeout=10)
    if same.status_code != 200 or same.json().get("result") != "unchanged" or same.json().get("revision") != revision:
        raise AssertionError(f"the same PUT with If-Match: {revision} gave {same.status_code} {same.text}")
    for stale in (revision + 1, 0 if revision > 0 else 7):
        refused = requests.put(url, data=body, headers={**auth, "If-Match": f'"{stale}"'}, timeout=10)
        if refused.status_code != 412 or refused.json().get("revision") != revision:
            raise AssertionError(f"If-Match: {stale} on revision {revision} gave {refused.status_code} {refused.text}")
    collection = url.rsplit("/", 1)[0]
    listing = requests.get(collection, timeout=10).json()
    config_id = url.rsplit("/", 1)[1]
    key = collection.rsplit("/", 1)[1].split("?")[0]
    stored = [c for c in listing[key] if c["id"] == requests.utils.unquote(config_id)]
    if [c["revision"] for c in stored] != [revision]:
        raise AssertionError(f"the list shows {stored} for a config just written at revision {revision}")
    return None
