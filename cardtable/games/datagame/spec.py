"""Reading a game file: the strict YAML loader, the JSON Schema (cards/game.schema.json), then the
references between its parts (zones, patterns, moves, steps), each mistake at file:line:col with
its key and a "did you mean" where a name is close to a known one.

Where game files are found: the bundled ones in cards/games/*.yaml, and a designer's own in the
user folder's `games/` (CARDTABLE_HOME/games in tests). Adding one edits no shared file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from cardtable.cardsets.suggest import did_you_mean
from cardtable.cardsets.yamlfile import LoadError, Problem, format_key_path, locate, read_yaml
from cardtable.resources import cards_dir

PREDICATE_ZONES = ("empty", "not_empty", "count", "empty_groups")
RESERVED_MOVES = ("pick", "stop", "use")  # the moves of an effect's choice and of a window
REFUSAL_VALUES: dict[str, tuple[str, ...]] = {  # a move's `refuse:` words: the values each may name
    "step": (),
    "pay": (),
    "cost": ("cost", "paid", "pile"),
    "empty": ("pile",),
    "full": ("held",),
    "not_full": (),
    "take": ("low", "high"),
    "cheaper": ("paid",),
    "same_cost": (),
    "count": (),
    "field": (),
    "same": (),
    "consecutive": (),
}


def schema_file() -> Path:
    """The JSON Schema of game files."""
    return Path(str(cards_dir().joinpath("game.schema.json")))


def game_files() -> list[Path]:
    """The bundled game files, then the designer's own (user folder `games/`), each sorted by name."""
    bundled = Path(str(cards_dir().joinpath("games")))
    found = sorted(bundled.glob("*.yaml")) if bundled.is_dir() else []
    from cardtable.persistence.files import user_folders

    own = user_folders().cardsets.parent / "games"
    if own.is_dir():
        found += sorted(own.glob("*.yaml"))
    return found


def split_game_files(paths: list[Path]) -> tuple[list[Path], list[Path]]:
    """(the game files among `paths`, the rest): a folder's *.yaml are looked at one by one, and a
    file is a game file when its data has `turn:` and `moves:` and no `cards:`. A file that does not
    read stays with the rest, whose check says why."""
    games: list[Path] = []
    rest: list[Path] = []
    for path in paths:
        files = sorted(path.glob("*.yaml")) if path.is_dir() else [path]
        split = [f for f in files if _looks_like_game(f)]
        games += split
        if path.is_dir():
            if len(split) < len(files):
                rest.append(path) if not split else rest.extend(f for f in files if f not in split)
        elif not split:
            rest.append(path)
    return games, rest


def _looks_like_game(path: Path) -> bool:
    try:
        data, _ = read_yaml(path)
    except LoadError:
        return False
    return isinstance(data, dict) and "turn" in data and "moves" in data and "cards" not in data


def game_problems(paths: list[Path]) -> list[Problem]:
    """Every problem of every game file, in file order."""
    found: list[Problem] = []
    for path in paths:
        try:
            load_game(path)
        except LoadError as exc:
            found.extend(exc.problems)
    return found


def load_game(path: str | Path) -> dict[str, Any]:
    """A game file's data, checked; LoadError with every problem at file:line:col otherwise."""
    file = str(path)
    data, root = read_yaml(path)
    found = _schema_problems(data)
    try:
        found += references(data)
        found += hook_problems(data, path)
    except (KeyError, TypeError, AttributeError):
        pass  # a shape the schema refused already: its references are checked once it is mended
    if not found:
        found += _anchor_cardset(data, Path(path))
    problems = [Problem(file, *locate(root, key), format_key_path(key), msg) for key, msg in found]
    if problems:
        raise LoadError(sorted(problems))
    return data  # type: ignore[no-any-return]


def _anchor_cardset(data: dict[str, Any], game_file: Path) -> list[tuple[list[str | int], str]]:
    """The file's `cardset:` made to name a file that exists, whatever folder `cardtable` runs in: a
    relative path is read from the game file's own folder (never the current directory), and a set
    that is not there is a problem of the game file, said by `validate` and not first at load."""
    from cardtable.cardsets.catalog import named_path

    value = str(data["cardset"])
    target = named_path(value)
    if target != Path(value).expanduser():  # a bundled set's name
        if target.is_file():
            return []
        return [(["cardset"], f"no bundled card set is named {value!r} (give a set file's path instead)")]
    if not target.is_absolute():
        target = (game_file.parent / target).resolve()
        data["cardset"] = str(target)
    if not target.is_file():
        return [(["cardset"], f"no card set file at {target}")]
    return []


