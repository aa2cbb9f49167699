"""The pysolver wheel the app ships: the same bytes from the same sources, and the
bytecode of every module for Pyodide's Python when this machine has that version."""
import io
import subprocess
import zipfile

import pytest

import build


def entries(wheel: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(wheel)) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def test_the_wheel_is_the_same_bytes_each_build():
    # (the service worker fetches the wheel again only when its bytes change)
    assert build.build_wheel() == build.build_wheel()


def test_every_module_has_unchecked_bytecode_for_pyodides_python():
    py = build.python_like_pyodide()
    if py is None:
        pytest.skip(f"no Python {build.PINS['info']['python']} on this machine")
    files = entries(build.build_wheel()[1])
    sources = {n for n in files if n.endswith(".py")}
    magic = subprocess.run([py, "-c", "import importlib.util, sys; sys.stdout.buffer.write(importlib.util.MAGIC_NUMBER)"],
                           capture_output=True, check=True).stdout
    tag = "cpython-" + "".join(build.PINS["info"]["python"].split(".")[:2])
    expected = {f"{s.rsplit('/', 1)[0]}/__pycache__/{s.rsplit('/', 1)[1][:-3]}.{tag}.pyc" for s in sources}
    pycs = {n for n in files if n.endswith(".pyc")}
    assert pycs == expected
    for name in pycs:
        head = files[name][:8]
        # PEP 552: the version's magic number, then flags 0b01 (a source hash, never checked)
        assert head[:4] == magic and int.from_bytes(head[4:8], "little") == 1, name
