# Chart 7: how the regression's mechanism grows with the machine: one
# kernel against the baseline at each vCPU count, per message: add_partial
# calls, allocations from the partial list, objects per partial-list visit
# (SLUB statistics, paired by round, 95% CI), the emulated instructions
# and cache-line transfers and the modelled cycles (a run with a machine
# model; ratio of geometric means, 95% CI from 3 boots, else range).
# Variables: dat (a block per metric, "vcpus ratio lo hi", first line of
# each block the metric's name in quotes), n (metrics), title_text.
load dir."/common.gp"
set ylabel "kernel / baseline, per message"
set xlabel "vCPUs"
set logscale x 2
set logscale y 2
set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
set key top left
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead lc rgb "#888888" dt 2
# each metric a little to the side of the others, so that the bars show
plot for [i=0:n-1] dat index i using ($1 * 2 ** ((i - (n - 1) / 2.0) * 0.04)):2:3:4 with yerrorlines lw 2 pt 7 title columnheader(1)