def _schema_problems(data: Any) -> list[tuple[list[str | int], str]]:
    from jsonschema import Draft7Validator

    schema = json.loads(schema_file().read_bytes().decode("utf-8"))
    out: list[tuple[list[str | int], str]] = []
    for error in Draft7Validator(schema).iter_errors(data):
        path = list(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            known = list(error.schema.get("properties", {}))
            for key in error.instance:
                if key not in known:
                    out.append((path + [key], f"unknown key {key!r}{did_you_mean(key, known)}"))
            continue
        if error.validator == "enum" and isinstance(error.instance, str):
            known = [str(v) for v in error.validator_value]
            hint = did_you_mean(error.instance, known) or f" (one of {', '.join(known)})"
            out.append((path, f"{error.instance!r} is not a known value{hint}"))
            continue
        out.append((path, error.message))
    return out


def hook_problems(data: dict[str, Any], path: str | Path) -> list[tuple[list[str | int], str]]:
    """Every `hook:` the file names that its game's own Python package does not have (a file outside
    the bundled games has none: nothing a user shares runs as code)."""
    from .hooks import hooks_for, where

    known = list(hooks_for(str(data["id"]), path))
    out: list[tuple[list[str | int], str]] = []

    def walk(value: Any, at: list[str | int]) -> None:
        if isinstance(value, dict):
            hook = value.get("hook")
            if isinstance(hook, str) and hook not in known:
                hint = did_you_mean(hook, known) or f" (hooks are looked for in {where(str(data['id']))})"
                out.append(([*at, "hook"], f"no hook named {hook!r}{hint}"))
            for key, item in value.items():
                walk(item, [*at, key])
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, [*at, i])

    for key in ("setup", "moves", "end", "effects", "start_of_turn", "end_of_turn", "rounds"):
        walk(data.get(key), [key])
    return out


