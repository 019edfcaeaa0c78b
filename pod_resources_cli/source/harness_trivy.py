"""Go tests that run Trivy's configuration scanner on the files they name.

Trivy's ``config`` command (alias ``conf``) scans a directory's
infrastructure-as-code files for misconfigurations: it reads them and
evaluates its checks, it never sends anything to a cluster. A Go test that
runs it on a directory of its project hands those files to a scanner, so
they are the scan's inputs, never applied, also when the test lives in an
``integration`` tree or carries that build tag (which harness_gotest.py
otherwise reads as a test against a cluster):
aquasecurity/trivy-checks @80e5382269707262f35cf893bdc0805cb72217e9
``integration/custom_checks_test.go`` (``//go:build integration``)
``TestCustomChecks`` mounts ``filepath.Abs("../examples")`` into the
``aquasec/trivy`` image (``testcontainer.RunTrivy``,
integration/testcontainer/trivy.go) and runs ``[]string{"conf", ".",
..., "--config-check", "."}`` in each ``examples/<dir>``, expecting its
custom check to report (``examples/kubernetes/deployment.yaml``, a
BestEffort Deployment the check ``USR-KUBE-0001`` denies).

A test file is such a scan when it runs Trivy, by its container image (a
literal ``"aquasec/trivy...``) or as a program
(``exec.Command("trivy", ...)``), with a ``[]string`` whose first word is
``conf`` or ``config`` (the command line it passes) and that takes its
checks from the directory it scans (``"--config-check", "."``; the older
``--config-policy`` and ``--policy``): the test is the checks' test, and
the files beside them are their inputs. A scan with the project's usual
checks, of a directory without checks of its own, is a security gate on
manifests that may well be deployed (``trivy conf ../deploy``), and names
nothing. The paths such a test names are read by harness_gotest.py's rules,
without the test-like name those rules ask of a fixture (the scanned
directory is named for what it holds: ``examples``); of a directory named,
only the files of its directories holding ``.rego`` checks (three levels
down) are the scan's inputs. A test of its package that reaches ``kubectl
apply`` still sends what it names to a cluster (harness_gotest.py).
"""

from __future__ import annotations

import os
import re
from typing import Final

from pod_resources_cli.source.listing import listing, subdirectories

# Trivy as a container image or as a program the test runs
_TRIVY: Final = re.compile(r'"aquasec/trivy[:@"]|\bexec\.Command(?:Context)?\((?:\s*\w+\s*,)?\s*"trivy"')
# ... and the command line of its config scan: a string slice whose first word is the subcommand, with the checks
# taken from the directory scanned
# (``\[\]string\s*\{\s*"(conf|config)"\s*,[^}]*?"--(?:config-check|config-policy|policy)"\s*,\s*"\."``, searched, tried
# every ``[]string{"conf",`` to the next ``}``: quadratic in a file of them; config_scan reads each piece once)
_SCAN_HEAD: Final = re.compile(r'\[\]string\s*\{\s*"(conf|config)"\s*,')
_SCAN_CHECKS: Final = re.compile(r'"--(?:config-check|config-policy|policy)"\s*,\s*"\."')
_CHECKS: Final = ".rego"


def trivy_config_scan(text: str) -> str | None:
    """How a Go test file (``text``) runs Trivy's configuration scanner (``trivy conf``), or None."""
    if "trivy" not in text:
        return None
    scan = config_scan(text)
    if scan is None or _TRIVY.search(text) is None:
        return None
    return f"Trivy's configuration scanner (trivy {scan}) and the checks beside it"


def config_scan(text: str) -> str | None:
    """The command (``conf`` or ``config``) of the first ``[]string{"conf", ...`` that passes ``"--config-check",
    "."`` before its ``}``. The next ``}`` and the next such option are kept while the lists go forward."""
    close = checks = -1  # the next } and option at or after the last place asked (-1: not asked; len(text): none)
    for head in _SCAN_HEAD.finditer(text):
        after = head.end()
        if close < after:
            found = text.find("}", after)
            close = len(text) if found < 0 else found
        if checks < after:
            option = _SCAN_CHECKS.search(text, after)
            checks = len(text) + 1 if option is None else option.start()
            if option is None:
                return None  # no option after this list: none after a later one
        if checks < close:
            return head[1]
    return None


def check_directories(directory: str, depth: int) -> list[str]:
    """``directory`` and its subdirectories down to ``depth`` levels (not through links) that hold ``.rego`` checks."""
    found: list[str] = []
    level = [directory]
    for _ in range(depth + 1):
        found.extend(d for d in level if any(n.endswith(_CHECKS) for n in listing(d).names))
        level = [os.path.join(d, n) for d in level for n in subdirectories(d)]
    return found
