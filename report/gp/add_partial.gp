# Chart 3: add_partial() calls per 1000 hackbench messages, insertions at
# the head and at the tail stacked (slub:add_partial counted by perf stat).
# Variables: dat (label head tail), title_text.
load dir."/common.gp"
set ylabel "add_partial per 1000 messages"
set xlabel "kernel"
set yrange [0:*]
set style data histograms
set style histogram rowstacked
set boxwidth 0.6
set key top right
plot dat using 2:xticlabels(1) title "at the head" lc rgb "#c03030", \
     "" using 3 title "at the tail" lc rgb "#4878a8"
