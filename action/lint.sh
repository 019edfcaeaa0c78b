#!/usr/bin/env bash
# The action's lint step, from the INPUT_* variables action.yml sets.
# It never fails itself: the exit code goes to the step's outputs (and the
# action's last step), so the SARIF report is uploaded first.
set -uo pipefail
bin="${POD_RESOURCES:-pod-resources}"
format="${INPUT_FORMAT:-sarif}"
out="${GITHUB_OUTPUT:-/dev/null}"

paths=()
if [[ "${INPUT_PATHS:-.}" == *$'\n'* ]]; then  # one path a line
    while IFS= read -r line; do
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
{
    echo "exit-code=$code"
    echo "report=$report"
} >>"$out"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    case $code in
        0) echo "pod-resources lint: no findings at or above the failure threshold." ;;
        1) echo "pod-resources lint: findings at or above the failure threshold (see ${report:-the log})." ;;
        *) echo "pod-resources lint could not run (exit $code); see the log." ;;
    esac >>"$GITHUB_STEP_SUMMARY"
fi
exit 0
