"""The table-wide UI assets: kinsoku line breaking, the bundled Japanese font, card faces, sounds.

Runs headless: SDL's dummy video and audio drivers are chosen before pygame is imported.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import io  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import unicodedata  # noqa: E402
import wave  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from cardtable.rules.cards import CardSet, CardSpec, Text  # noqa: E402
from cardtable.ui import fonts, sound  # noqa: E402
from cardtable.ui.render.cardface import CardRenderer, card_height  # noqa: E402
from cardtable.ui.textlayout import HANGING, NO_END, NO_START, ORPHAN_MIN, is_cjk, wrap  # noqa: E402

# --- a standard 52 built in code, with the fields cards/standard52.yaml carries --------------------

RUNES = [
    ("種", "Seed"),
    ("芽", "Sprout"),
    ("風車", "Windmill"),
    ("炎", "Flame"),
    ("雫", "Droplet"),
    ("岩", "Rock"),
    ("言の葉", "Leaves of Words"),
    ("歯車", "Cogwheel"),
    ("月影", "Moonlight"),
    ("精霊", "Spirit"),
    ("旅人", "Wanderer"),
    ("巫女", "Shrine Maiden"),
    ("死神", "Reaper"),
]
SUITS = {
    "S": ("wind", "♠", "#1d1d24", "スペード", "風"),
    "C": ("earth", "♣", "#1d1d24", "クラブ", "地"),
    "H": ("fire", "♥", "#c3202e", "ハート", "火"),
    "D": ("water", "♦", "#c3202e", "ダイヤ", "水"),
}
LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def standard52(template: str = "playing_card") -> CardSet:
    cards = []
    for suit, (element, *_rest) in SUITS.items():
        for rank in range(1, 14):
            ja, en = RUNES[rank - 1]
            cards.append(
                CardSpec(
                    code=f"{suit}{LABELS.get(rank, rank)}",
                    name=Text(ja=ja, en=en),
                    fields={
                        "rank": rank,
                        "suit": suit,
                        "element": element,
                        "meaning": {"ja": "はじまり", "en": "beginning"},
                        "summon": {"ja": "山札から一枚引く。", "en": "Draw a card."},
                    },
                )
            )
    suits = {
        s: {
            "name": {"ja": name_ja, "en": s},
            "symbol": symbol,
            "element": element,
            "element_name": {"ja": element_ja, "en": element},
            "colour": colour,
        }
        for s, (element, symbol, colour, name_ja, element_ja) in SUITS.items()
    }
    return CardSet(
        id="standard52",
        title=Text(ja="標準52枚", en="Standard 52"),
        language="ja",
        template=template,
        cards=tuple(cards),
        meta={"suits": suits},
    )


def east_asian_width(text: str) -> int:
    """A font-free measure: two units for full-width characters, one for the rest."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


SAMPLES = [
    "この札を出したとき、山札から一枚引く。そのあと「言の葉」を一枚捨てる。",
    "ちょっと待って、キャッシュ！？ジョーカーはシャッフルしない。",
    "「精霊」と「死神」は、ゲーム終了時（最後の手番）に得点になる。",
    "歯車を二つ回す。ターン終了時、手札が三枚以下なら（ボーナス）二点。",
]


# --- kinsoku -------------------------------------------------------------------------------------

# From five full-width characters a line up. Narrower than the longest run that kinsoku glues together
# (シュ！？ is four) no layout can keep the rules, and the breaker has to cut.
KINSOKU_WIDTHS = range(10, 41)


@pytest.mark.parametrize("text", SAMPLES)
@pytest.mark.parametrize("width", KINSOKU_WIDTHS)
def test_a_line_never_starts_with_closing_punctuation_or_small_kana(text: str, width: int) -> None:
    lines = wrap(text, width, east_asian_width)
    assert "".join(lines) == text
    for line in lines[1:]:
        assert line[0] not in NO_START, (width, lines)
        assert line[0] not in "。、ゃっー」", (width, lines)


@pytest.mark.parametrize("text", SAMPLES)
@pytest.mark.parametrize("width", KINSOKU_WIDTHS)
def test_an_opening_bracket_never_ends_a_line(text: str, width: int) -> None:
    lines = wrap(text, width, east_asian_width)
    for line in lines[:-1]:
        assert line[-1] not in NO_END, (width, lines)
        assert not line.endswith("「")