def references(data: dict[str, Any]) -> list[tuple[list[str | int], str]]:
    """Every name the file uses that it does not define, with the key path it stands at."""
    zones, patterns, moves = list(data["zones"]), list(data.get("patterns", {})), list(data["moves"])
    counters = list(data.get("counters", {}))
    out: list[tuple[list[str | int], str]] = []

    def need(value: str, known: list[str], what: str, path: list[str | int]) -> None:
        if value not in known:
            out.append((path, f"no {what} named {value!r}{did_you_mean(value, known)}"))

    need(data["deck"], zones, "zone", ["deck"])
    if "box" in zones:
        out.append(
            (["zones", "box"], "`box` is the zone of cards out of play every game has; name yours otherwise")
        )
    if data["players"]["min"] > data["players"]["max"]:
        out.append((["players", "min"], "min is above max"))
    for name, z in data["zones"].items():
        if isinstance(z.get("groups"), list) and z["owner"] != "table":
            out.append((["zones", name, "groups"], "named piles belong to a table zone (`owner: table`)"))
    for name, c in data.get("counters", {}).items():
        if isinstance(c.get("start"), str):
            need(c["start"], list(data.get("params", {})), "parameter", ["counters", name, "start"])
    params = data.get("params", {})
    for name, p in params.items():
        default = p["default"]
        if "choices" in p and default not in p["choices"]:
            out.append((["params", name, "default"], f"the default is not one of {', '.join(p['choices'])}"))
        elif isinstance(default, int) and not isinstance(default, bool):
            if "min" not in p or "max" not in p:
                out.append((["params", name], "a number parameter needs `min:` and `max:`"))
            elif not p["min"] <= default <= p["max"]:
                out.append((["params", name, "default"], "the default is outside min..max"))
        elif isinstance(default, str) and "choices" not in p:
            out.append((["params", name], "a word parameter needs `choices:`"))

    def params_named(value: Any, at: list[str | int]) -> None:  # `rounds_played: NAME`
        if isinstance(value, dict):
            if isinstance(value.get("rounds_played"), str):
                need(value["rounds_played"], list(params), "parameter", [*at, "rounds_played"])
            if isinstance(value.get("param"), str) and "equals" in value:  # `{param: NAME, equals: V}`
                need(value["param"], list(params), "parameter", [*at, "param"])
                p = params.get(value["param"])
                if p is not None:
                    allowed = p.get("choices") or ([True, False] if isinstance(p["default"], bool) else None)
                    if allowed is not None and value["equals"] not in allowed:
                        words = ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in allowed)
                        out.append(
                            (
                                [*at, "equals"],
                                f"{value['equals']!r} is not a value of {value['param']} ({words})",
                            )
                        )
            for key, item in value.items():
                params_named(item, [*at, key])
        elif isinstance(value, list):
            for i, item in enumerate(value):
                params_named(item, [*at, i])

    params_named({k: v for k, v in data.items() if k != "params"}, [])
    first = data.get("rounds", {}).get("first")
    if first not in (None, "fixed", "alternate"):
        need(first, list(params), "parameter", ["rounds", "first"])
        if first in params and set(params[first].get("choices", [])) != {"fixed", "alternate"}:
            out.append((["rounds", "first"], "its parameter's choices are fixed and alternate"))
        if name == "cardset":
            out.append(
                (["params", name], "`cardset` is every game's parameter already; name yours otherwise")
            )
    for key in ("zone", "from") if "refill" in data else ():
        need(data["refill"][key], zones, "zone", ["refill", key])
    for i, step in enumerate(data.get("setup", [])):
        for verb, arg in step.items():
            if verb == "shuffle":
                need(arg, zones, "zone", ["setup", i, verb])
            elif verb == "hook":
                pass  # hook_problems checks it
            elif verb == "each_player":
                _effect_refs(arg, ["setup", i, verb], data, zones, counters, moves, need, out, chooses=None)
            elif verb == "split" and arg["to"] in zones and not data["zones"][arg["to"]].get("groups"):
                out.append((["setup", i, verb, "to"], "a split goes to a zone with `groups:`"))
            elif verb == "blind_pick":
                out += _blind_pick_problems(data, arg, ["setup", i, verb], need)
            else:
                need(arg["from"], zones, "zone", ["setup", i, verb, "from"])
                need(arg["to"], zones, "zone", ["setup", i, verb, "to"])
    for name, m in data["moves"].items():
        if name in RESERVED_MOVES:
            out.append(
                (["moves", name], f"`{name}` is the name of an effect's choice; name the move otherwise")
            )
        if m["verb"] == "buy" and "price" not in m:
            out.append((["moves", name], "a buy move needs `price: {field, counter}`"))
        if "price" in m and "amount" not in m["price"] and m.get("from") in data["zones"]:
            if data["zones"][m["from"]]["visibility"] in ("hidden", "owner"):
                out.append(
                    (
                        ["moves", name, "price"],
                        "a face-down pile's price cannot read its hidden top card: give `amount:` (N, or pile)",
                    )
                )
        if m.get("price", {}).get("amount") == "pile":
            groups = data["zones"].get(m.get("from"), {}).get("groups")
            if not isinstance(groups, list) or not all(str(g).isdigit() for g in groups):
                out.append(
                    (
                        ["moves", name, "price", "amount"],
                        '`amount: pile` needs piles named by numbers (`groups: ["0", "5"]`)',
                    )
                )
        if "replace" in m:
            need(m["replace"]["to"], zones, "zone", ["moves", name, "replace", "to"])
            if isinstance(m["replace"]["at"], str):
                need(
                    m["replace"]["at"],
                    list(data.get("params", {})),
                    "parameter",
                    ["moves", name, "replace", "at"],
                )
            if m["verb"] != "buy" or "cards" not in m.get("price", {}):
                out.append((["moves", name, "replace"], "`replace:` belongs to a buy paid with cards"))
        least = m.get("take", {}).get("at_least")
        if isinstance(least, dict):
            _param_number_refs(least, params, need, out, ["moves", name, "take", "at_least"])
        for key, said in m.get("refuse", {}).items():
            for language, words in said.items():
                for part in re.findall(r"\{(\w+)\}", str(words)):
                    if part not in REFUSAL_VALUES[key]:
                        known = ", ".join("{" + v + "}" for v in REFUSAL_VALUES[key]) or "none"
                        out.append(
                            (
                                ["moves", name, "refuse", key, language],
                                f"no value {{{part}}} here (known: {known})",
                            )
                        )
        if m["verb"] == "exchange" and "cards" not in m.get("price", {}):
            out.append((["moves", name], "an exchange needs `price: {field, cards}` (the card it pays)"))
        for key, known, what in (
            ("counter", counters, "counter"),
            ("cards", zones, "zone"),
            ("to", zones, "zone"),
        ):
            if key in m.get("price", {}):
                need(m["price"][key], known, what, ["moves", name, "price", key])
        for counter in m.get("pay", {}):
            need(counter, counters, "counter", ["moves", name, "pay", counter])
        for key in ("from", "to", "with_top"):
            if key in m:
                need(m[key], zones, "zone", ["moves", name, key])
        for key in ("from", "to") if m["verb"] != "pass" else ():
            if key not in m:
                out.append((["moves", name], f"a {m['verb']} move needs `{key}:`"))
        for j, p in enumerate(m.get("pattern", [])):
            need(p, patterns, "pattern", ["moves", name, "pattern", j])
        if m["verb"] in ("meld", "lay_off", "place") and not m.get("pattern"):
            out.append((["moves", name], f"a {m['verb']} move needs `pattern:`"))
        if (
            m["verb"] in ("meld", "lay_off")
            and "to" in m
            and not data["zones"].get(m["to"], {}).get("groups")
        ):
            out.append((["moves", name, "to"], f"a {m['verb']} goes to a zone with `groups:`"))
        _predicate_refs(m.get("when", []), ["moves", name, "when"], zones, counters, moves, need)
        for key in ("before", "effects"):
            _effect_refs(m.get(key, []), ["moves", name, key], data, zones, counters, moves, need, out, None)
    for i, step in enumerate(data["turn"]):
        for j, move in enumerate(step["moves"]):
            need(move, moves, "move", ["turn", i, "moves", j])
    for i, rule in enumerate(data["end"]):
        _predicate_refs(rule["when"], ["end", i, "when"], zones, counters, moves, need)
    hints = data.get("table", {})
    if "hand" in hints:
        need(hints["hand"], zones, "zone", ["table", "hand"])
    for i, zone in enumerate(hints.get("order", [])):
        need(zone, zones, "zone", ["table", "order", i])
    for key in ("from", "to") if "draw" in data else ():
        need(data["draw"][key], zones, "zone", ["draw", key])
    for code, effects in data.get("effects", {}).items():
        _effect_refs(effects, ["effects", code], data, zones, counters, moves, need, out, chooses=[0])
    for key in ("start_of_turn", "end_of_turn"):
        _effect_refs(data.get(key, []), [key], data, zones, counters, moves, need, out, chooses=None)
    for key in ("start", "end"):
        effects = data.get("rounds", {}).get(key, [])
        _effect_refs(effects, ["rounds", key], data, zones, counters, moves, need, out, chooses=None)
    _commit_refs(data, moves, need, out)
    out += _tally_problems(data, need)
    for i, term in enumerate(data.get("score", [])):
        if "zone" in term:
            need(term["zone"], zones, "zone", ["score", i, "zone"])
        if "counter" in term:
            need(term["counter"], counters, "counter", ["score", i, "counter"])
        if ("sum" in term) != ("zone" in term) or ("zone" in term) == ("counter" in term):
            out.append((["score", i], "a score term is `sum: FIELD` with `zone:`, or `counter:`"))
    return out


