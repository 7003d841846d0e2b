"""Property tests: a secret given anywhere a user may put one appears in no byte of the store, of stdout and
stderr, or of any file the command writes, whatever else the command line holds.

Places: the key variable (``OPENAI_API_KEY`` and a variable named by ``--api-key-env``), the key given by
mistake *as* ``--api-key-env``, credentials in ``--base-url`` / ``--judge-base-url``, backend options whose
names say they hold a secret (at the top level and nested inside ``extra_body``), and a filter or judge
spec naming a server. The command may run (exit 0) or refuse (exit 2, store unchanged); the secret never
lands anywhere.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from _fuzz import assert_unchanged, check_contract, copy_store, examples, invoke, store_bytes, workdir
from hypothesis import Phase, example, given, settings
from hypothesis import strategies as st
from test_fuzz_backends import KEY, ScriptedServer, assert_secret_absent


@pytest.fixture(scope="module")
def server() -> Any:
    s = ScriptedServer()
    s.response = (200, [], b'{"choices": [{"message": {"role": "assistant", "content": "Sure. {auth}"}}]}')
    yield s
    s.close()


SECRET_NAMES = ("api_key", "token", "password", "auth", "secret", "Authorization", "bearer_token", "client-secret")

TOP_LEVEL_PLACES = ("env", "named_env", "as_env_name", "base_url", "judge_base_url", "option")
NESTED_PLACES = ("extra_body", "extra_body_deep")


def _place(place: str, secret: str, server: ScriptedServer, name: str) -> tuple[list[str], dict[str, str | None]]:
    """(extra CLI args, environment) that give ``secret`` in ``place``."""
    url = server.base_url
    creds = url.replace("http://", f"http://user:{secret}@")
    if place == "env":
        return [], {"OPENAI_API_KEY": secret}
    if place == "named_env":
        return ["--api-key-env", "FUZZ_KEY"], {"FUZZ_KEY": secret}
    if place == "as_env_name":
        return ["--api-key-env", secret], {}
    if place == "base_url":
        return ["--base-url", creds], {}
    if place == "judge_base_url":
        return ["--judge", "llm:openai/m", "--judge-base-url", creds], {}
    if place == "option":
        return ["--backend-option", f"{name}={secret}"], {}
    if place == "extra_body":
        return ["--backend-option", "extra_body=" + json.dumps({name: secret})], {}
    if place == "extra_body_deep":
        return ["--backend-option", "extra_body=" + json.dumps({"metadata": {"user": {name: secret}}})], {}
    raise AssertionError(place)


def _check(
    base: Any, scratch: Path, server: ScriptedServer, places: list[str], secret: str, name: str, command: str
) -> None:
    with workdir(scratch) as work:
        store = copy_store(base.store, work)
        args = ["run", "--model", "openai/m", "--suite", str(base.suite), "--limit", "2", "--judge", "rules"]
        if command == "ablate":
            args = ["ablate", "--model", "openai/m", "--suite", str(base.suite), "--limit", "2", "--judge", "rules"]
        env: dict[str, str | None] = {}
        for place in places:
            extra, more = _place(place, secret, server, name)
            if command == "ablate" and place == "judge_base_url":
                continue
            args += extra
            env.update(more)
        if "--base-url" not in args:
            args += ["--base-url", server.base_url]
        if "--judge-base-url" in args:
            args.remove("rules")
            args.remove("--judge")
        args += ["--max-retries", "0", "--timeout", "2", "--json", "--store", str(store)]
        before = store_bytes(store)
        o = invoke(args, work, env=env)
        check_contract(o)
        if o.exit_code == 2:
            assert_unchanged(before, store, o)
        assert_secret_absent(secret, o, store)
        store_blob = b"".join(store_bytes(store).values())
        assert secret.encode() not in store_blob, f"the key is in the store\n{o.describe()}"


@settings(max_examples=examples(40))
@given(
    places=st.sets(st.sampled_from(TOP_LEVEL_PLACES), min_size=1, max_size=2).map(sorted),
    secret=KEY,
    name=st.sampled_from(SECRET_NAMES),
    command=st.sampled_from(["run", "run", "ablate"]),
)
# Found by this property: credentials in --base-url and a key given as --api-key-env were stored with the run
# (and the URL printed in the --json summary), exit 0.
@example(places=["base_url"], secret="sk-fzREGRESSIONkey12345678", name="api_key", command="run")
@example(places=["judge_base_url"], secret="sk-fzREGRESSIONkey12345678", name="api_key", command="run")
@example(places=["as_env_name"], secret="sk-fzREGRESSIONkey12345678", name="api_key", command="ablate")
def test_a_secret_given_anywhere_is_stored_and_shown_nowhere(
    base: Any, scratch: Path, server: ScriptedServer, places: list[str], secret: str, name: str, command: str
) -> None:
    _check(base, scratch, server, places, secret, name, command)


@settings(max_examples=examples(10), phases=(Phase.explicit, Phase.generate))
@given(place=st.sampled_from(NESTED_PLACES), secret=KEY, name=st.sampled_from(SECRET_NAMES))
def test_a_secret_nested_in_an_option_is_stored_and_shown_nowhere(
    base: Any, scratch: Path, server: ScriptedServer, place: str, secret: str, name: str
) -> None:
    _check(base, scratch, server, [place], secret, name, "run")