@pytest.mark.parametrize("text", SAMPLES)
@pytest.mark.parametrize("width", KINSOKU_WIDTHS)
def test_only_hanging_punctuation_reaches_past_the_margin(text: str, width: int) -> None:
    for line in wrap(text, width, east_asian_width):
        assert east_asian_width(line.rstrip("".join(HANGING))) <= width


def test_a_full_stop_hangs_instead_of_dragging_a_character_down() -> None:
    # Five characters fill the line exactly; the 。 hangs past the margin rather than moving.
    assert wrap("あいうえお。かきく", 10, east_asian_width) == ["あいうえお。", "かきく"]


def test_a_few_japanese_characters_are_not_left_alone_on_the_last_line() -> None:
    """Seen under X: "ら。" alone under a full line of Setup's level help, "の枠）" under the held
    table's status. The greedy walk gives 'となに。' three characters of its own; the line above lends one."""
    assert wrap("あいうえおかきくけこさしすせそたちつてとなに。", 20, east_asian_width) == [
        "あいうえおかきくけこ",
        "さしすせそたちつて",
        "となに。",
    ]
    assert wrap("Draw two cards and then discard it", 31, east_asian_width)[-1] == "it", "Latin is left alone"


@pytest.mark.parametrize("text", SAMPLES)
@pytest.mark.parametrize("width", KINSOKU_WIDTHS)
def test_a_last_line_keeps_a_few_characters_where_the_line_above_can_spare_them(
    text: str, width: int
) -> None:
    lines = wrap(text, width, east_asian_width)
    if len(lines) < 2 or len(lines[-1]) >= ORPHAN_MIN:
        return
    above = lines[-2]
    # the line above spares Japanese from its end only while it keeps at least as many characters
    assert not (is_cjk(above[-1]) and len(above) >= 2 * ORPHAN_MIN + 2), (width, lines)


def test_small_kana_goes_down_with_the_character_before_it() -> None:
    assert wrap("あいうちょっと", 8, east_asian_width) == ["あいう", "ちょっと"]


def test_latin_words_and_numbers_are_kept_whole() -> None:
    lines = wrap("Draw 2 cards, then discard 12345 points of damage.", 14, east_asian_width)
    assert lines == ["Draw 2 cards,", "then discard", "12345 points", "of damage."]
    mixed = wrap("山札からSpiritを12345枚", 12, east_asian_width)
    assert all(("Spirit" in line) or ("Spi" not in line) for line in mixed)
    assert any("12345" in line for line in mixed)


def test_a_newline_from_the_yaml_always_breaks() -> None:
    assert wrap("種\nSeed", 100, east_asian_width) == ["種", "Seed"]
    assert wrap("一行目\n\n三行目", 100, east_asian_width) == ["一行目", "", "三行目"]
    assert wrap("", 100, east_asian_width) == []


def test_kinsoku_with_the_real_font() -> None:
    font = fonts.get_font(20)
    text = "この札を出したとき、山札から一枚引く。「精霊」を一枚捨てる。ちょっと待って。"
    for width in range(60, 400, 7):
        lines = fonts.wrap_text(font, text, width)
        assert "".join(lines) == text
        for line in lines[1:]:
            assert line[0] not in "。、ゃょっ」"
        for line in lines[:-1]:
            assert line[-1] != "「"


def test_a_paragraph_that_fits_whole_is_the_one_line_the_walk_gives() -> None:
    """wrap() takes a paragraph that fits as one line without walking it word by word (tables wrap a
    new log line or menu entry on every move): the line the walk gives, for texts the UI and the
    games say (300 of them, English and Japanese, drawn with a fixed seed), with the real font, at
    just the width the text takes and a pixel less, hanging 、。 or not."""
    import random

    from cardtable.ui.i18n import all_strings
    from cardtable.ui.textlayout import _visible, _walk_paragraph

    texts = {text for said in all_strings().values() for text in said.values()}
    paragraphs = sorted({p for text in texts for p in text.split("\n") if p.strip()})
    measure = fonts.measure_with(fonts.get_font(16))
    for paragraph in random.Random(26).sample(paragraphs, 300):
        for hang in (True, False):
            whole = measure(_visible(paragraph, hang))
            for width in (whole, whole - 1):
                walked = _walk_paragraph(paragraph, width, measure, hang)
                assert wrap(paragraph, width, measure, hang) == walked, (paragraph, width, hang)
                assert len(walked) == 1 or width < whole, (paragraph, walked)


