"""The pysolver wheel the app ships: the same bytes from the same sources, and the
bytecode of every module for Pyodide's Python when this machine has that version."""
import io
import subprocess
import tempfile
import zipfile

import pytest

import build


def entries(wheel: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(wheel)) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def test_the_wheel_is_the_same_bytes_each_build():
    # (the service worker fetches the wheel again only when its bytes change)
    assert build.build_wheel() == build.build_wheel()


def test_every_module_is_unchecked_bytecode_for_pyodides_python():
    py = build.python_like_pyodide()
    if py is None:
        pytest.skip(f"no Python {build.PINS['info']['python']} on this machine")
    files = entries(build.build_wheel()[1])
    modules = {p.relative_to(build.ROOT).with_suffix(".pyc").as_posix()
               for p in (build.ROOT / "pysolver").rglob("*.py") if "__pycache__" not in p.parts}
    assert {n for n in files if n.endswith((".py", ".pyc"))} == modules      # (bytecode alone)
    magic = subprocess.run([py, "-c", "import importlib.util, sys; sys.stdout.buffer.write(importlib.util.MAGIC_NUMBER)"],
                           capture_output=True, check=True).stdout
    for name in modules:
        head = files[name][:8]
        # PEP 552: the version's magic number, then flags 0b01 (a source hash, never checked)
        assert head[:4] == magic and int.from_bytes(head[4:8], "little") == 1, name
    # the bytecode runs: the package imports from the wheel alone in that Python
    with tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(io.BytesIO(build.build_wheel()[1])) as zf:
            zf.extractall(tmp)
        out = subprocess.run([py, "-c", "import pysolver.webapi, json; print(json.loads(pysolver.webapi.handle("
                              "json.dumps({'cmd': 'families', 'args': {}})))['ok'])"],
                             cwd=tmp, capture_output=True, text=True, env={"PYTHONPATH": tmp, "PATH": "/usr/bin:/bin"})
        assert out.stdout.strip() == "True", out.stderr
