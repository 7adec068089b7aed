"""The double-click app (packaging/): what the PyInstaller spec bundles, the icons, the Linux menu entry
and its installer, CI's build step, and, when a built bundle is named, the bundle itself.

The checks of a built bundle run only with `CARDTABLE_BUNDLE=dist/cardtable` (.ci/run sets it after
`python packaging/build.py`), so a stale dist/ on a developer's machine never fails the suite.
"""

from __future__ import annotations

import configparser
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
sys.path.insert(0, str(PACKAGING))

import bundle_data  # noqa: E402
import install_linux  # noqa: E402
import make_icon  # noqa: E402

BUNDLE = os.environ.get("CARDTABLE_BUNDLE")
needs_bundle = pytest.mark.skipif(
    not BUNDLE, reason="set CARDTABLE_BUNDLE=dist/cardtable after python packaging/build.py (.ci/run does)"
)


def _data_files(folder: Path) -> list[Path]:
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
    )


# -- what the spec bundles ---------------------------------------------------------------------------
def test_spec_datas_cover_every_file_in_cards_and_sprites() -> None:
    datas = {Path(src).resolve(): dest for src, dest in bundle_data.own_datas()}
    for folder, dest_root in ((ROOT / "cards", "cardtable/_cards"), (ROOT / "sprites", "cardtable/_sprites")):
        for path in _data_files(folder):
            expected = Path(dest_root, path.relative_to(folder).parent).as_posix()
            assert datas.get(path.resolve()) == expected, f"{path} is not bundled at {expected}"


def test_spec_datas_carry_the_rules_texts_and_the_font_licence() -> None:
    datas = {Path(src).resolve(): dest for src, dest in bundle_data.own_datas()}
    rules = sorted((ROOT / "cardtable" / "games").glob("*/rules.*.md"))
    assert rules
    for path in rules:
        assert datas.get(path.resolve()) == f"cardtable/games/{path.parent.name}"
    assert datas.get((ROOT / "cardtable" / "ui" / "fonts_LICENSE-OFL.txt").resolve()) == "cardtable/ui"
    assert not any(src.suffix == ".py" for src in datas)


def test_spec_is_one_folder_windowed_and_uses_the_shared_data_list() -> None:
    spec = (PACKAGING / "cardtable.spec").read_bytes().decode("utf-8")
    for needle in (
        "bundle_data.own_datas() + bundle_data.third_party_datas()",
        "exclude_binaries=True",
        "COLLECT(",
        "console=False",
        "launch.py",
        'collect_submodules("cardtable")',
        "bundle_data.MAPPED_PACKAGES",
    ):
        assert needle in spec
    assert set(bundle_data.THIRD_PARTY_DATA) >= {"noto_cjk_sans_jp_regular", "jsonschema_specifications"}
    assert "pygame" not in bundle_data.EXCLUDES and "yaml" not in bundle_data.EXCLUDES
    # the Balance lab draws with matplotlib (and so numpy): both ship, its Agg backend named
    assert "matplotlib" not in bundle_data.EXCLUDES and "numpy" not in bundle_data.EXCLUDES
    assert "matplotlib.backends.backend_agg" in spec


def test_third_party_datas_bring_the_font_and_the_draft7_metaschema() -> None:
    pytest.importorskip("PyInstaller", reason="PyInstaller is installed by packaging/build.py")
    found = {(Path(src).name, Path(dest).as_posix()) for src, dest in bundle_data.third_party_datas()}
    assert ("NotoSansCJKjp-Regular.otf", "noto_cjk_sans_jp_regular") in found
    assert ("metaschema.json", "jsonschema_specifications/schemas/draft7") in found


def test_launcher_calls_the_cli_after_freeze_support() -> None:
    text = (PACKAGING / "launch.py").read_bytes().decode("utf-8")
    assert text.index("freeze_support()") < text.index("from cardtable.cli import main")


# -- icons -------------------------------------------------------------------------------------------
def test_icon_pngs_exist_at_every_size() -> None:
    for size in make_icon.PNG_SIZES:
        image = pygame.image.load(str(PACKAGING / "icons" / f"cardtable-{size}.png"))
        assert image.get_size() == (size, size)
    window = pygame.image.load(str(ROOT / "sprites" / "icon.png"))
    assert window.get_size() == (make_icon.WINDOW_ICON_SIZE,) * 2