def test_textlayout_does_not_import_pygame() -> None:
    code = "import sys, cardtable.ui.textlayout; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


# --- the font ------------------------------------------------------------------------------------


def test_the_font_comes_from_the_noto_package() -> None:
    source = fonts.font_source()
    assert not isinstance(source, bytes) and source.name == "NotoSansCJKjp-Regular.otf"
    assert source.stat().st_size > 1_000_000


def test_the_font_covers_the_card_text() -> None:
    font = fonts.get_font(24)
    sample = (
        "精霊 言の葉 死神 歯車 種 芽 風車 炎 雫 岩 月影 旅人 巫女 「」（）、。ー！？ぁゃっ ABCxyz 0123456789"
    )
    assert fonts.missing_glyphs(font, sample) == []
    # The check itself works: a private-use codepoint does come back as tofu.
    assert fonts.missing_glyphs(font, "種\ue123") == ["\ue123"]


def test_fonts_are_opened_once_per_size() -> None:
    assert fonts.get_font(18) is fonts.get_font(18)
    assert fonts.get_font(18) is not fonts.get_font(19)


def test_the_font_licence_carries_the_upstream_copyright() -> None:
    text = fonts.license_text()
    assert "(c) 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'" in text
    assert "SIL OPEN FONT LICENSE Version 1.1" in text


def test_render_lines_stacks_lines() -> None:
    font = fonts.get_font(16)
    one = fonts.render_lines(font, ["種"], (0, 0, 0))
    two = fonts.render_lines(font, ["種", "Seed"], (0, 0, 0), align="center")
    assert two.get_height() > one.get_height()
    assert two.get_flags() & pygame.SRCALPHA


# --- card faces ----------------------------------------------------------------------------------


def _distinct_colours(surface: pygame.Surface) -> int:
    data = pygame.image.tobytes(surface, "RGBA")
    return len({data[i : i + 4] for i in range(0, len(data), 4 * 7)})


