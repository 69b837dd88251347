# shellcheck shell=sh
hackbench -g 4 -l 50 >/dev/null 2>&1
sbmark run hackbench -g 10 -l 150 >hb1.txt 2>&1
sbmark run hackbench -g 10 -l 150 >hb2.txt 2>&1
sbmark run hackbench -g 10 -l 150 >hb3.txt 2>&1
sbmark run hackbench -g 10 -l 150 >hb4.txt 2>&1
