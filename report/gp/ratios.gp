# Chart 2: each kernel's hackbench time against the baseline's, per group
# count: the ratio of geometric means paired by round, with the Holm-adjusted
# interval the report's verdicts come from; 1 is no difference.
# Variables: dat (blocks per kernel, "groups ratio ci_lo ci_hi", first line
# of each block the kernel's name in quotes), n (kernels), title_text.
load dir."/common.gp"
set ylabel "time / baseline's time (paired, Holm CI)"
set xlabel "groups (20 senders + 20 receivers each)"
set offsets 0.5, 0.5, 0.02, 0.02
set key top left
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead lc rgb "#888888" dt 2
plot for [i=0:n-1] dat index i using 1:2:3:4 with yerrorlines lw 2 pt 7 title columnheader(1)