def _tally_problems(data: dict[str, Any], need: Any) -> list[tuple[list[str | int], str]]:
    """Every `tally:` names one of the file's `tallies:`, and counts only cards that land where
    everyone sees them (a tally is public: it must not tell what a hidden move moved)."""
    tallies, zones = list(data.get("tallies", {})), data["zones"]
    reserved = {"counters", "step", "turns", "round", "priority", "timing", "end_reason", "choice", "chosen"}
    out: list[tuple[list[str | int], str]] = []
    for name in tallies:
        if name in reserved:
            out.append(
                (["tallies", name], f"{name!r} is a key of every view's data; name the tally otherwise")
            )

    def public(zone: Any, at: list[str | int]) -> None:
        if zone in zones and zones[zone]["visibility"] != "public":
            out.append((at, f"a tally counts only cards moved into a public zone ({zone} is not)"))

    for move, m in data["moves"].items():
        for key, name in m.get("tally", {}).items():
            need(name, tallies, "tally", ["moves", move, "tally", key])
            lands = m.get("to") if key == "taken" else m.get("price", {}).get("to", m.get("to"))
            public(lands, ["moves", move, "tally", key])

    def walk(value: Any, at: list[str | int]) -> None:
        if isinstance(value, dict):
            for verb in ("gain", "move"):
                if isinstance(value.get(verb), dict) and "tally" in value[verb]:
                    need(value[verb]["tally"], tallies, "tally", [*at, verb, "tally"])
                    public(value[verb].get("to"), [*at, verb, "tally"])
            for key, item in value.items():
                walk(item, [*at, key])
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, [*at, i])

    for key in ("setup", "moves", "effects", "start_of_turn", "end_of_turn", "rounds"):
        walk(data.get(key), [key])
    return out