def test_committed_icons_are_what_make_icon_draws() -> None:
    pygame.display.init()
    drawn = make_icon.draw_icon(48)
    stored = pygame.image.load(str(PACKAGING / "icons" / "cardtable-48.png"))
    worst = max(
        abs(a - b)
        for a, b in zip(
            pygame.image.tobytes(drawn, "RGBA"), pygame.image.tobytes(stored, "RGBA"), strict=True
        )
    )
    assert worst <= 3, "run python packaging/make_icon.py and commit packaging/icons/"


def test_ico_holds_png_entries_from_16_to_256() -> None:
    data = (PACKAGING / "icons" / "cardtable.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(make_icon.ICO_SIZES))
    sizes = []
    for index in range(count):
        width, _, _, _, _, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * index)
        assert bits == 32 and data[offset : offset + 8] == b"\x89PNG\r\n\x1a\n"
        assert offset + length <= len(data)
        sizes.append(width or 256)
    assert sizes == list(make_icon.ICO_SIZES)


def test_icns_chunks_are_consistent_and_reach_1024() -> None:
    data = (PACKAGING / "icons" / "cardtable.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    position, kinds = 8, []
    while position < len(data):
        kind, length = data[position : position + 4], struct.unpack_from(">I", data, position + 4)[0]
        if kind != b"TOC ":
            assert data[position + 8 : position + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.append(kind)
        position += length
    assert position == len(data)
    assert kinds[0] == b"TOC " and b"ic10" in kinds and b"icp4" in kinds


# -- Linux menu entry ---------------------------------------------------------------------------------
def _desktop_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(path.read_bytes().decode("utf-8"))
    return parser["Desktop Entry"]


def test_desktop_file_matches_the_window_class() -> None:
    from cardtable.ui.app import WM_CLASS

    entry = _desktop_entry(install_linux.DESKTOP_TEMPLATE)
    assert entry["Version"] == "1.0" and entry["Type"] == "Application"
    assert {"Game", "CardGame"} <= set(entry["Categories"].strip(";").split(";"))
    assert entry["StartupWMClass"] == WM_CLASS
    assert entry["Icon"] == "cardtable" and entry["Terminal"] == "false"


def _fake_bundle(folder: Path) -> Path:
    bundle = folder / "dist with space" / "cardtable"
    (bundle / "_internal").mkdir(parents=True)
    (bundle / "cardtable").write_bytes(b"#!/bin/sh\n")
    (bundle / "cardtable").chmod(0o755)
    return bundle


def test_install_linux_puts_entry_and_icons_under_xdg_data_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    desktop = install_linux.install(_fake_bundle(tmp_path))
    base = tmp_path / "share"
    assert desktop == base / "applications" / "cardtable.desktop"
    entry = _desktop_entry(desktop)
    copied = base / "cardtable" / "app" / "cardtable"
    assert copied.is_file() and entry["TryExec"] == str(copied) and entry["Exec"] == str(copied)
    for size in install_linux.HICOLOR_SIZES:
        icon = base / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "cardtable.png"
        assert pygame.image.load(str(icon)).get_size() == (size, size)
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr
    install_linux.uninstall()
    assert not desktop.exists() and not copied.exists()


def test_install_in_place_quotes_a_path_with_spaces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    bundle = _fake_bundle(tmp_path)
    entry = _desktop_entry(install_linux.install(bundle, in_place=True))
    assert entry["Exec"] == f'"{bundle / "cardtable"}"'
    assert install_linux.desktop_quote(Path("/a/b$c/100%")) == '"/a/b\\\\$c/100%%"'


def test_relative_xdg_data_home_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")
    assert install_linux.data_home() == Path.home() / ".local" / "share"


# -- CI -----------------------------------------------------------------------------------------------
def test_ci_builds_the_bundle_after_the_tests_and_checks_it() -> None:
    lines = (ROOT / ".ci" / "run").read_bytes().decode("utf-8").splitlines()
    test_line = next(i for i, line in enumerate(lines) if line.startswith("python3 -m venv .venv"))
    build_line = next(i for i, line in enumerate(lines) if "packaging/build.py" in line)
    smoke_line = next(i for i, line in enumerate(lines) if "dist/cardtable/cardtable --smoke-test" in line)
    bundle_tests = next(i for i, line in enumerate(lines) if "CARDTABLE_BUNDLE=" in line and "pytest" in line)
    assert test_line < build_line < smoke_line and build_line < bundle_tests
    assert "SDL_VIDEODRIVER=dummy" in lines[smoke_line] and "CARDTABLE_HOME=" in lines[smoke_line]


# -- the built bundle (CARDTABLE_BUNDLE) ---------------------------------------------------------------
def _run_bundle(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    assert BUNDLE
    executable = Path(BUNDLE).resolve() / ("cardtable.exe" if os.name == "nt" else "cardtable")
    env = dict(os.environ, CARDTABLE_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    # Run from an empty folder: the bundle must find its data without the source tree.
    return subprocess.run(
        [str(executable), *args], capture_output=True, text=True, env=env, cwd=home, timeout=300
    )


@needs_bundle
def test_bundle_validates_every_card_set_from_inside_itself(tmp_path: Path) -> None:
    result = _run_bundle("validate", home=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    listed = [
        Path(line.removeprefix("ok: "))
        for line in result.stdout.splitlines()
        if line.startswith("ok: ") and line.endswith(".yaml")
    ]
    # the card sets and the data games (cards/games/): validate reads both, from inside the bundle
    bundled = [*(ROOT / "cards").glob("*.yaml"), *(ROOT / "cards" / "games").glob("*.yaml")]
    assert sorted(p.name for p in listed) == sorted(p.name for p in bundled)
    inside = Path(BUNDLE or "").resolve()
    assert all(p.resolve().is_relative_to(inside) for p in listed), listed


@needs_bundle
def test_bundle_exports_a_print_and_play_pdf(tmp_path: Path) -> None:
    result = _run_bundle(
        "export", "sainome", "--pdf", "x.pdf", "--cards", "SS", "--paper", "a4", home=tmp_path
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF")


@needs_bundle
def test_bundle_carries_the_font_its_licence_and_the_metaschemas() -> None:
    root = Path(BUNDLE or "").resolve()
    files = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}
    for suffix in (
        "noto_cjk_sans_jp_regular/NotoSansCJKjp-Regular.otf",
        "cardtable/ui/fonts_LICENSE-OFL.txt",
        "jsonschema_specifications/schemas/draft7/metaschema.json",
        "cardtable/_sprites/icon.png",
    ):
        assert any(f.endswith(suffix) for f in files), suffix
    for rules in (ROOT / "cardtable" / "games").glob("*/rules.*.md"):
        wanted = f"cardtable/games/{rules.parent.name}/{rules.name}"
        assert any(f.endswith(wanted) for f in files), wanted


@needs_bundle
def test_bundle_version_names_libraries_folders_and_licences(tmp_path: Path) -> None:
    from cardtable import __version__

    result = _run_bundle("--version", home=tmp_path)
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert (
        first.startswith(f"cardtable {__version__} (pygame-ce ") and "SDL" in first and "(built app)" in first
    )
    for needle in (str(tmp_path / "saves"), str(tmp_path / "logs"), "Open Font License", "LGPL"):
        assert needle in result.stdout


@needs_bundle
def test_bundle_simulates_with_worker_processes(tmp_path: Path) -> None:
    result = _run_bundle("simulate", "runeworks", "--games", "4", "--jobs", "2", "--json", home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert '"games": 4' in result.stdout


@needs_bundle
def test_bundle_writes_a_balance_report_with_plots(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = _run_bundle(
        "report", "runeworks", "--games", "3", "--jobs", "2", "--out", str(out), home=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert (out / "report.json").is_file() and (out / "report.html").is_file()
    assert (out / "cards.png").read_bytes()[:4] == b"\x89PNG"


@needs_bundle
def test_bundle_draws_the_first_menu_frame_and_logs_to_the_user_folder(tmp_path: Path) -> None:
    result = _run_bundle("--first-frame", home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "first frame drawn at" in result.stdout
    log = (tmp_path / "logs" / "cardtable.log").read_bytes().decode("utf-8")
    assert "(built app)" in log and "first scene after" in log
