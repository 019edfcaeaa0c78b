#!/usr/bin/env bash
# The action's lint step, from the INPUT_* variables action.yml sets.
# It never fails itself: the exit code goes to the step's outputs (and the
# action's last step), so the SARIF report is uploaded first.
#
# Every input is checked before use: a value that must be one line (a path,
# a name, a level) may not hold a newline, and the outputs are written in
# GitHub's `name<<DELIMITER` form with a random delimiter, so no input can
# add a line of its own to $GITHUB_OUTPUT.
set -uo pipefail
bin="${POD_RESOURCES:-pod-resources}"
format="${INPUT_FORMAT:-sarif}"
out="${GITHUB_OUTPUT:-/dev/null}"

refuse() {
    echo "::error title=pod-resources::$1"
    {
        echo "exit-code=2"
        echo "report="
    } >>"$out"
    exit 0
}

one_line() {  # name value
    case "$2" in
        *$'\n'* | *$'\r'*) refuse "the $1 input must be one line" ;;
    esac
}

one_line node "${INPUT_NODE:-}"
one_line config "${INPUT_CONFIG:-}"
one_line output "${INPUT_OUTPUT:-}"
one_line baseline "${INPUT_BASELINE:-}"
case "${INPUT_NEW_FROM_REV:-}" in
    -*) refuse "new-from-rev must be a git revision, not an option" ;;
esac
one_line new-from-rev "${INPUT_NEW_FROM_REV:-}"
case "${INPUT_FAIL_ON:-}" in
    "" | error | warning | info | none) ;;
    *) refuse "fail-on must be error, warning, info or none" ;;
esac
case "$format" in
    text | json | sarif | github | junit | gitlab) ;;
    *) refuse "format must be text, json, sarif, github, junit or gitlab" ;;
esac

paths=()
if [[ "${INPUT_PATHS:-.}" == *$'\n'* ]]; then  # one path a line
    while IFS= read -r line; do
        line="${line%$'\r'}"
        line="${line#"${line%%[![:space:]]*}"}"; line="${line%"${line##*[![:space:]]}"}"
        [ -n "$line" ] && paths+=("$line")
    done <<<"$INPUT_PATHS"
else
    read -r -a paths <<<"${INPUT_PATHS:-.}"
fi
[ "${#paths[@]}" -eq 0 ] && paths=(.)

args=(lint --format "$format")
[ -n "${INPUT_NODE:-}" ] && args+=(--node "$INPUT_NODE")
[ -n "${INPUT_CONFIG:-}" ] && args+=(--config "$INPUT_CONFIG")
[ -n "${INPUT_FAIL_ON:-}" ] && args+=(--fail-on "$INPUT_FAIL_ON")
[ -n "${INPUT_BASELINE:-}" ] && args+=(--baseline "$INPUT_BASELINE")
[ -n "${INPUT_NEW_FROM_REV:-}" ] && args+=(--new-from-rev "$INPUT_NEW_FROM_REV")
report=""
case "$format" in
    sarif | gitlab | junit | json)
        report="${INPUT_OUTPUT:-pod-resources.$format}"
        args+=(--output-file "$report")
        ;;
esac
if [ -n "${INPUT_ARGS:-}" ]; then
    read -r -a extra <<<"$INPUT_ARGS"
    args+=("${extra[@]}")
fi
args+=(--)
args+=("${paths[@]}")

"$bin" "${args[@]}"
code=$?
if [ -n "$report" ] && [ ! -f "$report" ]; then
    report=""  # the run stopped before writing it (exit 2)
fi
delimiter="pod-resources-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
{
    printf 'exit-code<<%s\n%s\n%s\n' "$delimiter" "$code" "$delimiter"
    printf 'report<<%s\n%s\n%s\n' "$delimiter" "$report" "$delimiter"
} >>"$out"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    case $code in
        0) echo "pod-resources lint: no findings at or above the failure threshold." ;;
        1) echo "pod-resources lint: findings at or above the failure threshold (see the report)." ;;
        *) echo "pod-resources lint could not run (exit $code); see the log." ;;
    esac >>"$GITHUB_STEP_SUMMARY"
fi
exit 0
