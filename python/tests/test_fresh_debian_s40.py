"""What a fresh, minimal Debian 12 lacks: the README's set-up must bring everything the
tests run.

Found by running the README's commands in a `debootstrap --variant=minbase bookworm`
chroot (what the official debian:12 image is), with a clone copied in: setup.sh
installed the build's packages, but the tests also run commands of their own
(`git ls-files` in test_readme_claims_s40; `localedef` needs the `locales` package's
sources in test_determinism_s34), and a minimal system has neither git nor locales.
So every command a test starts is either in that minimal system or installed by
scripts/setup.sh; a new command fails here until it is placed in one or the other.
"""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Commands in `debootstrap --variant=minbase bookworm` (Debian's required packages:
# coreutils, dash, libc-bin, grep, ...), checked in that chroot with `command -v`.
MINBASE = {"sh", "bash", "env", "nproc", "ldd", "cat", "grep", "sed", "timeout", "sort", "head",
           "cut", "tr", "wc", "mkdir", "rm", "cp", "ln", "echo", "true", "false", "sleep", "kill"}

# Commands a minimal system lacks, and the Debian package of scripts/setup.sh that brings
# each (localedef itself is libc-bin's, but the locale sources it reads are `locales`').
PACKAGE_OF = {"git": "git", "localedef": "locales", "/usr/bin/python3": "python3-dev",
              "python3": "python3-dev", "cmake": "cmake", "ctest": "cmake", "ninja": "ninja-build",
              "pkg-config": "pkg-config"}

CALL = re.compile(r"\b(?:run|Popen|check_output|check_call|call)\(\s*\[\s*[\"']([^\"']+)[\"']")


def setup_packages():
    text = (ROOT / "scripts" / "setup.sh").read_text()
    body = re.search(r"^PACKAGES=\((.*?)^\)", text, re.S | re.M).group(1)
    return {word for line in body.splitlines() for word in line.split("#")[0].split()}


def commands_the_tests_start():
    found = {}
    for path in sorted((ROOT / "python" / "tests").glob("*.py")):
        for name in CALL.findall(path.read_text(encoding="utf-8")):
            found.setdefault(name, path.name)
    return found


def test_the_package_list_is_read():
    packages = setup_packages()
    assert {"build-essential", "cmake", "python3-pytest", "locales"} <= packages, packages


def test_the_scan_finds_the_commands_the_tests_are_known_to_start():
    found = commands_the_tests_start()
    assert {"git", "localedef", "ldd"} <= set(found), found


def test_every_command_a_test_starts_is_on_a_minimal_debian_or_installed_by_setup():
    packages = setup_packages()
    for name, where in commands_the_tests_start().items():
        if name in MINBASE:
            continue
        assert name in PACKAGE_OF, (
            f"{where} starts {name!r}, which this test does not know: if a minimal Debian 12 "
            f"(debootstrap --variant=minbase bookworm) has it, add it to MINBASE here; if not, "
            f"add its package to PACKAGES in scripts/setup.sh and to PACKAGE_OF here")
        assert PACKAGE_OF[name] in packages, (
            f"{where} starts {name!r}, which a minimal Debian 12 lacks: scripts/setup.sh must "
            f"install {PACKAGE_OF[name]}")