def _blind_pick_problems(
    data: dict[str, Any], arg: dict[str, Any], at: list[str | int], need: Any
) -> list[tuple[list[str | int], str]]:
    """A blind pick takes from a face-down pile (of named piles: `pile:` names one) into each
    player's own zone; its moves are `pick to N`, so no card of the file may ask a choice (`pick
    CODE`), and a setup has one blind pick."""
    zones = data["zones"]
    need(arg["from"], list(zones), "zone", [*at, "from"])
    need(arg["to"], list(zones), "zone", [*at, "to"])
    out: list[tuple[list[str | int], str]] = []
    source, target = zones.get(arg["from"]), zones.get(arg["to"])
    if source is not None:
        piles = source.get("groups")
        if source["visibility"] != "hidden":
            out.append(([*at, "from"], "a blind pick takes from a face-down (`visibility: hidden`) zone"))
        if isinstance(piles, list) and str(arg.get("pile")) not in [str(p) for p in piles]:
            out.append(([*at, "pile"], f"name one of its piles: {', '.join(str(p) for p in piles)}"))
        elif not isinstance(piles, list) and "pile" in arg:
            out.append(([*at, "pile"], "`pile:` names a pile of a zone of named piles"))
    if target is not None and target["owner"] != "each":
        out.append(([*at, "to"], "a blind pick goes to each player's own zone (`owner: each`)"))
    at_most = arg.get("redo", {}).get("at_most")
    if isinstance(at_most, str):
        need(at_most, list(data.get("params", {})), "parameter", [*at, "redo", "at_most"])
    if sum(1 for step in data.get("setup", []) if "blind_pick" in step) > 1 and at[1] != next(
        i for i, step in enumerate(data["setup"]) if "blind_pick" in step
    ):
        out.append((at, "a setup has one blind pick"))
    if '"choose"' in json.dumps(data.get("effects", {})):
        out.append(
            (
                at,
                "a blind pick's moves are `pick to N`: a card's choice (`choose:`, `pick CODE`) cannot share them",
            )
        )
    return out


def _param_number_refs(
    value: dict[str, Any],
    params: dict[str, Any],
    need: Any,
    out: list[tuple[list[str | int], str]],
    at: list[str | int],
) -> None:
    """`{param: NAME, map: {VALUE: N}}`: the parameter exists and each of its values is mapped."""
    need(value["param"], list(params), "parameter", [*at, "param"])
    p = params.get(value["param"])
    if p is None:
        return
    values = p.get("choices") or ([True, False] if isinstance(p["default"], bool) else None)
    if values is None:
        out.append(([*at, "param"], "map a parameter of choices or true/false"))
        return
    keys = {str(k).lower() if isinstance(k, bool) else str(k) for k in value["map"]}
    for v in values:
        if (str(v).lower() if isinstance(v, bool) else str(v)) not in keys:
            out.append(
                ([*at, "map"], f"the value {str(v).lower() if isinstance(v, bool) else v} is not mapped")
            )


