#!/usr/bin/env bash
# The action's install step: this checkout of pod-resources in a virtual
# environment of its own (under RUNNER_TEMP), with the dependency versions
# the project tests (constraints.txt); its bin directory goes on GITHUB_PATH.
#
# The repository being linted is untrusted (a pull request controls every
# file in it), so nothing here runs from it: the step works in the action's
# own directory, and every Python runs isolated (-I: neither the working
# directory nor PYTHON* variables on the module path), so a `venv/` or
# `pip/` package in the checkout is never imported.
set -euo pipefail
python="${INPUT_PYTHON:-python3}"
here="${ACTION_PATH:?ACTION_PATH is not set}"
venv="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/pod-resources-venv"
case "$python" in
    *$'\n'* | *$'\r'* | '')
        echo "::error title=pod-resources::the python input must be one command name or path"
        exit 2
        ;;
esac
cd "$here"
"$python" -I -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
    echo "::error title=pod-resources::$python is older than Python 3.11; set the action's python input (or run actions/setup-python first)"
    exit 2
}
"$python" -I -m venv --clear "$venv"
PIP_CONSTRAINT="$here/constraints.txt" "$venv/bin/python" -I -m pip install -q --disable-pip-version-check "$here"
if [ -n "${GITHUB_PATH:-}" ]; then
    echo "$venv/bin" >>"$GITHUB_PATH"
fi
"$venv/bin/pod-resources" --version
