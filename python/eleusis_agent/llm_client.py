"""The LLM agent's side of an OpenAI-compatible chat-completions endpoint:
the model file, requests with retries, usage and cost, and reading the
model's final JSON out of a reply that may reason first.

Standard library only. The model file is a small subset of YAML — `key:
value` lines, one nested level (`price:`), `#` comments, plain, quoted,
numeric and true/false/null scalars — read by our own parser, so that the
kit needs no package (PyYAML is not part of Python); anything outside the
subset is an error naming the file and line.
"""

from __future__ import annotations

import email.utils
import json
import os
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field, fields

# What a model file may hold (and the defaults). Keys are YAML's, names
# of the request's fields where they are one.
MODEL_KEYS = {
    "base_url": "the API's base URL, …/v1",
    "model": "the model's name at the provider",
    "key_env": "the environment variable that holds the API key (none for local servers)",
    "max_completion_tokens": "the reply's token limit, reasoning included (current OpenAI models)",
    "max_tokens": "the reply's token limit for servers that want the older name (not with max_completion_tokens)",
    "temperature": "sampling temperature (leave it out for reasoning models, which take only the default)",
    "reasoning_effort": "minimal, low, medium or high (reasoning models)",
    "price": "US$ per million tokens: prompt, completion (reasoning tokens are billed as completion)",
    "http_timeout": "seconds per HTTP request",
    "retries": "HTTP retries after a 429, a 5xx, a refused connection or a time-out",
    "backoff": "seconds before the first retry, doubled at each next one",
    "max_wait": "the longest wait before a retry, Retry-After included",
    "max_provider_errors": "consecutive failed requests (retries spent) after which the seat fails",
    "send_seed": "send the seat's seed for endpoints that sample reproducibly",
}


@dataclass
class Model:
    base_url: str = "https://api.openai.com/v1"
    model: str = ""
    key_env: str = ""
    key: str = ""  # read from key_env (or given on the command line)
    max_completion_tokens: int | None = None
    max_tokens: int | None = None
    temperature: float | None = None
    reasoning_effort: str | None = None
    price: dict = field(default_factory=dict)  # {"prompt": x, "completion": y}, US$ per 1e6 tokens
    http_timeout: float = 120.0
    retries: int = 4
    backoff: float = 1.0
    max_wait: float = 120.0
    max_provider_errors: int = 3
    send_seed: bool = True


class ModelFileError(ValueError):
    pass


def _scalar(text: str, where: str):
    t = text.strip()
    if t == "" or t in ("null", "~"):
        return None
    if t in ("true", "false"):
        return t == "true"
    if t[0] == '"':
        try:
            v = json.loads(t)
        except json.JSONDecodeError as e:
            raise ModelFileError(f"{where}: a bad double-quoted string: {e}") from None
        return v
    if t[0] == "'":
        if len(t) < 2 or t[-1] != "'":
            raise ModelFileError(f"{where}: an unclosed single-quoted string")
        return t[1:-1].replace("''", "'")
    if t[0] in "[{|>&*!%@`":
        raise ModelFileError(f"{where}: {t[0]!r} starts YAML the model file does not take (write key: value lines)")
    for conv in (int, float):
        try:
            return conv(t)
        except ValueError:
            pass
    return t


def _strip_comment(line: str) -> str:
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i]
    return line


def parse_yaml_subset(text: str, name: str) -> dict:
    """key: value lines with one nested level, as the module doc says."""
    out: dict = {}
    parent: dict | None = None
    for n, raw in enumerate(text.splitlines(), 1):
        where = f"{name}, line {n}"
        line = _strip_comment(raw).rstrip()
        if not line.strip():
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ModelFileError(f"{where}: a tab in the indentation (YAML takes spaces)")
        indent = len(line) - len(line.lstrip(" "))
        key, sep, value = line.strip().partition(":")
        if not sep or not key or " " in key.strip():
            raise ModelFileError(f"{where}: not a key: value line: {raw.strip()!r}")
        key = key.strip()
        if indent == 0:
            if value.strip():
                out[key], parent = _scalar(value, where), None
            else:
                parent = out[key] = {}
        elif parent is None:
            raise ModelFileError(f"{where}: an indented line under a key that has a value")
        else:
            parent[key] = _scalar(value, where)
    return out


def load_model(path: str, env=os.environ) -> Model:
    """Reads a model file; every key checked."""
    try:
        with open(path, encoding="utf-8") as f:
            raw = parse_yaml_subset(f.read(), path)
    except OSError as e:
        raise ModelFileError(f"model file {path}: {e.strerror}") from None
    m = Model()
    types = {f.name: f.type for f in fields(Model)}
    for k, v in raw.items():
        if k not in MODEL_KEYS:
            raise ModelFileError(f"model file {path}: unknown key {k!r} (it takes: {', '.join(MODEL_KEYS)})")
        if k == "price":
            if not isinstance(v, dict) or not set(v) <= {"prompt", "completion"} or not all(
                    isinstance(x, (int, float)) and not isinstance(x, bool) and x >= 0 for x in v.values()):
                raise ModelFileError(f"model file {path}: price takes prompt: and completion:, US$ per million tokens")
        elif v is not None and not _fits(v, types[k]):
            raise ModelFileError(f"model file {path}: {k} is {v!r}; it takes {types[k]}")
        setattr(m, k, v)
    if m.max_tokens is not None and m.max_completion_tokens is not None:
        raise ModelFileError(f"model file {path}: give max_completion_tokens or max_tokens, not both")
    if m.key_env:
        m.key = env.get(m.key_env, "")
        if not m.key:
            raise ModelFileError(f"model file {path}: key_env names {m.key_env}, which is not set")
    return m


