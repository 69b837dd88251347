# Chart 5: every timed boot of the main configuration in the order the
# boots ran, as its time's difference from its kernel's geometric mean:
# a trend is drift (the machine got faster or slower during the run).
# Variables: dat (blocks per kernel, "boot_number percent", first line the
# kernel's name in quotes), n (kernels), title_text.
load dir."/common.gp"
set ylabel "difference from the kernel's geometric mean (%)"
set xlabel "timed boot, in run order"
set key top right
set arrow 1 from graph 0, first 0 to graph 1, first 0 nohead lc rgb "#888888" dt 2
plot for [i=0:n-1] dat index i using 1:2 with points pt 7 ps 0.8 title columnheader(1)