def _commit_refs(
    data: dict[str, Any], moves: list[str], need: Any, out: list[tuple[list[str | int], str]]
) -> None:
    """A `commit:` names moves of the file and stands only among a round's `end:` effects (where the
    round waits for every player's choice); a `window:` stands in a round's or a turn's start or end
    or a move's `effects:`, never for each player nor in a card's own effects (nothing may wait there)."""

    def walk(value: Any, at: list[str | int], commit_ok: bool, window_ok: bool) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("window"), dict) and not window_ok:
                out.append(
                    (
                        [*at, "window"],
                        "a window stands in a round's or turn's start or end, or a move's `effects:`, not for each player nor in a card's effects",
                    )
                )
            if isinstance(value.get("commit"), dict):
                if not commit_ok:
                    out.append(
                        ([*at, "commit"], "a commit stands in the round's `end:` effects (`rounds: {end}`)")
                    )
                for j, move in enumerate(value["commit"].get("moves", [])):
                    need(move, moves, "move", [*at, "commit", "moves", j])
            for key, item in value.items():
                inner = key not in ("each_player", "each_opponent")
                walk(item, [*at, key], commit_ok and inner, window_ok and inner)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, [*at, i], commit_ok, window_ok)

    walk(data.get("setup"), ["setup"], False, False)
    walk(data.get("effects"), ["effects"], False, False)
    _trigger_refs(data, out)
    for key in ("start_of_turn", "end_of_turn"):
        walk(data.get(key), [key], False, True)
    for name, m in data["moves"].items():
        walk(m.get("before"), ["moves", name, "before"], False, False)
        walk(m.get("effects"), ["moves", name, "effects"], False, True)
    rounds = data.get("rounds", {})
    walk(rounds.get("start"), ["rounds", "start"], False, True)
    walk(rounds.get("end"), ["rounds", "end"], True, True)


def _trigger_refs(data: dict[str, Any], out: list[tuple[list[str | int], str]]) -> None:
    """A `trigger:` stands in a move's `effects:` (not for each player): the cards it fires may ask a
    choice, which finishes that move once it is made."""

    def walk(value: Any, at: list[str | int], ok: bool) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("trigger"), dict) and not ok:
                out.append(([*at, "trigger"], "a trigger stands in a move's `effects:`"))
            for key, item in value.items():
                walk(item, [*at, key], ok and key not in ("each_player", "each_opponent"))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, [*at, i], ok)

    for key in ("setup", "effects", "start_of_turn", "end_of_turn", "rounds", "end"):
        walk(data.get(key), [key], False)
    for name, m in data["moves"].items():
        walk(m.get("before"), ["moves", name, "before"], False)
        walk(m.get("effects"), ["moves", name, "effects"], True)


def _predicate_refs(
    preds: list[dict[str, Any]],
    path: list[str | int],
    zones: list[str],
    counters: list[str],
    moves: list[str],
    need: Any,
) -> None:
    for i, p in enumerate(preds):
        for key in PREDICATE_ZONES:
            if isinstance(p.get(key), list):  # `count: [deck, discard]`: added up
                for j, zone in enumerate(p[key]):
                    need(zone, zones, "zone", [*path, i, key, j])
            elif key in p:
                need(p[key], zones, "zone", [*path, i, key])
        if "counter" in p:
            need(p["counter"], counters, "counter", [*path, i, "counter"])
        if "made" in p:
            need(p["made"], moves, "move", [*path, i, "made"])


