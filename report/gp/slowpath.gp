# Chart 4: SLUB slow-path counters per 1000 hackbench messages, all caches
# (SLUB statistics of the timed runs, median over rounds).
# Variables: dat (label alloc_from_partial alloc_slowpath free_add_partial), title_text.
load dir."/common.gp"
set ylabel "events per 1000 messages"
set xlabel "kernel"
set yrange [0:*]
set style data histograms
set style histogram clustered gap 1
set boxwidth 0.9
set key top right
plot dat using 2:xticlabels(1) title "alloc_from_partial" lc rgb "#4878a8", \
     "" using 3 title "alloc_slowpath" lc rgb "#e0a030", \
     "" using 4 title "free_add_partial" lc rgb "#c03030"
