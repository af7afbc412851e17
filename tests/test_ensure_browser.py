"""``make test`` sets up the browser tests itself (scripts/ensure-browser).

The script runs here with a PATH that holds only stub commands, so that the machine's own
Chromium is out of sight and nothing is installed: the stubs record how they were called
and the stub ``apt-get install`` puts stub ``chromium`` and ``chromedriver`` on the PATH,
as the real one does.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "ensure-browser"
SH = shutil.which("sh") or "/bin/sh"
CHMOD = shutil.which("chmod") or "/bin/chmod"


class Machine:
    """A directory of stub commands standing in for a machine's PATH."""

    def __init__(self, root: Path) -> None:
        self.bin = root / "bin"
        self.bin.mkdir()
        self.log = root / "calls.log"
        self.log.touch()
        env = shutil.which("env")
        assert env is not None
        (self.bin / "env").symlink_to(env)

    def stub(self, name: str, body: str = "") -> None:
        path = self.bin / name
        path.write_text(f'#!{SH}\necho "{name} $*" >> "{self.log}"\n{body}\n')
        path.chmod(0o755)

    def user(self, uid: int) -> None:
        self.stub("id", f"echo {uid}")

    def debian(self, install_works: bool = True) -> None:
        fake = f"printf '#!{SH}\\n' > {self.bin}/chromium; printf '#!{SH}\\n' > {self.bin}/chromedriver; "
        fake += f"{CHMOD} +x {self.bin}/chromium {self.bin}/chromedriver"
        install = fake if install_works else "exit 100"
        self.stub("apt-get", f'if [ "$1" = install ]; then {install}; fi')

    def run(self) -> subprocess.CompletedProcess[str]:
        return subprocess.run([SH, str(SCRIPT)], env={"PATH": str(self.bin)},
                              capture_output=True, text=True, timeout=30)

    def calls(self) -> list[str]:
        return self.log.read_text().splitlines()


@pytest.fixture
def machine(tmp_path: Path) -> Machine:
    return Machine(tmp_path)


def test_nothing_to_do_when_both_are_there(machine: Machine) -> None:
    machine.stub("chromium")
    machine.stub("chromedriver")
    machine.debian()
    machine.user(0)
    assert machine.run().returncode == 0
    assert machine.calls() == []


def test_root_on_debian_installs_the_packages(machine: Machine) -> None:
    machine.debian()
    machine.user(0)
    result = machine.run()
    assert result.returncode == 0, result.stderr
    assert machine.calls() == ["id -u", "apt-get update -qq",
                               "apt-get install -y -qq chromium chromium-driver"]
    assert "installing Debian's chromium chromium-driver" in result.stderr


def test_a_user_with_sudo_installs_through_sudo(machine: Machine) -> None:
    machine.debian()
    machine.user(1000)
    machine.stub("sudo", 'exec "$@"')
    result = machine.run()
    assert result.returncode == 0, result.stderr
    assert "sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver" \
        in machine.calls()
    assert (machine.bin / "chromedriver").exists()


def test_a_user_without_sudo_gets_the_command(machine: Machine) -> None:
    machine.debian()
    machine.user(1000)
    result = machine.run()
    assert result.returncode == 1
    assert "su -c 'apt-get install -y chromium chromium-driver'" in result.stderr
    assert not any(c.startswith("apt-get") for c in machine.calls())


def test_a_failed_install_fails(machine: Machine) -> None:
    machine.debian(install_works=False)
    machine.user(0)
    assert machine.run().returncode != 0


@pytest.mark.parametrize(("manager", "command"), [
    ("dnf", "sudo dnf install -y chromium chromedriver"),
    ("pacman", "sudo pacman -S --needed chromium"),
    (None, "so that 'chromium' and 'chromedriver' are on the PATH"),
])
def test_elsewhere_it_stops_with_the_command(machine: Machine, manager: str | None, command: str) -> None:
    if manager:
        machine.stub(manager)
    result = machine.run()
    assert result.returncode == 1
    assert command in result.stderr
    assert machine.calls() == []  # nothing was run, only looked up


def test_ci_runs_make_test_and_nothing_else() -> None:
    ci = (SCRIPT.parents[1] / ".ci" / "run").read_text()
    commands = [line.strip() for line in ci.splitlines()
                if line.strip() and not line.lstrip().startswith("#")]
    assert commands[-1] == "exec make test"
    assert not any(word in c.split() for c in commands for word in ("apt-get", "pip", "sudo"))