def _effect_refs(
    effects: list[dict[str, Any]],
    path: list[str | int],
    data: dict[str, Any],
    zones: list[str],
    counters: list[str],
    moves: list[str],
    need: Any,
    out: list[tuple[list[str | int], str]],
    chooses: list[int] | None,
) -> None:
    """The names an effect list uses; a `choose` only in a card's own effects (once a card), never
    for another player (`each_opponent`)."""
    for i, effect in enumerate(effects):
        here = [*path, i]
        if "again" in effect and effect["again"] not in [str(st["step"]) for st in data["turn"]]:
            out.append(([*here, "again"], f"no step named {effect['again']!r}"))
        if "look_at" in effect:
            need(effect["look_at"], zones, "zone", [*here, "look_at"])
        if "window" in effect:
            w = effect["window"]
            for key in ("zone", "to"):
                need(w[key], zones, "zone", [*here, "window", key])
            for timing, preds in w["timings"].items():
                _predicate_refs(
                    preds or [], [*here, "window", "timings", timing], zones, counters, moves, need
                )
        for key in ("gain", "move", "choose", "choose_pile", "trigger"):
            for end in ("from", "to", "zone"):
                if key in effect and end in effect[key]:
                    need(effect[key][end], zones, "zone", [*here, key, end])
        for key in ("choose_pile", "choose_value"):
            c = effect.get(key)
            if isinstance(c, dict) and (c["move"] in data["moves"] or c["move"] in RESERVED_MOVES):
                said = f"{c['move']!r} is a move already; name the choice otherwise"
                out.append(([*here, key, "move"], said))
        if isinstance(effect.get("choose_value"), dict):
            c = effect["choose_value"]
            for value in c.get("names", {}):
                if value not in c["values"]:
                    said = f"{value!r} is not one of the values{did_you_mean(str(value), list(c['values']))}"
                    out.append(([*here, "choose_value", "names", value], said))
        if "choose_pile" in effect:
            c = effect["choose_pile"]
            z = data["zones"].get(c["from"], {})
            if z and (z.get("owner") != "table" or not isinstance(z.get("groups"), list)):
                out.append(
                    ([*here, "choose_pile", "from"], "a pile is chosen from a table zone of named piles")
                )
        for key in ("add", "set"):
            for counter in effect.get(key, {}):
                need(counter, counters, "counter", [*here, key, counter])
        if "draw" in effect and "draw" not in data:
            out.append(([*here, "draw"], "a draw effect needs the file's `draw: {from, to}`"))
        if "gain" in effect and "from" not in effect["gain"]:
            if not any(m["verb"] == "buy" for m in data["moves"].values()):
                out.append(([*here, "gain"], "gain from which zone? give `from:` (no buy move names one)"))
        if "choose" in effect or "choose_pile" in effect or "choose_value" in effect:
            if chooses is None:
                out.append(([*here, "choose"], "a choice belongs to a card's own effects (`effects:`)"))
            else:
                chooses[0] += 1
                if chooses[0] > 1:
                    out.append(([*here, "choose"], "a card's effects make one choice at most"))
        if "if" in effect:
            _predicate_refs(effect["if"], [*here, "if"], zones, counters, moves, need)
        if "each_player" in effect:
            _effect_refs(
                effect["each_player"], [*here, "each_player"], data, zones, counters, moves, need, out, None
            )
        for key in ("then", "else"):
            _effect_refs(effect.get(key, []), [*here, key], data, zones, counters, moves, need, out, chooses)
        _effect_refs(
            effect.get("each_opponent", []),
            [*here, "each_opponent"],
            data,
            zones,
            counters,
            moves,
            need,
            out,
            None,
        )


def card_fields(data: dict[str, Any]) -> tuple[str, ...]:
    """The card fields a game file reads (its patterns, prices, score, card names and hand order):
    `cardtable validate` warns about a field of its card set that nothing reads, and these are read."""
    import re

    found: set[str] = set()
    for pattern in data.get("patterns", {}).values():
        found.update(str(pattern[k]) for k in ("field", "same", "consecutive") if k in pattern)
    for effects in data.get("effects", {}).values():
        for effect in effects:
            for key in ("choose_pile", "trigger"):
                if isinstance(effect.get(key), dict) and "field" in effect[key]:
                    found.add(str(effect[key]["field"]))
    for m in data["moves"].values():
        for effect in m.get("effects", []):
            if isinstance(effect.get("trigger"), dict):
                found.add(str(effect["trigger"].get("field", "on")))
    for step in data.get("setup", []):
        if "same" in step.get("blind_pick", {}).get("redo", {}):
            found.add(str(step["blind_pick"]["redo"]["same"]))
    for move in data["moves"].values():
        if "price" in move:
            found.add(str(move["price"]["field"]))
    found.update(str(term["sum"]) for term in data.get("score", []) if "sum" in term)
    naming = data.get("card_name", {})
    found.update(re.findall(r"\{(\w+)\}", str(naming.get("format", ""))))
    found.update(str(f) for f in data.get("table", {}).get("sort", []))
    return tuple(sorted(found))