def _fits(v, typ: str) -> bool:
    if "bool" in typ:
        return isinstance(v, bool)
    if "int" in typ:
        return isinstance(v, int) and not isinstance(v, bool) and v >= 0
    if "float" in typ:
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    return isinstance(v, str)


class ProviderError(Exception):
    """A request the endpoint did not answer usably, retries spent."""

    def __init__(self, message: str, attempts: int, latency: float):
        super().__init__(message)
        self.attempts, self.latency = attempts, latency


@dataclass
class Reply:
    text: str
    finish_reason: str
    usage: dict
    latency: float  # seconds, every attempt and wait included
    attempts: int  # HTTP requests made
    reasoning: str = ""  # the reasoning text the server returned (reasoning_content or reasoning), if any
    model: str = ""  # the responding model's id


def retry_after(value: str | None) -> float | None:
    """Seconds from a Retry-After header: a number, or an HTTP date."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


class Client:
    """Chat requests to one model; counts consecutive provider errors over
    the process's life (the seat fails after max_provider_errors)."""

    def __init__(self, m: Model, sleep=time.sleep):
        self.m, self.sleep = m, sleep
        self.consecutive_errors = 0

    def body(self, messages: list[dict], seed: int | None) -> dict:
        m = self.m
        b: dict = {"model": m.model, "messages": messages}
        for k in ("max_completion_tokens", "max_tokens", "temperature", "reasoning_effort"):
            if getattr(m, k) is not None:
                b[k] = getattr(m, k)
        if seed is not None and m.send_seed:
            b["seed"] = seed % (2**31)
        return b

    def chat(self, messages: list[dict], seed: int | None = None) -> Reply:
        m = self.m
        data = json.dumps(self.body(messages, seed)).encode()
        headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {m.key}"} if m.key else {})}
        t0, last = time.monotonic(), ""
        for attempt in range(m.retries + 1):
            wait = m.backoff * 2**attempt
            req = urllib.request.Request(m.base_url.rstrip("/") + "/chat/completions", data=data, headers=headers, method="POST")
            try:
                with urllib.request.urlopen(req, timeout=m.http_timeout) as resp:
                    obj = json.load(resp)
                text, finish, usage, reasoning = _read_choice(obj)
                self.consecutive_errors = 0
                model = obj.get("model") if isinstance(obj.get("model"), str) else ""
                return Reply(text, finish, usage, time.monotonic() - t0, attempt + 1, reasoning, model)
            except urllib.error.HTTPError as e:
                detail = e.read(300).decode(errors="replace")
                last = f"HTTP {e.code}: {detail.strip()}"
                if e.code != 429 and e.code < 500:  # the request itself is wrong: retrying cannot help
                    break
                ra = retry_after(e.headers.get("Retry-After"))
                if ra is not None:
                    wait = ra
            except (urllib.error.URLError, TimeoutError, OSError) as e:
                last = f"the endpoint failed: {getattr(e, 'reason', e)}"
            except (json.JSONDecodeError, UnicodeDecodeError, ProviderReplyError) as e:
                last = f"the endpoint's reply is not a chat completion: {e}"
            if attempt < m.retries:
                self.sleep(min(wait, m.max_wait))
        self.consecutive_errors += 1
        raise ProviderError(last, attempt + 1, time.monotonic() - t0)


class ProviderReplyError(ValueError):
    pass


def _read_choice(obj) -> tuple[str, str, dict, str]:
    """The reply's text, finish reason, usage and reasoning text: servers of
    reasoning models return it beside the content, as reasoning_content
    (DeepSeek, vLLM) or reasoning (OpenRouter, Ollama)."""
    try:
        choice = obj["choices"][0]
        msg = choice["message"]
        text = msg.get("content") or ""
    except (KeyError, IndexError, TypeError, AttributeError):
        raise ProviderReplyError(f"no choices[0].message: {str(obj)[:300]}") from None
    reasoning = ""
    for k in ("reasoning_content", "reasoning"):
        if isinstance(msg.get(k), str) and msg[k]:
            reasoning = msg[k]
            break
    usage = obj.get("usage") or {}
    return text, choice.get("finish_reason") or "", usage if isinstance(usage, dict) else {}, reasoning


def usage_meta(usage: dict, price: dict) -> dict:
    """Token counts (and the cost, when priced) from an OpenAI usage object."""
    def num(x):
        return x if isinstance(x, int) and not isinstance(x, bool) else 0

    details = usage.get("completion_tokens_details") or {}
    out = {"prompt_tokens": num(usage.get("prompt_tokens")), "completion_tokens": num(usage.get("completion_tokens")),
           "reasoning_tokens": num(details.get("reasoning_tokens") if isinstance(details, dict) else 0)}
    if price:
        out["cost_usd"] = (out["prompt_tokens"] * price.get("prompt", 0) + out["completion_tokens"] * price.get("completion", 0)) / 1e6
    return out


class BadReply(ValueError):
    """A reply that is not a usable answer; the text says why, for the model."""


def json_objects(text: str) -> list[dict]:
    """Every JSON object in text, outermost ones, in order."""
    dec, out, i = json.JSONDecoder(), [], 0
    while True:
        i = text.find("{", i)
        if i < 0:
            return out
        try:
            obj, end = dec.raw_decode(text, i)
        except json.JSONDecodeError:
            i += 1
            continue
        if isinstance(obj, dict):
            out.append(obj)
        i = end


def final_json(text: str, needs: str) -> dict:
    """The model's answer: the last JSON object of the reply that holds the
    key `needs` — a model may reason first, and quote examples on the way."""
    for obj in reversed(json_objects(text)):
        if needs in obj:
            return obj
    if json_objects(text):
        raise BadReply(f'the reply has no JSON object with "{needs}"')
    raise BadReply("the reply holds no JSON object")
