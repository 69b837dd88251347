#!/usr/bin/env bash
# The bench command that makes a run's plan again, for the report's
# "Reproduce:" line: rebuilt from the run's plan.json, every setting checked
# as --resume checks it (bench/runopts.sh), never copied from the command
# the run recorded. A variant's patch is named PATCH: it is never taken
# from a run directory.
#
# Usage: bench/plan-command.sh RUN_DIR
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/rundir.sh
. "$SLUBBENCH_TOP/lib/rundir.sh"
# shellcheck source=bench/runopts.sh
. "$SLUBBENCH_TOP/bench/runopts.sh"
[ $# -eq 1 ] || die "usage: bench/plan-command.sh RUN_DIR"
d=${1%/}
id=$(basename "$d")
[[ "$id" =~ $NAME_RE ]] || die "'$id' is not a valid run id ($NAME_RE)"
[ -f "$d/plan.json" ] && [ ! -L "$d/plan.json" ] || die "$d has no plan.json: the command that made it is not known"
load_plan "$d/plan.json"
plan_command "$id"
