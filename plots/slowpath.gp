# Chart 4: SLUB slow-path counters per 1000 hackbench messages, all caches
# (SLUB statistics of the timed runs, median over rounds).
# Variables: dat (label alloc_from_partial alloc_slowpath free_add_partial), title_text.
load dir."/common.gp"
set title title_text
set ylabel "events per 1000 messages"
set xlabel "kernel"
set yrange [0:*]
set style data histograms
set style histogram clustered gap 1
set boxwidth 0.9
set key top right
plot dat using 2:xticlabels(1) title "alloc\\_from\\_partial" lc rgb "#4878a8", \
     "" using 3 title "alloc\\_slowpath" lc rgb "#e0a030", \
     "" using 4 title "free\\_add\\_partial" lc rgb "#c03030"
