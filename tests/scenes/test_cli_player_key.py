"""``--export-key`` and ``--import-key`` (scenes/cli.py): the player's key moves between
computers in one line each, and a file that is no key is said so, losing nothing."""

from __future__ import annotations

from scenes.cli import main


def test_a_key_exported_here_and_imported_there_is_the_same_player(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TAVOLATA_DATA_DIR", str(tmp_path / "here"))
    assert main(["--export-key", str(tmp_path / "moved.pem")]) == 0
    here = capsys.readouterr().out.splitlines()[-1]
    monkeypatch.setenv("TAVOLATA_DATA_DIR", str(tmp_path / "there"))
    assert main(["--import-key", str(tmp_path / "moved.pem")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == here          # "Fingerprint: ..."


def test_what_is_no_key_is_refused_in_one_line_and_the_key_stays(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TAVOLATA_DATA_DIR", str(tmp_path))
    assert main(["--export-key", str(tmp_path / "mine.pem")]) == 0
    (tmp_path / "junk").write_text("junk")
    assert main(["--import-key", str(tmp_path / "junk")]) == 2
    said = capsys.readouterr()
    assert "is not a player key" in said.err and len(said.err.splitlines()) == 1
    assert main(["--export-key", str(tmp_path / "again.pem")]) == 0
    assert (tmp_path / "again.pem").read_bytes() == (tmp_path / "mine.pem").read_bytes()