@pytest.mark.parametrize("code", ["SA", "S7", "H10", "DQ", "CK", "C2", "D9"])
@pytest.mark.parametrize("width", [120, 600])
def test_a_face_renders_at_the_asked_size(code: str, width: int) -> None:
    cardset = standard52()
    face = CardRenderer(cardset).face(cardset.by_code()[code], width)
    assert face.get_size() == (width, round(width * 88 / 63)) == (width, card_height(width))
    assert face.get_flags() & pygame.SRCALPHA
    assert _distinct_colours(face) > 20
    # Rounded corners are transparent; the middle of the card is printed paper.
    assert face.get_at((0, 0)).a == 0
    assert face.get_at((width // 2, face.get_height() // 2)).a == 255


def test_faces_render_before_any_window_exists() -> None:
    assert pygame.display.get_surface() is None
    cardset = standard52()
    assert CardRenderer(cardset).face(cardset.cards[0], 90).get_width() == 90


def test_different_cards_look_different() -> None:
    cardset = standard52()
    renderer = CardRenderer(cardset)
    by_code = cardset.by_code()
    images = {pygame.image.tobytes(renderer.face(by_code[c], 150), "RGBA") for c in ("S2", "S3", "H2", "SK")}
    assert len(images) == 4


def test_faces_are_cached_per_code_and_width() -> None:
    cardset = standard52()
    renderer = CardRenderer(cardset)
    spec = cardset.by_code()["H10"]
    assert renderer.face(spec, 200) is renderer.face(spec, 200)
    assert renderer.face(spec, 201) is not renderer.face(spec, 200)
    assert renderer.back(200) is renderer.back(200)


def test_the_cache_is_bounded() -> None:
    cardset = standard52()
    renderer = CardRenderer(cardset, max_cached=5)
    for spec in cardset.cards[:10]:
        renderer.face(spec, 40)
    assert len(renderer._cache) == 5


@pytest.mark.parametrize("width", [120, 600])
def test_the_back_is_a_pattern(width: int) -> None:
    back = CardRenderer(standard52()).back(width)
    assert back.get_size() == (width, card_height(width))
    assert _distinct_colours(back) > 20


def test_sets_with_other_templates_fall_back_to_the_generic_face() -> None:
    cardset = standard52(template="runeworks_card")
    spec = CardSpec(
        code="G1",
        name=Text(ja="星の歯車", en="Gear of Stars"),
        fields={"cost": 3, "points": 2, "text": {"ja": "山札から二枚引く。", "en": "Draw two cards."}},
    )
    renderer = CardRenderer(cardset)
    for width in (120, 400):
        face = renderer.face(spec, width)
        assert face.get_size() == (width, card_height(width))
        assert _distinct_colours(face) > 20
    bare = CardSpec(code="Z", name=Text(ja="名無し"))
    assert renderer.face(bare, 100).get_size() == (100, card_height(100))


# --- sounds --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sound.SOUND_NAMES)
def test_generated_sounds_have_their_lengths(name: str) -> None:
    with wave.open(io.BytesIO(sound.wav_bytes(name))) as wav:
        assert wav.getnchannels() == 1 and wav.getsampwidth() == 2
        assert wav.getframerate() == sound.RATE
        seconds = wav.getnframes() / wav.getframerate()
        frames = wav.readframes(wav.getnframes())
    assert seconds == pytest.approx(sound.DURATIONS[name], abs=0.001)
    samples = memoryview(frames).cast("h")
    assert max(abs(s) for s in samples) > 3000  # audible
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200  # faded, no click at either end


def test_sounds_are_the_same_every_run() -> None:
    assert sound.synthesize("shuffle") == sound.synthesize("shuffle")


def test_write_wavs_writes_every_sound(tmp_path) -> None:
    written = sound.write_wavs(tmp_path / "wavs")
    assert sorted(p.stem for p in written) == sorted(sound.SOUND_NAMES)
    for path in written:
        with wave.open(str(path)) as wav:
            assert wav.getnframes() > 0


def test_the_bank_opens_under_the_dummy_audio_driver() -> None:
    bank = sound.open_sound_bank(0.5, False)
    try:
        bank.preload()
        for name in sound.SOUND_NAMES:
            bank.play(name)
        bank.play("no-such-sound")  # a scene asking for a missing sound must not stop the game
        bank.set_volume(3)
        assert bank.volume == 1.0
        bank.set_muted(True)
        assert bank.muted
    finally:
        pygame.mixer.quit()


def test_a_silent_bank_stands_in_when_the_mixer_cannot_start(monkeypatch) -> None:
    def broken_init(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    bank = sound.open_sound_bank(0.7, False)
    assert isinstance(bank, sound.SilentBank)
    bank.preload()
    bank.play("shuffle")
    bank.play("no-such-sound")
    bank.set_volume(-1)
    assert bank.volume == 0.0
    assert bank.toggle_mute() is True and bank.muted
    bank.set_muted(False)
    assert not bank.muted
    assert sound.SilentBank().volume == 0.8  # constructible with no arguments, as the app does


class FakeSound:
    def __init__(self) -> None:
        self.plays = 0
        self.volume: float | None = None

    def play(self) -> None:
        self.plays += 1

    def set_volume(self, value: float) -> None:
        self.volume = value


def test_muting_silences_the_bank_and_the_volume_reaches_the_sound() -> None:
    fakes = {name: FakeSound() for name in sound.SOUND_NAMES}
    bank = sound.SoundBank(0.4, False, sounds=fakes)  # type: ignore[arg-type]
    bank.play("click")
    assert fakes["click"].plays == 1 and fakes["click"].volume == 0.4
    bank.set_muted(True)
    bank.play("click")
    assert fakes["click"].plays == 1
    bank.set_muted(False)
    bank.set_volume(0.9)
    bank.play("dice")
    assert fakes["dice"].volume == 0.9
    bank.set_volume(0)
    bank.play("dice")
    assert fakes["dice"].plays == 1
