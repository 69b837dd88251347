# Chart 1: hackbench time per kernel, main configuration: box from the
# first to the third quartile, whiskers to min and max, a line at the
# median, and every run as a point.
# Variables: dat (summary: i label min q1 median q3 max), pts (i seconds),
# title_text, fmt, out.
load dir."/common.gp"
set ylabel "hackbench time (s), lower is better"
set xlabel "kernel"
set yrange [0:*]
set xrange [0.4:*]
set boxwidth 0.5
stats dat using 1 nooutput
set xrange [0.4:STATS_max + 0.6]
plot dat using 1:4:3:7:6:xticlabels(2) with candlesticks whiskerbars 0.5 lc rgb "#4878a8" title "quartiles, min-max", \
     dat using 1:5:5:5:5 with candlesticks lc rgb "#000000" lw 2 notitle, \
     pts using 1:2 with points pt 7 ps 0.7 lc rgb "#c03030" title "each run"
