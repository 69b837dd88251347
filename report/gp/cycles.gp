# Where the modelled cycles go, per 1000 messages and kernel (the cost
# model's parts: emulated-cycles.csv, kind part; a model, not a
# measurement). Variables: dat (label, then lib/rundir.sh's CYCLE_PARTS in
# their order, in millions), title_text.
load dir."/common.gp"
set ylabel "modelled cycles per 1000 messages (millions)"
set xlabel "kernel"
set yrange [0:*]
set style data histograms
set style histogram rowstacked
set boxwidth 0.6
set key outside right top vertical Left noreverse
plot dat using 2:xticlabels(1) title "base (instructions x CPI)" lc rgb "#9a9a9a", \
     "" using 3 title "L2 hits" lc rgb "#4878a8", \
     "" using 4 title "memory" lc rgb "#e0a030", \
     "" using 5 title "transfers, same die" lc rgb "#c03030", \
     "" using 6 title "transfers, other die" lc rgb "#803070", \
     "" using 7 title "transfers, other socket" lc rgb "#303030"
