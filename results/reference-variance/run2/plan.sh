# shellcheck shell=bash disable=SC2034,SC2086 # as it ran, before variance.sh wrote a clean plan
TIMEFORMAT=%R
hackbench -g 4 -l 50 >/dev/null 2>&1
{ time { for i in $(seq "$(nproc)"); do sbmark loop 400000000 & done; wait; }; } 2>cal-loop.txt
echo "Time: $(cat cal-loop.txt)" >cal-loop.txt
hackbench -p -g 10 -l 150 >cal-pipe.txt 2>&1
for r in $(seq 3); do hackbench -g 10 -l 150 >run$r.txt 2>&1; done
